import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { DugoutError } from '../../errors.js';
import { connectionOf, type Database, type DatabaseOptions, type DriverConnection, type Executor } from './types.js';

/*
 * The database adapter's entry point: the rest of dugout opens a database, runs statements, copies
 * rows in and runs `dugout sql`'s read-only sessions through this module and the interface of
 * ./types.ts, never through a driver. Each driver's module is loaded only when a database of its
 * kind is opened.
 */

export type {
  BatchHandler,
  CopyIn,
  CopyWrite,
  Database,
  DatabaseOptions,
  Db,
  DriverConnection,
  Executor,
  MigrationRun,
  ReadOnlySession,
  ReadOnlySessionOptions,
  ResultColumn,
  Row,
  Schema,
  SessionLock,
} from './types.js';

/**
 * Open the warehouse: drizzle over postgres.js when `databaseUrl` is set, otherwise an embedded
 * PGlite under `pgliteDir`, guarded by a lock file so a second process fails at once.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return (await import('./postgres.js')).openPostgres(config.databaseUrl, options);
  return (await import('./pglite.js')).openPglite(options.inMemory ? undefined : config.pgliteDir, options);
}

/** The driver's connection under a drizzle database or transaction; undefined for anything else. */
export function driverConnection(executor: Executor): DriverConnection | undefined {
  return connectionOf(executor);
}

/** A drizzle executor that is no database of the adapter's (a programming error, never retried). */
export class NotAdapterDatabaseError extends DugoutError {
  constructor() {
    super('E_NOT_ADAPTER_DATABASE', "not a database or transaction opened by dugout's database adapter", {
      retryable: false,
    });
  }
}

function requireConnection(executor: Executor): DriverConnection {
  const connection = connectionOf(executor);
  if (!connection) throw new NotAdapterDatabaseError();
  return connection;
}

/**
 * Run a query and return its rows as plain objects, on either driver; `prepared` for a statement a
 * load runs for every game (see {@link executePrepared}).
 */
export async function queryRows<T = Record<string, unknown>>(
  db: Executor,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  return requireConnection(db).rows<T>(query, opts.prepared ?? false);
}

/**
 * Execute a statement as a prepared statement of its connection: postgres.js keeps it by its text,
 * so the statement's next run on that connection is one round trip (Bind/Execute) and the server
 * neither parses nor re-describes it. drizzle's `execute` never prepares (two round trips per
 * statement with parameters), which is right for one-off statements and wasteful for the few
 * statements a load runs thousands of times. For statements whose text is fixed apart from their
 * parameters (a table's column list at most); on PGlite it is plain `execute`.
 */
export async function executePrepared(tx: Executor, query: SQL): Promise<void> {
  await requireConnection(tx).rows(query, true);
}

/**
 * Run `fn` with statements on one admin connection to the PostgreSQL server of `url` (no statement
 * timeout), closed at its end: for throwaway databases (benchmarks, tests).
 */
export async function withAdminConnection<T>(
  url: string,
  fn: (run: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  return (await import('./postgres.js')).withAdminConnection(url, fn);
}
