import { type Command, InvalidArgumentError } from 'commander';
import { schemaState } from '../../db/migrate.js';
import type { AppContext } from '../../app/context.js';
import { parsePositiveInt } from '../args.js';
import { checkReadOnlyQuery } from '../../db/sql-guard.js';
import { readQueryText } from '../sql-input.js';
import { openSqlDatabase } from '../sql-login.js';
import {
  csvWriter,
  jsonWriter,
  type ResultWriter,
  StdoutClosedError,
  stdoutWrite,
  tableWriter,
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

export function registerSql(program: Command, ctx: AppContext): void {
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
    .option('--timeout <seconds>', 'cancel the query (and the fetching of its rows) after this long', parseTimeout, 30)
    .option('--as-owner', "run as DATABASE_URL's login even when it can write: not a security boundary")
    .action(async (query: string | undefined, opts: SqlFlags) => {
      const statement = await checkReadOnlyQuery(await readQueryText(query, opts.file, process.stdin));
      const { database, close } = await openSqlDatabase(ctx, { asOwner: opts.asOwner === true });
      try {
        const { applied, expected } = await schemaState(database);
        if (applied !== undefined && applied < expected) {
          process.stderr.write(
            `dugout: warning: the schema is behind (${applied} of ${expected} migrations applied): run "dugout migrate"\n`,
          );
        }
        const writer = resultWriter(opts);
        const maxRows = opts.maxRows ?? (opts.csv || opts.json ? undefined : DEFAULT_TABLE_ROWS);
        const batchRows = Math.min(BATCH_ROWS, (maxRows ?? BATCH_ROWS) + 1);
        await database.readOnlySession({ timeoutMs: opts.timeout * 1000 }, async (session) => {
          if (session.role !== session.login) {
            process.stderr.write(`dugout: the query runs as role ${session.role}, not as the login ${session.login}\n`);
          }
          const columns = await session.stream(statement.text, { cursor: statement.cursor, batchRows }, (rows, cols) =>
            writer.rows(rows, cols),
          );
          await writer.end(columns);
        });
      } catch (err) {
        // The reader of stdout went away (`| head`): what it wanted was printed.
        if (!(err instanceof StdoutClosedError)) throw err;
      } finally {
        await close();
      }
    });
}

function resultWriter(opts: SqlFlags): ResultWriter {
  const write = stdoutWrite(process.stdout);
  const onTruncated = (shown: number) =>
    process.stderr.write(`dugout: stopped after --max-rows ${shown} rows: the query returns more\n`);
  if (opts.json) return jsonWriter({ write, maxRows: opts.maxRows, onTruncated });
  if (opts.csv) return csvWriter({ write, maxRows: opts.maxRows, onTruncated });
  return tableWriter({ write, maxRows: opts.maxRows ?? DEFAULT_TABLE_ROWS });
}
