import type { Writable } from 'node:stream';
import postgres, { type ReservedSql, type Sql } from 'postgres';
import type { SQL } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, PostgresJsSession } from 'drizzle-orm/postgres-js';
import * as schema from '../schema/index.js';
import { redactUrl } from '../connection.js';
import { createSocketSet } from '../liveness.js';
import { clientOptions, watchConnections } from './postgres-options.js';
import {
  type Database,
  type DatabaseOptions,
  type Db,
  type DriverConnection,
  type ReadOnlySession,
  type ReadOnlySessionOptions,
  type ResultColumn,
  registerSessionReader,
  type Row,
  type SessionLock,
  timeoutSetting,
} from './types.js';

/*
 * The adapter over postgres.js. What it relies on beyond postgres.js's and drizzle's typed API, each
 * pinned by test/integration/foundation/driver-internals.test.ts:
 * - `simple: false`, an option postgres.js 3.4 reads but leaves out of its types: a statement with
 *   no parameters goes by the extended protocol, which takes one statement only (`dugout sql`'s
 *   one-statement rule rests on it);
 * - a cursor's first batch carries the result's `columns` (untyped on a batch);
 * - a COPY query's `reject` (not public): 3.4 settles a COPY query with its stream, so a server error
 *   after the last CopyData reaches only that settled promise;
 * - the `socket` option and the host and port on its socket (see ./postgres-options.ts);
 * - drizzle's session of a database or transaction is a `PostgresJsSession` whose `client` is the
 *   postgres.js `sql` (or the transaction's), and its `prepareQuery` with a name makes postgres.js
 *   prepare the statement on its connection.
 */

/** The dialect drizzle's postgres.js driver builds its statements with (dugout sets no casing). */
const dialect = new PgDialect();

/** A postgres.js `COPY … FROM STDIN` query: its stream, and its own settle function (not public). */
interface StreamCopyQuery extends PromiseLike<unknown> {
  writable(): Promise<Writable>;
  reject: (err: unknown) => void;
}

/**
 * A promise rejected with the server's error when it refuses a COPY, which postgres.js would
 * otherwise only hand to the query's already settled promise; it never resolves, and is observed
 * here so that a COPY that succeeds leaves no unhandled rejection behind.
 */
export function serverRefusal(query: PromiseLike<unknown>): Promise<never> {
  const q = query as StreamCopyQuery;
  const refused = new Promise<never>((_, reject) => {
    const settle = q.reject;
    q.reject = (err: unknown) => {
      reject(err);
      settle(err);
    };
  });
  refused.catch(() => {});
  return refused;
}

/** Run `<head> stdin<options>`, streaming the data as `produce` writes it. */
async function copyFromStdin(
  client: Sql,
  head: string,
  options: string,
  produce: (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  const query = client.unsafe(`${head} stdin${options}`);
  const refused = serverRefusal(query);
  const stream = await Promise.race([query.writable(), refused]);
  const done = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
  });
  done.catch(() => {});
  await produce(async (chunk) => {
    if (chunk.length === 0) return;
    if (!stream.write(chunk)) await Promise.race([new Promise((r) => stream.once('drain', r)), refused, done]);
  });
  stream.end();
  await Promise.race([done, refused]);
}

/** The connection under a drizzle session of postgres.js (a pool's `sql`, or a transaction's). */
function connectionOfSession(session: InstanceType<typeof PostgresJsSession>): DriverConnection {
  return {
    kind: 'postgres',
    rows<T>(query: SQL, prepared: boolean): Promise<T[]> {
      if (!prepared) return session.execute<T[]>(query);
      // A name makes drizzle's driver pass `prepare: true`: postgres.js keeps the statement by its
      // text on the connection (drizzle's `execute` never prepares).
      return session.prepareQuery(dialect.sqlToQuery(query), undefined, 'dugout', false).execute() as Promise<T[]>;
    },
    copyIn: {
      kind: 'stream',
      copyFrom: (head, options, produce) => copyFromStdin(session.client, head, options, produce),
    },
  };
}

registerSessionReader((session) => (is(session, PostgresJsSession) ? connectionOfSession(session) : undefined));

