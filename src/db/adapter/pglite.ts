import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { drizzle, PgliteSession } from 'drizzle-orm/pglite';
import * as schema from '../schema/index.js';
import { acquireDirLock, type DirLock } from '../dir-lock.js';
import {
  type BatchHandler,
  type Database,
  type DatabaseOptions,
  type Db,
  type DriverConnection,
  type ReadOnlySession,
  type ReadOnlySessionOptions,
  type ResultColumn,
  registerSessionReader,
  type Row,
  timeoutSetting,
} from './types.js';

/*
 * The adapter over PGlite. What it relies on beyond PGlite's and drizzle's typed API, each pinned by
 * test/integration/foundation/driver-internals.test.ts:
 * - `query()` is the extended protocol: a text of two statements is a syntax error, never run;
 * - `query()` with the `blob` option lets COPY read that Blob as '/dev/blob';
 * - the instance's `parsers`, set per type OID, are how it reads a type;
 * - drizzle's session of a database or transaction is a `PgliteSession`, whose (private) `client`
 *   is the PGlite instance or its transaction.
 */

/**
 * The types drizzle's PGlite driver reads as the server's text: timestamp, timestamptz, interval,
 * date and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * Open PGlite (a directory, or memory). The instance reads the types drizzle reads as text as
 * text too, so `dugout sql` prints dates and times as the server writes them, as drizzle sees them.
 */
async function openInstance(dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const options = loadDataDir ? { loadDataDir } : {};
  const client = dir ? await PGlite.create(path.resolve(dir), options) : await PGlite.create(options);
  const asText = (value: string) => value;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  return client;
}

/** A PGlite instance or one of its transactions: both run a query with options. */
type PgliteClient = PGlite | Transaction;

/** Run `<head> '/dev/blob'<options>`, the data gathered into one Blob first (PGlite reads it whole). */
async function copyFromBlob(
  client: PgliteClient,
  head: string,
  options: string,
  produce: (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  const parts: Array<string | Uint8Array> = [];
  await produce(async (chunk) => {
    if (chunk.length > 0) parts.push(chunk);
  });
  await client.query(`${head} '/dev/blob'${options}`, [], { blob: new Blob(parts) });
}

/** The connection under a drizzle session of PGlite (its `client`: the instance, or a transaction). */
function connectionOfSession(session: InstanceType<typeof PgliteSession>): DriverConnection {
  // drizzle keeps the client private.
  const client = (session as unknown as { client: PgliteClient }).client;
  return {
    kind: 'pglite',
    // One connection, no statement cache to gain from: a prepared statement runs as any other.
    rows: async <T>(query: SQL) => (await session.execute<Results<T>>(query)).rows,
    copyIn: { kind: 'blob', copyFrom: (head, options, produce) => copyFromBlob(client, head, options, produce) },
  };
}

registerSessionReader((session) => (is(session, PgliteSession) ? connectionOfSession(session) : undefined));

/**
 * Open the embedded warehouse under `dir` (memory when undefined), guarded by a lock file so a
 * second process fails at once.
 */
export async function openPglite(dir: string | undefined, options: DatabaseOptions): Promise<Database> {
  let lock: DirLock | undefined;
  if (dir) {
    const abs = path.resolve(dir);
    mkdirSync(path.dirname(abs), { recursive: true });
    lock = acquireDirLock(abs);
  }
  try {
    const client = await openInstance(dir, options.pgliteDataDir);
    const pgliteDb = drizzle(client, { schema });
    // As for postgres.js: the PGlite database seen through the drivers' common type.
    const db = pgliteDb as unknown as Db;
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
      readOnlySession: (opts, fn) => readOnlySession(client, opts, fn),
      migrate: (folder, _lockKey, run) =>
        run(db, async () => {
          // Loaded only when there is something to apply (a reading command's start skips it).
          const { migrate } = await import('drizzle-orm/pglite/migrator');
          await migrate(pgliteDb, { migrationsFolder: folder });
        }),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** A read-only session: the statement's rows through a server-side cursor fetched in pages. */
async function readOnlySession<T>(
  client: PGlite,
  opts: ReadOnlySessionOptions,
  fn: (session: ReadOnlySession) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await client.transaction(async (tx) => {
    await tx.query(
      opts.snapshot ? 'set transaction read only, isolation level repeatable read' : 'set transaction read only',
    );
    await tx.query(`select set_config('statement_timeout', $1, true)`, [timeoutSetting(opts)]);
    if (opts.snapshot) await tx.query(`select set_config('TimeZone', 'UTC', true)`);
    const who = await tx.query<{ login: string; role: string }>(
      'select session_user::text as login, current_user::text as role',
    );
    result = await fn({
      login: who.rows[0]!.login,
      role: who.rows[0]!.role,
      stream: (text, streamOpts, onBatch) => stream(tx, text, streamOpts, onBatch),
    });
    await tx.rollback();
  });
  return result as T;
}

async function stream(
  tx: Transaction,
  text: string,
  { cursor, batchRows }: { cursor: boolean; batchRows: number },
  onBatch: BatchHandler,
): Promise<ResultColumn[]> {
  const columnsOfFields = (fields: ReadonlyArray<{ name: string; dataTypeID: number }>) =>
    fields.map((f) => ({ name: f.name, typeOid: f.dataTypeID }));
  if (!cursor) {
    // PGlite's query() is the extended protocol: one statement only.
    const r = await tx.query<Row>(text);
    const columns = columnsOfFields(r.fields);
    if (r.rows.length > 0) await onBatch(r.rows, columns);
    return columns;
  }
  // The statement was checked to be one SELECT, the only text DECLARE takes after FOR.
  await tx.query(`declare dugout_sql no scroll cursor for ${text}`);
  try {
    for (;;) {
      const page = await tx.query<Row>(`fetch forward ${batchRows} from dugout_sql`);
      const columns = columnsOfFields(page.fields);
      if (page.rows.length > 0 && (await onBatch(page.rows, columns)) === 'stop') return columns;
      if (page.rows.length < batchRows) return columns;
    }
  } finally {
    // A session may stream several statements (an export does): each declares the cursor anew.
    await tx.query('close dugout_sql').catch(() => {});
  }
}
