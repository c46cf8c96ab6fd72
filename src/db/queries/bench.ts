import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';
import {
  battingLines,
  fieldingCredits,
  fieldingLines,
  gameOfficials,
  linescoreInnings,
  pitches,
  pitchingLines,
  playActions,
  plays,
  runners,
} from '../schema/index.js';

/** The tables whose row counts the bench prints after a backfill. */
export const BENCH_TABLES = [
  'mlb.games',
  'mlb.plays',
  'mlb.pitches',
  'mlb.batting_lines',
  'mlb.pitching_lines',
  'mlb.people',
  'raw.boxscores',
  'raw.play_by_play',
  'raw.people',
] as const;

/** The row count of each of {@link BENCH_TABLES}. */
export async function benchTableCounts(db: Executor): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of BENCH_TABLES) {
    const [r] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = Number(r?.n ?? 0);
  }
  return out;
}

/** How many games and pitches a warehouse holds (the size the query bench reports its times at). */
export async function gameAndPitchCounts(db: Executor): Promise<{ games: string; pitches: string } | undefined> {
  const [c] = await queryRows<{ games: string; pitches: string }>(
    db,
    sql`select (select count(*) from mlb.games) as games, (select count(*) from mlb.pitches) as pitches`,
  );
  return c;
}

/** The latest standings, as a dashboard panel polls them: timed beside the README's queries. */
export const DASHBOARD_STANDINGS_QUERY =
  'select * from analytics.standings where as_of_date = (select max(as_of_date) from analytics.standings)';

/** Run a statement given as text (the README's, timed by the bench) and return how many rows it gave. */
export async function countStatementRows(db: Executor, text: string): Promise<number> {
  return (await queryRows(db, sql.raw(text))).length;
}

/** A plan node of `EXPLAIN (ANALYZE, FORMAT JSON)`, the fields the row count reads. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Scan nodes that read a table or an index (not a subquery's or a CTE's output). */
const TABLE_SCANS = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
]);

/**
 * Run a statement given as text under `EXPLAIN ANALYZE` and return the table rows its scans read
 * (returned or filtered out, over every loop), per table. Unlike a time, this does not depend on
 * the machine's load: the history bench and the tests compare it between one season and many.
 */
export async function statementRowsRead(db: Executor, text: string): Promise<Record<string, number>> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql.raw(`explain (analyze, format json) ${text}`));
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const out: Record<string, number> = {};
  const walk = (n: PlanNode) => {
    if (TABLE_SCANS.has(n['Node Type'])) {
      const read =
        (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0);
      const table = n['Relation Name'] ?? '?';
      out[table] = (out[table] ?? 0) + read * (n['Actual Loops'] ?? 1);
    }
    for (const c of n.Plans ?? []) walk(c);
  };
  for (const p of plan) walk(p.Plan);
  return out;
}

/** The process id of this connection's server backend (to find the server's postmaster on this host). */
export async function backendPid(db: Executor): Promise<number | undefined> {
  const [row] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  return row ? Number(row.pid) : undefined;
}

/** A game's extracted rows, by table, as the naive loader writes them. */
export interface NaiveGameRows {
  plays: readonly object[];
  pitches: readonly object[];
  battingLines: readonly object[];
  pitchingLines: readonly object[];
  runners: readonly object[];
  fieldingCredits: readonly object[];
  playActions: readonly object[];
  fieldingLines: readonly object[];
  officials: readonly object[];
  linescoreInnings: readonly object[];
}

/**
 * The naive loader's write of one game, the way most scripts write: in one transaction the raw
 * bodies rewritten every time (no hash skip), then one INSERT statement per row through drizzle's
 * builder. The bench's baseline; returns the rows written.
 */
export async function writeGameNaively(
  db: Db,
  gamePk: number,
  bodies: { boxscore: string; playByPlay: string },
  rows: NaiveGameRows,
): Promise<number> {
  let written = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into raw.boxscores (game_pk, body, body_sha256) values (${gamePk}, ${bodies.boxscore}::text::json, '')
      on conflict (game_pk) do update set body = excluded.body`);
    await tx.execute(sql`insert into raw.play_by_play (game_pk, body, body_sha256) values (${gamePk}, ${bodies.playByPlay}::text::json, '')
      on conflict (game_pk) do update set body = excluded.body`);
    const sets: Array<[PgTable, readonly object[]]> = [
      [plays, rows.plays],
      [pitches, rows.pitches],
      [battingLines, rows.battingLines],
      [pitchingLines, rows.pitchingLines],
      [runners, rows.runners],
      [fieldingCredits, rows.fieldingCredits],
      [playActions, rows.playActions],
      [fieldingLines, rows.fieldingLines],
      [gameOfficials, rows.officials],
      [linescoreInnings, rows.linescoreInnings],
    ];
    for (const [table, list] of sets) {
      for (const row of list) {
        await tx.insert(table).values(toDrizzle(table, row)).onConflictDoNothing();
        written++;
      }
    }
  });
  return written;
}

/** snake_case SQL column names → the drizzle table's property names. */
function toDrizzle(table: PgTable, row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [prop, col] of Object.entries(getTableColumns(table))) {
    if (!(col.name in row)) continue;
    const v = (row as Record<string, unknown>)[col.name];
    out[prop] = col.columnType === 'PgTimestamp' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}
