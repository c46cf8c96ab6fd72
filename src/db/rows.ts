import { type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { NotAdapterDatabaseError } from './adapter/index.js';
import { type Executor, executePrepared } from './client.js';
import { type CopyColumn, copyInto, copyTarget, copyText } from './copy.js';
import { identList, quoteIdent } from './identifiers.js';

/** A row to write: any object whose keys are column names (keys that are not columns are ignored). */
type Row = object;

interface TableInfo {
  qualified: SQL;
  name: string;
  columns: Set<string>;
  /** Each column's SQL type (`bigint`, `text`, …), to cast a bound value to. */
  types: Map<string, string>;
  primaryKey: string[];
}

const infoCache = new WeakMap<PgTable, TableInfo>();

function tableInfo(table: PgTable): TableInfo {
  let info = infoCache.get(table);
  if (!info) {
    const cfg = getTableConfig(table);
    const pk =
      cfg.primaryKeys[0]?.columns.map((c) => c.name) ?? cfg.columns.filter((c) => c.primary).map((c) => c.name);
    info = {
      qualified: sql.raw(`${quoteIdent(cfg.schema ?? 'public')}.${quoteIdent(cfg.name)}`),
      name: `${quoteIdent(cfg.schema ?? 'public')}.${quoteIdent(cfg.name)}`,
      columns: new Set(cfg.columns.map((c) => c.name)),
      types: new Map(cfg.columns.map((c) => [c.name, c.getSQLType()])),
      primaryKey: pk,
    };
    infoCache.set(table, info);
  }
  return info;
}

/**
 * Await every promise, leaving none running, then throw the first error raised (in time: on one
 * connection the statements after a failed one only say the transaction is aborted). For statements
 * sent together on a transaction's connection: nothing may reach it after the transaction ends.
 */
export async function settleAll<T extends readonly unknown[]>(
  promises: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  let failed: { err: unknown } | undefined;
  const results = await Promise.all(
    promises.map((p) =>
      Promise.resolve(p).catch((err: unknown) => {
        failed ??= { err };
        return undefined;
      }),
    ),
  );
  if (failed) throw failed.err;
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** A comma list of integers for a statement's text; anything else is a programming error. */
export function intList(values: readonly number[]): string {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${String(v)}`);
  return values.join(',');
}

/** Rows per statement: keeps each JSON parameter at a few MB. */
const CHUNK = 5000;

/**
 * The columns to write: those of `extra` (one value for every row) and the union of the rows' keys
 * (partial rows, e.g. a team known only by id and name, may differ in their keys). The scan stops
 * once every column is found, so rows of one shape cost one row's keys.
 */
function columnList(info: TableInfo, rows: readonly Row[], extra: Record<string, unknown>): string[] {
  const fromExtra = Object.keys(extra).filter((k) => info.columns.has(k));
  const skip = new Set(fromExtra);
  const cols = new Set<string>();
  const all = info.columns.size - skip.size;
  for (const row of rows) {
    for (const k in row) if (!cols.has(k) && info.columns.has(k) && !skip.has(k)) cols.add(k);
    if (cols.size === all) break;
  }
  return [...cols, ...fromExtra];
}

/**
 * `select` of the rows, typed by the table: the rows travel as one JSON text parameter, the
 * `extra` values as one bound parameter each (cast to their column's type) instead of being
 * copied into every row.
 */
function selectFrom(info: TableInfo, cols: string[], rows: readonly Row[], extra: Record<string, unknown>): SQL {
  const json = JSON.stringify(rows);
  const list = cols.map((c) =>
    Object.hasOwn(extra, c)
      ? sql`cast(${extra[c] ?? null} as ${sql.raw(info.types.get(c) ?? 'text')}) as ${sql.raw(quoteIdent(c))}`
      : sql.raw(`r.${quoteIdent(c)}`),
  );
  return sql`select ${sql.join(list, sql`, `)} from json_populate_recordset(null::${info.qualified}, ${json}::text::json) as r`;
}

/**
 * Insert rows in one statement per 5,000 rows: the rows travel as one JSON text parameter and
 * `json_populate_recordset` types them by the table, so there is no 65,534-parameter ceiling and
 * the same SQL runs on postgres.js and PGlite. Keys that are not columns are ignored.
 */
export async function insertRows(
  tx: Executor,
  table: PgTable,
  rows: readonly Row[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const info = tableInfo(table);
  const cols = columnList(info, rows, extra);
  const colNames = identList(cols);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await executePrepared(tx, sql`insert into ${info.qualified} (${colNames}) ${selectFrom(info, cols, chunk, extra)}`);
  }
  return rows.length;
}

/** A table's columns as COPY writes them, or undefined when COPY is not used for it (array columns). */
function copyColumns(info: TableInfo, cols: readonly string[]): CopyColumn[] | undefined {
  const types = cols.map((c) => info.types.get(c) ?? 'text');
  if (types.some((t) => t.endsWith(']'))) return undefined;
  return cols.map((name, i) => ({
    name,
    quoted: quoteIdent(name),
    kind: types[i] === 'json' || types[i] === 'jsonb' ? ('json' as const) : ('scalar' as const),
  }));
}

/**
 * Rows of a table already written as COPY text (on a worker thread, say), with the columns they
 * were written with: {@link copyRows} sends the text as it is. It holds the rows' own values only:
 * a value the same for every row (the run writing them) is the writing transaction's to give, by a
 * column default, so the text is the same whichever run stores it. A worker sends it back as its
 * UTF-8 bytes ({@link encodedAsBytes}).
 */
export interface EncodedRows {
  columns: string[];
  text: string | Uint8Array;
  count: number;
}

/** Stateless, so one encoder serves every table of every game. */
const UTF8 = new TextEncoder();

/**
 * Encoded rows with their text as UTF-8 bytes, in a buffer of their own: what a worker thread hands
 * over (transferred, not copied), so that the receiving thread never holds the text as a string.
 */
export function encodedAsBytes(e: EncodedRows): EncodedRows & { text: Uint8Array } {
  return { ...e, text: typeof e.text === 'string' ? UTF8.encode(e.text) : e.text };
}

/**
 * Write rows as {@link copyRows} would send them without extra values (the same columns, the same
 * text), to be sent later, or undefined when COPY is not used for the table (array columns) or
 * there are no rows.
 */
export function encodeRows(table: PgTable, rows: readonly Row[]): EncodedRows | undefined {
  if (rows.length === 0) return undefined;
  const info = tableInfo(table);
  const cols = columnList(info, rows, {});
  const columns = copyColumns(info, cols);
  if (!columns) return undefined;
  return { columns: cols, text: copyText(columns, {}, rows), count: rows.length };
}

/**
 * Insert rows with `COPY` when the executor is a postgres.js or PGlite transaction (see
 * {@link copyInto}): the same rows as {@link insertRows} for the server's fraction of the work.
 * `encoded` rows ({@link encodeRows}) are sent as they are, in one COPY with the rows where their
 * columns agree (and the rows have no extra values). Resolves to undefined, having sent nothing,
 * where COPY is not used (a table with array columns, an executor that is not the adapter's), so
 * the caller inserts the rows the other way; encoded rows can only go by COPY, and every database
 * the adapter opens takes it. Nothing else may run on the transaction's connection meanwhile.
 */
export async function copyRows(
  tx: Executor,
  table: PgTable,
  rows: readonly Row[],
  extra: Record<string, unknown> = {},
  encoded: readonly EncodedRows[] = [],
): Promise<number | undefined> {
  const target = copyTarget(tx);
  if (!target) {
    // Nor can anything else be written through it (see executePrepared).
    if (encoded.length > 0) throw new NotAdapterDatabaseError();
    return undefined;
  }
  const info = tableInfo(table);
  // One COPY per column list (rows of one extractor share theirs), the rows' own list first.
  const groups = new Map<
    string,
    { cols: string[]; extra: Record<string, unknown>; texts: Array<string | Uint8Array>; rows: readonly Row[] }
  >();
  if (rows.length > 0) {
    const cols = columnList(info, rows, extra);
    if (!copyColumns(info, cols)) {
      if (encoded.length > 0) throw new Error(`rows of ${info.name} were written as COPY text, which it does not take`);
      return undefined;
    }
    groups.set(JSON.stringify([cols, extra]), { cols, extra, texts: [], rows });
  }
  for (const e of encoded) {
    const key = JSON.stringify([e.columns, {}]);
    const group = groups.get(key) ?? { cols: e.columns, extra: {}, texts: [], rows: [] };
    group.texts.push(e.text);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    const columns = copyColumns(info, g.cols);
    if (!columns) throw new Error(`rows of ${info.name} were written as COPY text, which it does not take`);
    await copyInto(target, info.name, columns, g.rows, g.extra, g.texts);
  }
  return encoded.reduce((n, e) => n + e.count, rows.length);
}

/**
 * Upsert rows on the table's primary key. With `keepExisting`, a null in the new row keeps the
 * stored value (for partial rows, e.g. a team known only by id and name from a schedule); with
 * `newerBy`, a stored row is only replaced by one whose value in that column is not older.
 * Rows must be unique by key within one call.
 */
export async function upsertRows(
  tx: Executor,
  table: PgTable,
  rows: readonly Row[],
  opts: { extra?: Record<string, unknown>; keepExisting?: boolean; touch?: string; newerBy?: string } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const info = tableInfo(table);
  const extra = opts.extra ?? {};
  const cols = columnList(info, rows, extra);
  const colNames = identList(cols);
  const pk = identList(info.primaryKey);
  const sets = cols
    .filter((c) => !info.primaryKey.includes(c))
    .map((c) => {
      const q = quoteIdent(c);
      return opts.keepExisting ? `${q} = coalesce(excluded.${q}, ${info.name}.${q})` : `${q} = excluded.${q}`;
    });
  if (opts.touch && info.columns.has(opts.touch)) sets.push(`${quoteIdent(opts.touch)} = now()`);
  // newerBy: a stored row is replaced only by one at least as new in that column (e.g. season).
  const newer = opts.newerBy && info.columns.has(opts.newerBy) ? quoteIdent(opts.newerBy) : undefined;
  const guard = newer ? ` where coalesce(${info.name}.${newer}, 0) <= coalesce(excluded.${newer}, 0)` : '';
  const action = sets.length ? sql.raw(`do update set ${sets.join(', ')}${guard}`) : sql.raw('do nothing');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await executePrepared(
      tx,
      sql`insert into ${info.qualified} (${colNames}) ${selectFrom(info, cols, chunk, extra)} on conflict (${pk}) ${action}`,
    );
  }
  return rows.length;
}

/**
 * Update existing rows by primary key from the given columns (rows absent from the table are
 * ignored): one statement per 5,000 rows, typed by the table like {@link insertRows}.
 */
export async function updateRows(
  tx: Executor,
  table: PgTable,
  rows: readonly Row[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const info = tableInfo(table);
  const cols = columnList(info, rows, extra).filter((c) => !info.primaryKey.includes(c));
  if (cols.length === 0) return 0;
  const sets = sql.raw(cols.map((c) => `${quoteIdent(c)} = r.${quoteIdent(c)}`).join(', '));
  const match = sql.raw(info.primaryKey.map((c) => `t.${quoteIdent(c)} = r.${quoteIdent(c)}`).join(' and '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK).map((r) => ({ ...r, ...extra })));
    await executePrepared(
      tx,
      sql`update ${info.qualified} as t set ${sets} from json_populate_recordset(null::${info.qualified}, ${json}::text::json) as r where ${match}`,
    );
  }
  return rows.length;
}
