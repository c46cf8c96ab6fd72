import { queryRows, sql } from '../db/client.js';
import { insertRows, type Executor } from '../db/rows.js';
import { battingLines, pitches, pitchingLines, plays, rejects } from '../db/schema/index.js';
import { extractBoxscore, extractPlayByPlay, type RejectRow } from '../extract/index.js';

/** Every derived row of one game, as extraction produced them. */
export interface GameRows {
  plays: Record<string, unknown>[];
  pitches: Record<string, unknown>[];
  battingLines: Record<string, unknown>[];
  pitchingLines: Record<string, unknown>[];
  rejects: RejectRow[];
}

/** Extract every derived row of a game from its two bodies (pure). */
export function extractGameRows(gamePk: number, boxscore: unknown, playByPlay: unknown): GameRows {
  const box = extractBoxscore(gamePk, boxscore);
  const pbp = extractPlayByPlay(gamePk, playByPlay);
  return {
    plays: pbp.rows.plays as unknown as Record<string, unknown>[],
    pitches: pbp.rows.pitches as unknown as Record<string, unknown>[],
    battingLines: box.rows.battingLines as unknown as Record<string, unknown>[],
    pitchingLines: box.rows.pitchingLines as unknown as Record<string, unknown>[],
    rejects: [...box.rejects, ...pbp.rejects],
  };
}

/**
 * Replace a game's derived rows: delete every row of the game, then insert the new ones. Run inside
 * the game's transaction, so readers see the old rows or the new ones, never a mix, and rows a
 * correction removed disappear.
 */
export async function replaceGameRows(tx: Executor, gamePk: number, rows: GameRows, runId: number): Promise<number> {
  await tx.execute(sql`delete from mlb.pitches where game_pk = ${gamePk}`);
  await tx.execute(sql`delete from mlb.plays where game_pk = ${gamePk}`);
  await tx.execute(sql`delete from mlb.batting_lines where game_pk = ${gamePk}`);
  await tx.execute(sql`delete from mlb.pitching_lines where game_pk = ${gamePk}`);
  await tx.execute(sql`delete from ingest.rejects where game_pk = ${gamePk}`);
  const extra = { run_id: runId };
  let n = 0;
  n += await insertRows(tx, plays, rows.plays, extra);
  n += await insertRows(tx, pitches, rows.pitches, extra);
  n += await insertRows(tx, battingLines, rows.battingLines, extra);
  n += await insertRows(tx, pitchingLines, rows.pitchingLines, extra);
  await insertRows(
    tx,
    rejects,
    rows.rejects.map((r) => ({ ...r, record: r.record === undefined ? null : r.record })),
    extra,
  );
  return n;
}

/**
 * Queue a fetch of every person a loaded game references who is not in mlb.people yet. Derived from
 * the stored rows in one statement after the games are loaded, so it holds no lock inside a game's
 * transaction and a crash cannot lose it (the next drain derives it again).
 */
export async function enqueueMissingPeople(tx: Executor, runId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with referenced as (
          select person_id as id from mlb.batting_lines
          union select person_id from mlb.pitching_lines
          union select batter_id from mlb.plays where batter_id is not null
          union select pitcher_id from mlb.plays where pitcher_id is not null),
        added as (
          insert into ingest.work_items (kind, key, reason, status, run_id)
          select 'person', r.id::text, 'game_person', 'pending', ${runId}
          from referenced r
          where not exists (select 1 from mlb.people p where p.person_id = r.id)
          order by r.id
          on conflict (kind, key) do nothing
          returning 1)
        select count(*)::int as n from added`,
  );
  return Number(rows[0]?.n ?? 0);
}
