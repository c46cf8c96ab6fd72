import { sql } from '../db/client.js';
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

/** Person ids a game's rows reference (batters, pitchers, players with lines). */
export function personIdsOf(rows: GameRows): number[] {
  const ids = new Set<number>();
  for (const r of rows.battingLines) ids.add(Number(r.person_id));
  for (const r of rows.pitchingLines) ids.add(Number(r.person_id));
  for (const r of rows.plays) {
    if (r.batter_id != null) ids.add(Number(r.batter_id));
    if (r.pitcher_id != null) ids.add(Number(r.pitcher_id));
  }
  ids.delete(Number.NaN);
  return [...ids].sort((a, b) => a - b);
}

/** Queue a fetch of every referenced person not yet in mlb.people (sorted, so concurrent loads lock in one order). */
export async function enqueueMissingPeople(tx: Executor, personIds: number[], runId: number): Promise<void> {
  if (personIds.length === 0) return;
  await tx.execute(sql`
    insert into ingest.work_items (kind, key, reason, status, run_id)
    select 'person', id::text, 'game_person', 'pending', ${runId}
    from unnest(string_to_array(${personIds.join(',')}, ',')::int[]) as id
    where not exists (select 1 from mlb.people p where p.person_id = id)
    order by id
    on conflict (kind, key) do nothing`);
}
