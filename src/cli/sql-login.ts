import type { AppContext } from '../app/context.js';
import { createDatabase, type Database } from '../db/client.js';
import { inspectLoginRights, summarizeProblems } from '../db/login-rights.js';
import { UsageError } from '../errors.js';

/** The database `dugout sql` runs its statement on, and how to let it go. */
export interface SqlDatabase {
  database: Database;
  close(): Promise<void>;
}

const HOW_TO_GET_ONE =
  'run "dugout reader-role --password-file F" once and set DUGOUT_READER_URL to the URL it prints, or pass --as-owner to run with the owner\'s rights (no security boundary)';

/**
 * Where `dugout sql` runs: the security boundary is the login's privileges, never the statement's
 * text. In order:
 * - `--as-owner`: DATABASE_URL's login whatever it may do, said in one stderr line when it may write;
 * - DUGOUT_READER_URL: its login, which must only read (else a UsageError naming what it can do);
 * - DATABASE_URL: its login when it only reads, else a UsageError saying how to get a reader;
 * - neither: the embedded database, migrated (its one user owns its files anyway).
 * "Only reads" is {@link inspectLoginRights}: no attribute, membership, administrator's function,
 * write privilege or ownership that reaches beyond reading, for the login and every role it can become.
 */
export async function openSqlDatabase(ctx: AppContext, opts: { asOwner: boolean }): Promise<SqlDatabase> {
  const config = ctx.config();
  const kept = { close: async () => {} };
  if (opts.asOwner && config.databaseUrl) {
    const database = await ctx.database();
    const { login, problems } = await inspectLoginRights(database.db);
    if (problems.length > 0) {
      process.stderr.write(
        `dugout: warning: --as-owner: the query runs as DATABASE_URL's login ${login}, which ${summarizeProblems(problems)}: this is not a security boundary\n`,
      );
    }
    return { database, ...kept };
  }
  if (config.readerUrl) {
    const database = await createDatabase({ databaseUrl: config.readerUrl, pgliteDir: '' }, { maxConnections: 1 });
    try {
      const { login, problems } = await inspectLoginRights(database.db);
      if (problems.length > 0) {
        throw new UsageError(
          `DUGOUT_READER_URL's login ${login} may do more than read: it ${summarizeProblems(problems)}; give it a role made by "dugout reader-role"`,
        );
      }
    } catch (err) {
      await database.close();
      throw err;
    }
    return { database, close: () => database.close() };
  }
  if (config.databaseUrl) {
    const database = await ctx.database();
    const { login, problems } = await inspectLoginRights(database.db);
    if (problems.length > 0) {
      throw new UsageError(
        `dugout sql runs queries only as a login that cannot write, and DATABASE_URL's login ${login} ${summarizeProblems(problems)}: ${HOW_TO_GET_ONE}`,
      );
    }
    return { database, ...kept };
  }
  return { database: await ctx.database({ migrate: true }), ...kept };
}
