import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';
import * as schema from './schema/index.js';
import { clientOptions, watchConnections } from './connection.js';
import { createSocketSet } from './liveness.js';
import { acquireDirLock, type DirLock } from './dir-lock.js';
import { executeNamed } from './driver-internals.js';
import { openPglite } from './pglite.js';
import {
  pgliteReadOnlySession,
  postgresReadOnlySession,
  type ReadOnlySession,
  type ReadOnlySessionOptions,
} from './read-only.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction or the database: both run the same statements. */
export type Executor = Pick<Db, 'execute'>;

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
   * runs one statement and streams its rows (see db/read-only.ts). It is no security boundary by
   * itself: the login's privileges are (see db/login-rights.ts).
   */
  readOnlySession<T>(opts: ReadOnlySessionOptions, fn: (session: ReadOnlySession) => Promise<T>): Promise<T>;
  /**
   * A session-level advisory lock on a connection of its own, for leadership among processes: the
   * server frees it when this process dies or loses its connection. PGlite (one process) always
   * holds it.
   */
  sessionLock(key: number): SessionLock;
}

export interface SessionLock {
  /** Whether this process holds the lock now, taking it when free (checks the connection is alive). */
  tryHold(): Promise<boolean>;
  release(): Promise<void>;
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

/**
 * Open the warehouse: drizzle over postgres.js when `databaseUrl` is set, otherwise an embedded
 * PGlite under `pgliteDir`, guarded by a lock file so a second process fails at once.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl, options);
  return createPgliteDatabase(options.inMemory ? undefined : config.pgliteDir, options);
}

async function createPostgresDatabase(url: string, options: DatabaseOptions): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // A database that stops answering mid-run fails the statements waiting on it (db/liveness.ts).
  const liveness = watchConnections(url, (o) => postgres(url, o));
  const client = postgres(
    url,
    clientOptions(url, {
      max: options.maxConnections ?? 4,
      applicationName: 'dugout',
      // Prepared statements (see executePrepared) are still planned at each run with their values:
      // a generic plan made while a table was small would keep scanning it as it grows.
      parameters: { plan_cache_mode: 'force_custom_plan' },
      watch: liveness,
    }),
  );
  // Both drivers give a PgDatabase over the same schema; Db is what they have in common (execute,
  // transaction), and the driver-specific result types are never used through it.
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    describe: redactUrl(url),
    connectionUrl: url,
    async close() {
      if (closed) return;
      closed = true;
      // Statements in flight get a while to finish, unless the database is lost (they cannot).
      await client.end({ timeout: liveness.lost() ? 0 : 5 });
      await liveness.close();
    },
    sessionLock(key) {
      // A client of its own, never a connection of the pool: a connection that dies under a lock
      // must not go back to the pool (postgres.js 3.4.9 can wedge it), and the pool's connection
      // lifetime would drop the lock silently. Every check asks the server whether this session
      // still holds the lock, with a deadline; on any doubt the client is thrown away.
      let lockClient: ReturnType<typeof postgres> | undefined;
      const lockSockets = createSocketSet();
      const reset = async () => {
        const c = lockClient;
        lockClient = undefined;
        await c?.end({ timeout: 0 }).catch(() => {});
        lockSockets.destroyAll();
      };
      return {
        async tryHold() {
          lockClient ??= postgres(url, {
            ...clientOptions(url, {
              max: 1,
              applicationName: 'dugout leader',
              connectTimeoutSeconds: 5,
              idleTimeoutSeconds: 0,
              fetchTypes: false,
              watch: lockSockets,
            }),
            max_lifetime: null,
          });
          const c = lockClient;
          const check = c`select case when exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0
                                   and objid = ${key} and objsubid = 1 and pid = pg_backend_pid() and granted)
                               then true else pg_try_advisory_lock(${key}) end as held`.then(
            (rows) => rows[0]?.held === true,
          );
          const held = await Promise.race([
            check,
            new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5_000).unref()),
          ]).catch(() => 'error' as const);
          if (held === true) return true;
          if (held === 'timeout' || held === 'error') await reset();
          return false;
        },
        async release() {
          const c = lockClient;
          if (!c) return;
          await Promise.race([
            c`select pg_advisory_unlock(${key})`,
            new Promise((r) => setTimeout(r, 2_000).unref()),
          ]).catch(() => {});
          await reset();
        },
      };
    },
    readOnlySession(opts, fn) {
      return postgresReadOnlySession(client, opts, fn);
    },
  };
}

async function createPgliteDatabase(dir: string | undefined, options: DatabaseOptions): Promise<Database> {
  let lock: DirLock | undefined;
  if (dir) {
    const abs = path.resolve(dir);
    mkdirSync(path.dirname(abs), { recursive: true });
    lock = acquireDirLock(abs);
  }
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = await openPglite(dir, options.pgliteDataDir);
    // As for postgres.js above: the PGlite database seen through the drivers' common type.
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      describe: dir ? `pglite:${dir}` : 'pglite:memory',
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
      sessionLock() {
        // One process owns the embedded database (the directory lock): it always leads.
        return { tryHold: async () => true, release: async () => {} };
      },
      readOnlySession(opts, fn) {
        return pgliteReadOnlySession(client, opts, fn);
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Run a query and return its rows as plain objects, on either driver; `prepared` for a statement a
 * load runs for every game (see {@link executePrepared}).
 */
export async function queryRows<T = Record<string, unknown>>(
  db: Pick<Db, 'execute'>,
  query: SQL,
  opts: { prepared?: boolean } = {},
): Promise<T[]> {
  const result = (await (opts.prepared ? executePrepared(db, query) : db.execute(query))) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Execute a statement as a prepared statement of its connection: postgres.js keeps it by its text,
 * so the statement's next run on that connection is one round trip (Bind/Execute) and the server
 * neither parses nor re-describes it. drizzle's `execute` never prepares (two round trips per
 * statement with parameters), which is right for one-off statements and wasteful for the few
 * statements a load runs thousands of times. For statements whose text is fixed apart from their
 * parameters (a table's column list at most); on PGlite it is plain `execute`.
 */
export function executePrepared(tx: Pick<Db, 'execute'>, query: SQL): Promise<unknown> {
  return executeNamed(tx, query) ?? tx.execute(query);
}

/**
 * `synchronous_commit = off` for the rest of a transaction: its commit returns before the WAL is on
 * disk. Only for work whose loss in a crash means it is simply done again (a game's load: its work
 * item is not done either).
 */
export async function relaxCommitDurability(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** Drop the password from a connection URL. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable url)';
  }
}

export { sql };
