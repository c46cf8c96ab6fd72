import { type Command, InvalidArgumentError } from 'commander';
import { schemaState } from '../../db/migrate.js';
import type { AppContext } from '../../app/context.js';
import { parsePositiveInt } from '../args.js';
import { checkReadOnlyQuery } from '../../db/sql-guard.js';
import { readQueryText } from '../sql-input.js';
import { openSqlDatabase } from '../sql-login.js';
import type { SetExit } from '../exit.js';
import {
  csvWriter,
  jsonWriter,
  type ResultWriter,
  StdoutClosedError,
  stdoutWrite,
  tableWriter,
  type Write,
} from '../sql-output.js';

/** Rows a table prints unless --max-rows says otherwise (CSV and JSON print all by default). */
export const DEFAULT_TABLE_ROWS = 1000;
/**
 * Rows fetched at a time. Small enough that a batch of the widest rows (raw bodies, whole API
 * responses) stays well within memory; large enough that narrow rows are not a round trip each.
 */
const BATCH_ROWS = 100;

function parseTimeout(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.1 || n > 3600)
    throw new InvalidArgumentError(`"${value}" is not a number of seconds from 0.1 to 3600`);
  return n;
}

interface SqlFlags {
  file?: string;
  csv?: boolean;
  json?: boolean;
  maxRows?: number;
  timeout: number;
  asOwner?: boolean;
}

export function registerSql(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('sql')
    .description('run one read-only query as a read-only login (see reader-role) and print its rows')
    .argument('[query]', 'a SELECT (or WITH, VALUES, TABLE, EXPLAIN, SHOW) statement; "-" reads it from stdin')
    .option('--file <path>', 'read the query from this file ("-": stdin), up to 1 MiB')
    .option('--csv', 'print CSV (streamed: every row unless --max-rows)')
    .option('--json', 'print JSON, an array of row objects (streamed: every row unless --max-rows)')
    .option(
      '--max-rows <n>',
      `stop after this many rows (default for the table ${DEFAULT_TABLE_ROWS})`,
      parsePositiveInt,
    )
    .option(
      '--timeout <seconds>',
      'end the session after this long, whether the server or the reader of the output is slow (exit 1)',
      parseTimeout,
      30,
    )
    .option('--as-owner', "run as DATABASE_URL's login even when it can write: not a security boundary")
    .action(async (query: string | undefined, opts: SqlFlags) => {
      const statement = await checkReadOnlyQuery(await readQueryText(query, opts.file, process.stdin));
      const { database, close } = await openSqlDatabase(ctx, { asOwner: opts.asOwner === true });
      // Wall-clock, from here: statement_timeout bounds each statement, this the whole session.
      const deadline = sqlDeadline(opts.timeout, stdoutWrite(process.stdout));
      let timedOut = false;
      try {
        const { applied, expected } = await schemaState(database);
        if (applied !== undefined && applied < expected) {
          process.stderr.write(
            `dugout: warning: the schema is behind (${applied} of ${expected} migrations applied): run "dugout migrate"\n`,
          );
        }
        const writer = resultWriter(opts, deadline.write);
        const maxRows = opts.maxRows ?? (opts.csv || opts.json ? undefined : DEFAULT_TABLE_ROWS);
        const batchRows = Math.min(BATCH_ROWS, (maxRows ?? BATCH_ROWS) + 1);
        await database.readOnlySession({ timeoutMs: opts.timeout * 1000 }, async (session) => {
          if (session.role !== session.login) {
            process.stderr.write(`dugout: the query runs as role ${session.role}, not as the login ${session.login}\n`);
          }
          const columns = await session.stream(
            statement.text,
            { cursor: statement.cursor, batchRows },
            (rows, cols) => {
              deadline.check();
              return writer.rows(rows, cols);
            },
          );
          deadline.check();
          await writer.end(columns);
        });
      } catch (err) {
        // The reader of stdout went away (`| head`): what it wanted was printed.
        // The server's statement_timeout (the same --timeout) is the same end, met on its side.
        if (err instanceof SqlDeadlineError || (err as { code?: unknown })?.code === '57014') timedOut = true;
        else if (!(err instanceof StdoutClosedError)) throw err;
      } finally {
        deadline.clear();
        // The cursor is closed and the transaction rolled back (the session's end) before this.
        await close();
      }
      if (timedOut) {
        // Output nobody reads would keep the process alive for ever (stdout cannot be closed):
        // the session is over, so the process ends once the command has (unref'd: no sooner).
        if (process.stdout.writableLength > 0) setTimeout(() => process.exit(1), 200).unref();
        process.stderr.write(
          `dugout: sql: ended after --timeout ${opts.timeout} s (the query, or the reader of its output, was too slow); the output is incomplete\n`,
        );
        setExit(1);
      }
    });
}

/** The end of `--timeout`: reached, it fails the next batch and any write waiting for a slow reader. */
class SqlDeadlineError extends Error {}

function sqlDeadline(seconds: number, write: Write) {
  let expired = false;
  let fire: (err: Error) => void = () => {};
  const reached = new Promise<never>((_resolve, reject) => {
    fire = reject;
  });
  reached.catch(() => {});
  const timer = setTimeout(() => {
    expired = true;
    fire(new SqlDeadlineError('--timeout'));
  }, seconds * 1000);
  return {
    check(): void {
      if (expired) throw new SqlDeadlineError('--timeout');
    },
    write: (async (text: string) => {
      if (expired) throw new SqlDeadlineError('--timeout');
      await Promise.race([write(text), reached]);
    }) as Write,
    clear: () => clearTimeout(timer),
  };
}

function resultWriter(opts: SqlFlags, write: Write): ResultWriter {
  const onTruncated = (shown: number) =>
    process.stderr.write(`dugout: stopped after --max-rows ${shown} rows: the query returns more\n`);
  if (opts.json) return jsonWriter({ write, maxRows: opts.maxRows, onTruncated });
  if (opts.csv) return csvWriter({ write, maxRows: opts.maxRows, onTruncated });
  return tableWriter({ write, maxRows: opts.maxRows ?? DEFAULT_TABLE_ROWS });
}
