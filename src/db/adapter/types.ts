import type { Logger } from 'pino';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../schema/index.js';

/*
 * dugout's database adapter: the small interface the rest of dugout reaches the database through,
 * with one implementation per driver (./postgres.ts over postgres.js, ./pglite.ts over PGlite).
 * Only the adapter's files import the drivers or drizzle's drivers for them, or touch a private
 * field or an untyped option of either (test/unit/foundation/import-graph.test.ts); each library
 * behaviour they rely on is pinned by test/integration/foundation/driver-internals.test.ts.
 * drizzle stays for the schema, migrations and typed queries: a Database carries its drizzle `db`.
 */

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction or the database: both run the same statements. */
export type Executor = Pick<Db, 'execute'>;

export type Row = Record<string, unknown>;

/** A result column: its name and its type's OID (1082 date, 1114 timestamp, 1184 timestamptz…). */
export interface ResultColumn {
  name: string;
  typeOid: number;
}

/** Whether to go on fetching after a batch: `'stop'` closes the cursor. */
export type BatchHandler = (rows: Row[], columns: ResultColumn[]) => Promise<'stop' | undefined>;

export interface ReadOnlySessionOptions {
  /** The statement timeout, milliseconds: for the statement and every fetch of its rows. */
  timeoutMs: number;
  /**
   * One snapshot for every statement of the session (REPEATABLE READ), with `TimeZone` UTC: an
   * export reads many tables and its fingerprints, and all must be of one state of the warehouse.
   */
  snapshot?: boolean;
}

/**
 * One READ ONLY transaction, rolled back at its end whatever ran in it (a read-only transaction
 * still lets a statement create large objects, and their rows would otherwise be committed).
 * Values of date and time types are the server's text (ISO DateStyle).
 */
export interface ReadOnlySession {
  /** The role that logged in (`session_user`). */
  readonly login: string;
  /** The role the transaction runs as (`current_user`) when it began. */
  readonly role: string;
  /**
   * Run one statement, sent alone with the extended protocol (a second statement is a syntax error,
   * never executed), and hand its rows to `onBatch`: `batchRows` at a time through a cursor when
   * `cursor` (a SELECT), else all at once (EXPLAIN, SHOW: their output is small). Returns the columns.
   */
  stream(text: string, opts: { cursor: boolean; batchRows: number }, onBatch: BatchHandler): Promise<ResultColumn[]>;
}

/** The statement timeout of a read-only session as `set_config` takes it (milliseconds, at least 1). */
export const timeoutSetting = (opts: ReadOnlySessionOptions): string => String(Math.max(1, Math.round(opts.timeoutMs)));

export interface SessionLock {
  /** Whether this process holds the lock now, taking it when free (checks the connection is alive). */
  tryHold(): Promise<boolean>;
  release(): Promise<void>;
}

/** What a migration run does on the connection it is given: count, apply (drizzle's migrator), count. */
export type MigrationRun<T> = (db: Executor, apply: () => Promise<void>) => Promise<T>;

export interface Database {
  /** `postgres` (postgres.js over a URL) or `pglite` (embedded). */
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Where the data lives, without secrets (for logs and `status`). */
  readonly describe: string;
  /**
   * postgres.js only: the connection URL as given, secrets included, for a worker thread's own
   * connection to the same database. Never log it (`describe` is the loggable form).
   */
  readonly connectionUrl?: string;
  /** Close connections (and release the PGlite lock). Safe to call twice. */
  close(): Promise<void>;
  /**
   * A READ ONLY transaction with a statement timeout, rolled back at its end, for `dugout sql`: it
   * runs one statement and streams its rows. It is no security boundary by itself: the login's
   * privileges are (see db/login-rights.ts).
   */
  readOnlySession<T>(opts: ReadOnlySessionOptions, fn: (session: ReadOnlySession) => Promise<T>): Promise<T>;
  /**
   * A session-level advisory lock on a connection of its own, for leadership among processes: the
   * server frees it when this process dies or loses its connection. PGlite (one process) always
   * holds it.
   */
  sessionLock(key: number): SessionLock;
  /**
   * Run drizzle's migrator over `folder` inside `run`. On postgres.js on a single connection of its
   * own, without statement timeout, under the advisory lock `lockKey` (drizzle's migrator reads the
   * applied list before its transaction and takes no lock, drizzle-orm#874); on PGlite on the
   * database itself (the directory lock already makes this process the only one).
   */
  migrate<T>(folder: string, lockKey: number, run: MigrationRun<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** Max connections for postgres.js. Default 4. */
  maxConnections?: number;
  /** Open PGlite in memory instead of the configured directory (tests). */
  inMemory?: boolean;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty
   * cluster. Tests open a copy of one migrated database rather than migrating one each.
   */
  pgliteDataDir?: Blob;
  log?: Logger;
}

/** What a COPY's data producer writes its chunks with (text or bytes, in the COPY's format). */
export type CopyWrite = (chunk: string | Uint8Array) => Promise<void>;

/**
 * COPY … FROM on one connection: `kind` says how the data reaches the server, `stream` (postgres.js,
 * `FROM STDIN`, sent as written, and nothing else may run on the connection meanwhile) or `blob`
 * (PGlite, gathered and read whole from a Blob).
 */
export interface CopyIn {
  readonly kind: 'stream' | 'blob';
  /**
   * Run `<head> <source><options>` (`head` being `copy t (a, b) from`), the data as `produce`
   * writes it. Resolves once the server has the rows; rejects with the server's own error when it
   * refuses them.
   */
  copyFrom(head: string, options: string, produce: (write: CopyWrite) => Promise<void>): Promise<void>;
}

/** The connection under a drizzle database or transaction, as its driver runs statements on it. */
export interface DriverConnection {
  readonly kind: 'postgres' | 'pglite';
  /**
   * A statement's rows as plain objects. `prepared`: as a named prepared statement, which
   * postgres.js keeps by its text on the connection (its next run there is one round trip, and the
   * server neither parses nor re-describes it); plain on PGlite.
   */
  rows<T>(query: SQL, prepared: boolean): Promise<T[]>;
  readonly copyIn: CopyIn;
}

/** How a driver's module reads drizzle's session of its own driver: undefined for another's. */
export type SessionReader = (session: unknown) => DriverConnection | undefined;

const readers: SessionReader[] = [];

/** Called by each driver's module when it loads (a database of its kind is opened only after). */
export function registerSessionReader(reader: SessionReader): void {
  if (!readers.includes(reader)) readers.push(reader);
}

/**
 * The driver's connection under a drizzle database or transaction, read from drizzle's session
 * (`_.session`, typed but marked internal: the one place dugout reaches into drizzle's session);
 * undefined for an object that is no drizzle database of a driver the adapter has loaded.
 */
export function connectionOf(executor: Executor): DriverConnection | undefined {
  const session = (executor as Partial<Pick<Db, '_'>>)._?.session;
  if (!session) return undefined;
  for (const read of readers) {
    const connection = read(session);
    if (connection) return connection;
  }
  return undefined;
}
