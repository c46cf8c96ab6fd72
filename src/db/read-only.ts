import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Sql } from 'postgres';

/** A result column: its name and its type's OID (1082 date, 1114 timestamp, 1184 timestamptz…). */
export interface ResultColumn {
  name: string;
  typeOid: number;
}

export type Row = Record<string, unknown>;

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

/** postgres.js sends a query without parameters with the simple protocol unless told otherwise. */
const EXTENDED_PROTOCOL = { prepare: false, simple: false } as { prepare: boolean };

const timeoutSetting = (opts: ReadOnlySessionOptions) => String(Math.max(1, Math.round(opts.timeoutMs)));

type PostgresColumns = ReadonlyArray<{ name: string; type: number }> | undefined;
const columnsOf = (columns: PostgresColumns): ResultColumn[] =>
  (columns ?? []).map((c) => ({ name: c.name, typeOid: c.type }));

/**
 * A read-only session on a connection of its own from `client`'s pool. The client must read date
 * and time types as text (drizzle's postgres.js driver sets those parsers on it).
 */
export async function postgresReadOnlySession<T>(
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
          const rows = await c.unsafe(text, [], EXTENDED_PROTOCOL);
          const columns = columnsOf(rows.columns);
          if (rows.length > 0) await onBatch([...rows], columns);
          return columns;
        }
        let columns: ResultColumn[] | undefined;
        for await (const rows of c.unsafe(text, [], EXTENDED_PROTOCOL).cursor(batchRows)) {
          // Only the first batch carries the columns.
          columns ??= columnsOf((rows as unknown as { columns: PostgresColumns }).columns);
          if ((await onBatch(rows, columns)) === 'stop') break;
        }
        // No rows, no batch: the statement's description names the columns.
        return columns ?? columnsOf((await c.unsafe(text, [], EXTENDED_PROTOCOL).describe()).columns);
      },
    });
  } finally {
    await c.unsafe('rollback').catch(() => {});
    c.release();
  }
}

/** The same on PGlite: the statement's rows through a server-side cursor fetched in pages. */
export async function pgliteReadOnlySession<T>(
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
      stream: (text, streamOpts, onBatch) => pgliteStream(tx, text, streamOpts, onBatch),
    });
    await tx.rollback();
  });
  return result as T;
}

async function pgliteStream(
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
