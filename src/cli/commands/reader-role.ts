import { readFileSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { applyReaderRole, READER_SCHEMAS } from '../../db/reader-role.js';
import { summarizeProblems } from '../../db/login-rights.js';
import { scramSha256Verifier } from '../../db/scram.js';
import { UsageError } from '../../errors.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { assertPrivatePath, writePrivateFile } from '../private-file.js';

/** The read-only role's default name. */
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

function parseRoleName(value: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value) || value.startsWith('pg_')) {
    throw new InvalidArgumentError(`"${value}" is not a plain role name (lower-case letters, digits, "_")`);
  }
  return value;
}

const wholeIn = (min: number, max: number, unit: string) => (value: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new InvalidArgumentError(`"${value}" is not a whole number of ${unit} from ${min} to ${max}`);
  }
  return n;
};

/**
 * The URL a reader logs in with: this database's, as `role`, its password left for the user to put
 * in. A URL without a host (a Unix socket named by PGHOST) cannot carry a user: it gets localhost.
 */
export function readerUrl(databaseUrl: string, role: string, password?: string): string {
  const u = new URL(databaseUrl);
  if (!u.hostname) u.hostname = 'localhost';
  u.username = role;
  // Every character but letters, digits and - _ . ! ~ * ' ( ) percent-encoded (the URL setter
  // alone would leave a % as it is, and the password would decode as another).
  u.password = password === undefined ? 'PASSWORD' : encodeURIComponent(password);
  return u.toString();
}

interface ReaderRoleFlags {
  password?: string;
  passwordFile?: string;
  role: string;
  statementTimeout: number;
  idleTimeout: number;
  connectionLimit: number;
  tempFileLimit: number;
  urlFile?: string;
}

export function registerReaderRole(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('reader-role')
    .description(
      `create (or update) the read-only login role for dugout sql and BI tools: SELECT on ${READER_SCHEMAS.join(', ')}, nothing else`,
    )
    .option('--password <password>', 'its password (at least 8 characters)')
    .option(
      '--password-file <path>',
      'read the password (at least 8 characters) from this file (first line), or from stdin with "-"',
    )
    .option(
      '--role <name>',
      'the role name (roles are shared by every database of the server)',
      parseRoleName,
      READER_ROLE,
    )
    .option('--statement-timeout <seconds>', 'its statement_timeout', wholeIn(1, 86_400, 'seconds'), 60)
    .option('--idle-timeout <seconds>', 'its idle_in_transaction_session_timeout', wholeIn(1, 86_400, 'seconds'), 60)
    .option('--connection-limit <n>', 'most sessions it may hold at once', wholeIn(1, 1000, 'connections'), 20)
    .option('--temp-file-limit <MB>', 'its temp_file_limit (needs a superuser)', wholeIn(1, 1_048_576, 'MB'), 4096)
    .option(
      '--url-file <path>',
      'also write DUGOUT_READER_URL=… with the password, percent-encoded, to this file, readable by its user only (0600)',
    )
    .action(async (opts: ReaderRoleFlags) => {
      const password = readPassword(opts);
      if (password.length < 8) throw new UsageError('the password must be at least 8 characters');
      const url = ctx.config().databaseUrl;
      if (!url) {
        throw new UsageError('reader-role needs a PostgreSQL DATABASE_URL: the embedded database takes no logins');
      }
      // Refused before anything is done: a link, another user's file, one others may read.
      if (opts.urlFile !== undefined) assertPrivatePath(opts.urlFile, '--url-file');
      const database = await ctx.database({ migrate: true });
      const { warnings, problems } = await applyReaderRole(database, {
        role: opts.role,
        passwordVerifier: scramSha256Verifier(password),
        statementTimeoutMs: opts.statementTimeout * 1000,
        idleInTransactionTimeoutMs: opts.idleTimeout * 1000,
        connectionLimit: opts.connectionLimit,
        tempFileLimitKb: opts.tempFileLimit * 1024,
      });
      ctx.out(
        `role ${opts.role} can log in and read the ${READER_SCHEMAS.join(', ')} schemas (${database.describe}): ` +
          `read-only transactions, statement_timeout ${opts.statementTimeout} s, ` +
          `idle_in_transaction_session_timeout ${opts.idleTimeout} s, at most ${opts.connectionLimit} connections`,
      );
      if (opts.urlFile !== undefined) {
        writePrivateFile(opts.urlFile, `DUGOUT_READER_URL=${readerUrl(url, opts.role, password)}\n`, '--url-file');
        ctx.out(
          `wrote DUGOUT_READER_URL with the password, percent-encoded, to ${opts.urlFile} (mode 0600, readable by you only)`,
        );
      } else {
        ctx.out(
          `for dugout sql and BI tools (PASSWORD: yours, percent-encoded: / as %2F, @ as %40, : as %3A, # as %23, ? as %3F, % as %25, space as %20; or let --url-file F write the whole URL to a file only you can read): DUGOUT_READER_URL=${readerUrl(url, opts.role)}`,
        );
      }
      for (const w of warnings) process.stderr.write(`dugout: warning: ${w}\n`);
      if (problems.length > 0) {
        process.stderr.write(
          `dugout: role ${opts.role} is not read-only: it ${summarizeProblems(problems)}; dugout sql will refuse it\n`,
        );
        setExit(1);
      }
    });
}
