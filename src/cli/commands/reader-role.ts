import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { scramSha256Verifier } from '../../db/scram.js';
import { UsageError } from '../../errors.js';
import type { AppContext } from '../../app/context.js';

/** The read-only role BI tools log in as. */
export const READER_ROLE = 'dugout_reader';

/** The password from --password, or the first line of --password-file (`-` = stdin). */
function readPassword(opts: { password?: string; passwordFile?: string }): string {
  if ((opts.password === undefined) === (opts.passwordFile === undefined)) {
    throw new UsageError('give the password with exactly one of --password or --password-file');
  }
  if (opts.password !== undefined) return opts.password;
  try {
    const text = readFileSync(opts.passwordFile === '-' ? 0 : opts.passwordFile!, 'utf8');
    return text.split(/\r?\n/)[0] ?? '';
  } catch (err) {
    throw new UsageError(
      `cannot read --password-file ${opts.passwordFile}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}

export function registerReaderRole(program: Command, ctx: AppContext): void {
  program
    .command('reader-role')
    .description(`create (or update) the read-only login role ${READER_ROLE} for BI tools: SELECT on analytics and mlb`)
    .option('--password <password>', 'its password (at least 8 characters)')
    .option('--password-file <path>', 'read the password from this file (first line), or from stdin with "-"')
    .action(async (opts: { password?: string; passwordFile?: string }) => {
      const password = readPassword(opts);
      if (password.length < 8) throw new UsageError('the password must be at least 8 characters');
      const database = await ctx.database({ migrate: true });
      await database.db.transaction(async (tx) => {
        // Only a SCRAM-SHA-256 verifier computed here travels (as a bound parameter quoted by the
        // server with format %L): the plaintext is never in a statement, a server log or
        // pg_stat_activity, and no text of it is spliced into SQL whatever it contains.
        await tx.execute(sql`select set_config('dugout.reader_password', ${scramSha256Verifier(password)}, true)`);
        await tx.execute(
          sql.raw(`do $$ begin
          if not exists (select 1 from pg_roles where rolname = '${READER_ROLE}') then
            create role ${READER_ROLE} login;
          end if;
          execute format('alter role %I login password %L', '${READER_ROLE}', current_setting('dugout.reader_password'));
          end $$`),
        );
        await tx.execute(sql`select set_config('dugout.reader_password', '', true)`);
        for (const schema of ['analytics', 'mlb']) {
          await tx.execute(sql.raw(`grant usage on schema ${schema} to ${READER_ROLE}`));
          await tx.execute(sql.raw(`grant select on all tables in schema ${schema} to ${READER_ROLE}`));
          await tx.execute(
            sql.raw(`alter default privileges in schema ${schema} grant select on tables to ${READER_ROLE}`),
          );
        }
        await tx.execute(sql.raw(`alter role ${READER_ROLE} set default_transaction_read_only = on`));
      });
      ctx.out(`role ${READER_ROLE} can log in and read the analytics and mlb schemas (${database.describe})`);
    });
}
