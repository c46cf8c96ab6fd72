import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A transaction or the database: both run the same statements. */
export type Executor = Pick<Db, 'execute'>;

/** A row to write: any object whose keys are column names (keys that are not columns are ignored). */
type Row = object;

interface TableInfo {
  qualified: SQL;
  name: string;
  columns: Set<string>;
  primaryKey: string[];
}

const infoCache = new WeakMap<PgTable, TableInfo>();

function tableInfo(table: PgTable): TableInfo {
  let info = infoCache.get(table);
  if (!info) {
    const cfg = getTableConfig(table);
    const pk = cfg.primaryKeys[0]?.columns.map((c) => c.name) ?? cfg.columns.filter((c) => c.primary).map((c) => c.name);
    const name = `${cfg.schema ?? 'public'}.${cfg.name}`;
    info = {
      qualified: sql.raw(`"${cfg.schema ?? 'public'}"."${cfg.name}"`),
      name,
      columns: new Set(cfg.columns.map((c) => c.name)),
      primaryKey: pk,
    };
    infoCache.set(table, info);
  }
  return info;
}

/** Rows per statement: keeps each JSON parameter at a few MB. */
const CHUNK = 5000;

function columnList(info: TableInfo, rows: readonly Row[], extra: Record<string, unknown>): string[] {
  const cols = new Set<string>();
  // Union of keys: partial rows (e.g. a team known only by id and name) may differ in their keys.
  for (const row of rows) for (const k of Object.keys(row)) if (info.columns.has(k)) cols.add(k);
  for (const k of Object.keys(extra)) if (info.columns.has(k)) cols.add(k);
  return [...cols];
}

function selectFrom(info: TableInfo, cols: string[], rows: readonly Row[], extra: Record<string, unknown>): SQL {
  const json = JSON.stringify(extra && Object.keys(extra).length ? rows.map((r) => ({ ...r, ...extra })) : rows);
  const colSql = sql.raw(cols.map((c) => `r."${c}"`).join(', '));
  return sql`select ${colSql} from json_populate_recordset(null::${info.qualified}, ${json}::text::json) as r`;
}

/**
 * Insert rows in one statement per 5,000 rows: the rows travel as one JSON text parameter and
 * `json_populate_recordset` types them by the table, so there is no 65,534-parameter ceiling and
 * the same SQL runs on postgres.js and PGlite. Keys that are not columns are ignored.
 */
export async function insertRows(tx: Executor, table: PgTable, rows: readonly Row[], extra: Record<string, unknown> = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const info = tableInfo(table);
  const cols = columnList(info, rows, extra);
  const colNames = sql.raw(cols.map((c) => `"${c}"`).join(', '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.execute(sql`insert into ${info.qualified} (${colNames}) ${selectFrom(info, cols, chunk, extra)}`);
  }
  return rows.length;
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
  const colNames = sql.raw(cols.map((c) => `"${c}"`).join(', '));
  const pk = sql.raw(info.primaryKey.map((c) => `"${c}"`).join(', '));
  const sets = cols
    .filter((c) => !info.primaryKey.includes(c))
    .map((c) => (opts.keepExisting ? `"${c}" = coalesce(excluded."${c}", ${info.name}."${c}")` : `"${c}" = excluded."${c}"`));
  if (opts.touch && info.columns.has(opts.touch)) sets.push(`"${opts.touch}" = now()`);
  // newerBy: a stored row is replaced only by one at least as new in that column (e.g. season).
  const guard = opts.newerBy && info.columns.has(opts.newerBy)
    ? ` where coalesce(${info.name}."${opts.newerBy}", 0) <= coalesce(excluded."${opts.newerBy}", 0)`
    : '';
  const action = sets.length ? sql.raw(`do update set ${sets.join(', ')}${guard}`) : sql.raw('do nothing');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.execute(
      sql`insert into ${info.qualified} (${colNames}) ${selectFrom(info, cols, chunk, extra)} on conflict (${pk}) ${action}`,
    );
  }
  return rows.length;
}

/**
 * Update existing rows by primary key from the given columns (rows absent from the table are
 * ignored): one statement per 5,000 rows, typed by the table like {@link insertRows}.
 */
export async function updateRows(tx: Executor, table: PgTable, rows: readonly Row[], extra: Record<string, unknown> = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const info = tableInfo(table);
  const cols = columnList(info, rows, extra).filter((c) => !info.primaryKey.includes(c));
  if (cols.length === 0) return 0;
  const sets = sql.raw(cols.map((c) => `"${c}" = r."${c}"`).join(', '));
  const match = sql.raw(info.primaryKey.map((c) => `t."${c}" = r."${c}"`).join(' and '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK).map((r) => ({ ...r, ...extra })));
    await tx.execute(
      sql`update ${info.qualified} as t set ${sets} from json_populate_recordset(null::${info.qualified}, ${json}::text::json) as r where ${match}`,
    );
  }
  return rows.length;
}
