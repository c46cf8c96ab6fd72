import { queryRows, sql, type Db } from '../../src/db/client.js';

/** Columns that record when or by which run a row was written, not what it says. */
const VOLATILE = new Set(['run_id', 'updated_at', 'fetched_at', 'created_at', 'done_at', 'loaded_at']);

/** Every base table of the `mlb` schema, by name. */
export async function mlbTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'mlb' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => `mlb.${r.table_name}`);
}

/**
 * Every row of a table, or those `where` picks (the columns that say when or by which run it was written left out), as
 * text, in one order that depends on the rows only: two warehouses that hold the same rows give
 * equal lists, and a difference shows as the rows themselves.
 */
export async function tableRows(
  db: Db,
  table: string,
  omit: readonly string[] = [],
  /** A condition on the table's rows (SQL), to compare a part of it. */
  where?: string,
): Promise<string[]> {
  const [schema, name] = table.split('.');
  const cols = await queryRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_schema = ${schema} and table_name = ${name} order by ordinal_position`,
  );
  const keep = cols.map((c) => c.column_name).filter((c) => !VOLATILE.has(c) && !omit.includes(c));
  const list = keep.map((c) => `"${c}"`).join(', ');
  const rows = await queryRows<{ r: string }>(
    db,
    sql.raw(
      `select r::text as r from (select ${list} from ${table}${where ? ` where ${where}` : ''}) r order by r::text collate "C"`,
    ),
  );
  return rows.map((x) => x.r);
}