/** Open the warehouse over postgres.js: drizzle over a pool of `maxConnections` (default 4). */
export function openPostgres(url: string, options: DatabaseOptions): Database {
  // A database that stops answering mid-run fails the statements waiting on it (db/liveness.ts).
  const liveness = watchConnections(url, (o) => postgres(url, o));
  const client = postgres(
    url,
    clientOptions(url, {
      max: options.maxConnections ?? 4,
      applicationName: 'dugout',
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
    sessionLock: (key) => sessionLock(url, key),
    readOnlySession: (opts, fn) => readOnlySession(client, opts, fn),
    async migrate(folder, lockKey, run) {
      const migrationLiveness = watchConnections(url, (o) => postgres(url, o));
      // No statement_timeout: a migration's DDL on a large table may rightly take long.
      const one = postgres(
        url,
        clientOptions(url, {
          max: 1,
          applicationName: 'dugout migrate',
          statementTimeout: false,
          watch: migrationLiveness,
        }),
      );
      try {
        await one`select pg_advisory_lock(${lockKey})`;
        try {
          const migrationDb = drizzle(one);
          return await run(migrationDb, async () => {
            const { migrate } = await import('drizzle-orm/postgres-js/migrator');
            await migrate(migrationDb, { migrationsFolder: folder });
          });
        } finally {
          await one`select pg_advisory_unlock(${lockKey})`;
        }
      } finally {
        await one.end({ timeout: migrationLiveness.lost() ? 0 : 5 });
        await migrationLiveness.close();
      }
    },
  };
}

function sessionLock(url: string, key: number): SessionLock {
  // A client of its own, never a connection of the pool: a connection that dies under a lock
  // must not go back to the pool (postgres.js 3.4.9 can wedge it), and the pool's connection
  // lifetime would drop the lock silently. Every check asks the server whether this session
  // still holds the lock, with a deadline; on any doubt the client is thrown away.
  let lockClient: Sql | undefined;
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
}

/** postgres.js's `unsafe` options as 3.4 reads them: `simple` is left out of its types. */
interface UnsafeOptions {
  prepare: boolean;
  simple: boolean;
}

/**
 * `text` alone with the extended protocol (postgres.js sends a query without parameters with the
 * simple protocol unless told otherwise, and that one runs every statement of the text).
 */
function oneStatement(c: ReservedSql, text: string) {
  const options: UnsafeOptions = { prepare: false, simple: false };
  return c.unsafe(text, [], options as { prepare: boolean });
}

type PostgresColumns = ReadonlyArray<{ name: string; type: number }> | undefined;
const columnsOf = (columns: PostgresColumns): ResultColumn[] =>
  (columns ?? []).map((c) => ({ name: c.name, typeOid: c.type }));

/** The columns a cursor's batch carries (postgres.js sets them on the first; its types leave them out). */
const batchColumns = (batch: Row[]): PostgresColumns => (batch as Row[] & { columns?: PostgresColumns }).columns;

/**
 * A read-only session on a connection of its own from `client`'s pool. The client reads date and
 * time types as text (drizzle's postgres.js driver sets those parsers on it).
 */
async function readOnlySession<T>(
  client: Sql,
  opts: ReadOnlySessionOptions,
  fn: (session: ReadOnlySession) => Promise<T>,
): Promise<T> {
  const c = await client.reserve();
  try {
    await c.unsafe(opts.snapshot ? 'begin read only isolation level repeatable read' : 'begin read only');
    await c`select set_config('statement_timeout', ${timeoutSetting(opts)}, true)`;
    if (opts.snapshot) await c`select set_config('TimeZone', 'UTC', true)`;
    const [who] = await c<
      Array<{ login: string; role: string }>
    >`select session_user::text as login, current_user::text as role`;
    return await fn({
      login: who!.login,
      role: who!.role,
      async stream(text, { cursor, batchRows }, onBatch) {
        if (!cursor) {
          const rows = await oneStatement(c, text);
          const columns = columnsOf(rows.columns);
          if (rows.length > 0) await onBatch([...rows], columns);
          return columns;
        }
        let columns: ResultColumn[] | undefined;
        for await (const rows of oneStatement(c, text).cursor(batchRows)) {
          // Only the first batch carries the columns.
          columns ??= columnsOf(batchColumns(rows));
          if ((await onBatch(rows, columns)) === 'stop') break;
        }
        // No rows, no batch: the statement's description names the columns.
        return columns ?? columnsOf((await oneStatement(c, text).describe()).columns);
      },
    });
  } finally {
    await c.unsafe('rollback').catch(() => {});
    c.release();
  }
}

/**
 * Run `fn` with a function running statements on one connection of dugout's admin options (connect
 * timeout and keepalive, no statement timeout: a clone of a large template may take long), closed
 * at its end. For throwaway databases (benchmarks, tests).
 */
export async function withAdminConnection<T>(
  url: string,
  fn: (run: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  const admin = postgres(
    url,
    clientOptions(url, { max: 1, applicationName: 'dugout scratch', statementTimeout: false }),
  );
  try {
    return await fn(async (text) => {
      await admin.unsafe(text);
    });
  } finally {
    await admin.end();
  }
}
