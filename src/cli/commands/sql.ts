import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { UsageError } from '../../errors.js';
import type { CliContext } from '../context.js';
import { formatCsv, formatTable } from '../table.js';

const READ_STATEMENTS = /^(select|with|show|explain|values|table)\b/i;

/** Refuse anything but one read statement before it reaches the database. */
export function assertReadOnlyQuery(query: string): string {
  const q = query.trim().replace(/;\s*$/, '');
  if (q === '') throw new UsageError('the query is empty');
  const stripped = q.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  if (stripped.includes(';')) throw new UsageError('one statement at a time: the query contains ";"');
  if (!READ_STATEMENTS.test(q.replace(/^\(+/, ''))) {
    const word = q.split(/\s+/)[0]!.toUpperCase();
    throw new UsageError(`dugout sql runs read-only queries; ${word} is refused`);
  }
  return q;
}

export function registerSql(program: Command, ctx: CliContext): void {
  program
    .command('sql')
    .description('run one read-only query against the configured database and print the rows')
    .argument('<query>', 'a SELECT (or WITH, SHOW, EXPLAIN, VALUES, TABLE) statement')
    .option('--csv', 'print CSV')
    .option('--json', 'print JSON (an array of row objects)')
    .action(async (query: string, opts: { csv?: boolean; json?: boolean }) => {
      const q = assertReadOnlyQuery(query);
      const database = await ctx.database({ migrate: true });
      const rows = await database.db.transaction(async (tx) => {
        // The transaction is read-only too, so a write hidden in a CTE or function fails.
        await tx.execute(sql`set transaction read only`);
        const result = (await tx.execute(sql.raw(q))) as unknown;
        return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, unknown>>;
      });
      if (opts.json) ctx.out(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2));
      else if (opts.csv) ctx.out(formatCsv(rows));
      else ctx.out(formatTable(rows));
    });
}
