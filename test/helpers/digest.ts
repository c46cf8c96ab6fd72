import { queryRows, sql, type Db } from '../../src/db/client.js';

/** Columns that record when or by which run a row was written, not what it says. */
const VOLATILE = new Set(['run_id', 'updated_at', 'fetched_at', 'created_at', 'done_at']);

/** The tables that hold a game's own rows (each with its `game_pk`), the bodies and the rejects included. */
export const GAME_TABLES = [
  'raw.boxscores',
  'raw.play_by_play',
  'raw.live_feeds',
  'mlb.games',
  'mlb.plays',
  'mlb.pitches',
  'mlb.batting_lines',
  'mlb.pitching_lines',
  'mlb.runners',
  'mlb.fielding_credits',
  'mlb.play_actions',
  'mlb.fielding_lines',
  'mlb.game_officials',
  'mlb.linescore_innings',
  'mlb.reviews',
  'mlb.abs_challenges',
  'ingest.rejects',
];

/** Tables whose contents define "the warehouse" for equality checks. */
export const WAREHOUSE_TABLES = [
  ...GAME_TABLES,
  'raw.people',
  'raw.win_probability',
  'mlb.play_win_probability',
  'mlb.team_seasons',
  'mlb.people',
  'mlb.teams',
  'mlb.venues',
  'mlb.reference_codes',
  'analytics.standings_daily',
  'analytics.run_expectancy',
];

/** A digest of a table's rows (volatile columns left out) with its row count; `where` narrows the rows. */
export async function tableDigest(db: Db, table: string, where?: string): Promise<{ rows: number; md5: string }> {
  const [schema, name] = table.split('.');
  const cols = await queryRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_schema = ${schema} and table_name = ${name} order by ordinal_position`,
  );
  const keep = cols.map((c) => c.column_name).filter((c) => !VOLATILE.has(c) && c !== 'reject_id');
  const list = keep.map((c) => `"${c}"`).join(', ');
  // An order-independent digest: the sum of each row's 60-bit hash (no sort of the whole table).
  const rows = await queryRows<{ n: number; md5: string | null }>(
    db,
    sql.raw(`select count(*)::int as n, coalesce(sum(('x' || substr(md5(r::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as md5
             from (select ${list} from ${table}${where ? ` where ${where}` : ''}) r`),
  );
  return { rows: Number(rows[0]?.n ?? 0), md5: rows[0]?.md5 ?? '' };
}

/** The tables a scoring change touches: current rows, their versions and the changes found. */
export const HISTORY_TABLES = [
  'mlb.plays',
  'mlb.batting_lines',
  'mlb.pitching_lines',
  'mlb.fielding_credits',
  'mlb.plays_history',
  'mlb.batting_lines_history',
  'mlb.pitching_lines_history',
  'mlb.scoring_changes',
];

/** Digest of each of these tables ({@link tableDigest}), as `rows:md5`; `where` narrows the rows. */
export async function tablesDigest(db: Db, tables: readonly string[], where?: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const d = await tableDigest(db, t, where);
    out[t] = `${d.rows}:${d.md5}`;
  }
  return out;
}

/** Digest of every warehouse table. */
export async function warehouseDigest(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const t of WAREHOUSE_TABLES) out[t] = await tableDigest(db, t);
  return out;
}

/** One number from a query. */
export async function scalar(db: Db, query: string): Promise<number> {
  const rows = await queryRows<{ v: number }>(db, sql.raw(query));
  return Number(Object.values(rows[0] ?? { v: 0 })[0]);
}
