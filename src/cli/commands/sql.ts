import { type Command, InvalidArgumentError } from 'commander';
import { schemaState } from '../../db/migrate.js';
import { READER_ROLE } from './reader-role.js';
import type { AppContext } from '../../app/context.js';
import { assertReadOnlyQuery } from '../sql-guard.js';
import { formatCsv, formatTable } from '../table.js';

export { assertReadOnlyQuery } from '../sql-guard.js';

function parseTimeout(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.1 || n > 3600)
    throw new InvalidArgumentError(`"${value}" is not a number of seconds from 0.1 to 3600`);
  return n;
}

export function registerSql(program: Command, ctx: AppContext): void {
  program
    .command('sql')
    .description('run one read-only query against the configured database and print the rows')
    .argument('<query>', 'a SELECT (or WITH, SHOW, EXPLAIN, VALUES, TABLE) statement')
    .option('--csv', 'print CSV')
    .option('--json', 'print JSON (an array of row objects)')
    .option('--timeout <seconds>', 'cancel the query after this long', parseTimeout, 30)
    .action(async (query: string, opts: { csv?: boolean; json?: boolean; timeout: number }) => {
      const q = assertReadOnlyQuery(query);
      // Never migrates Postgres (a read-only login can run it) but says when the schema is behind;
      // the embedded database is migrated like every command does.
      const database = await ctx.database({ migrate: ctx.config().databaseUrl === undefined });
      const { applied, expected } = await schemaState(database);
      if (applied !== undefined && applied < expected) {
        process.stderr.write(
          `dugout: warning: the schema is behind (${applied} of ${expected} migrations applied): run "dugout migrate"\n`,
        );
      }
      // One statement, extended protocol, READ ONLY, statement_timeout, and the reader role when it exists.
      const rows = await database.readOnlyQuery(q, { timeoutMs: opts.timeout * 1000, role: READER_ROLE });
      if (opts.json) ctx.out(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2));
      else if (opts.csv) ctx.out(formatCsv(rows));
      else ctx.out(formatTable(rows));
    });
}
