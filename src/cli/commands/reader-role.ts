import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { UsageError } from '../../errors.js';
import type { CliContext } from '../context.js';

/** The read-only role BI tools log in as. */
export const READER_ROLE = 'dugout_reader';

export function registerReaderRole(program: Command, ctx: CliContext): void {
  program
    .command('reader-role')
    .description(`create (or update) the read-only login role ${READER_ROLE} for BI tools: SELECT on analytics and mlb`)
    .requiredOption('--password <password>', 'its password (at least 8 characters)')
    .action(async (opts: { password: string }) => {
      if (opts.password.length < 8) throw new UsageError('the password must be at least 8 characters');
      const database = await ctx.database({ migrate: true });
      const pw = opts.password.replace(/'/g, "''");
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`do $$ begin
          if not exists (select 1 from pg_roles where rolname = '${READER_ROLE}') then
            create role ${READER_ROLE} login password '${pw}';
          else
            alter role ${READER_ROLE} login password '${pw}';
          end if; end $$`));
        for (const schema of ['analytics', 'mlb']) {
          await tx.execute(sql.raw(`grant usage on schema ${schema} to ${READER_ROLE}`));
          await tx.execute(sql.raw(`grant select on all tables in schema ${schema} to ${READER_ROLE}`));
          await tx.execute(sql.raw(`alter default privileges in schema ${schema} grant select on tables to ${READER_ROLE}`));
        }
        await tx.execute(sql.raw(`alter role ${READER_ROLE} set default_transaction_read_only = on`));
      });
      ctx.out(`role ${READER_ROLE} can log in and read the analytics and mlb schemas (${database.describe})`);
    });
}
