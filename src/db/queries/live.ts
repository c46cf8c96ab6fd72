import { type Executor, queryRows, sql } from '../client.js';
import { intList } from '../rows.js';

/** The cursor that records the schedule day the live loop last polled (analytics.live_games shows it). */
export const LIVE_CURSOR = 'live';

/** A game's stored live feed: its text, its timecode, and whether the next fetch must be a full feed. */
export interface StoredLiveFeed {
  text: string;
  timecode: string;
  fullFeedDue: boolean;
  /** The pass's clock when the game's last full feed was stored (null: none recorded). */
  fullFeedAt: Date | null;
}

/** The stored live feed of each of these games that has one. */
export async function readLiveFeeds(db: Executor, gamePks: number[]): Promise<Map<number, StoredLiveFeed>> {
  if (gamePks.length === 0) return new Map();
  const rows = await queryRows<{ pk: number; text: string; timecode: string; due: boolean; at: string | Date | null }>(
    db,
    sql.raw(`select game_pk as pk, body::text as text, feed_timecode as timecode, full_feed_due as due,
                    full_feed_at as at
             from raw.live_feeds where game_pk = any(array[${intList(gamePks)}]::int[])`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.pk),
      { text: r.text, timecode: r.timecode, fullFeedDue: Boolean(r.due), fullFeedAt: r.at ? new Date(r.at) : null },
    ]),
  );
}

/** The games of these schedule days that have a stored live feed (followed until their final load). */
export async function readLiveFeedGames(db: Executor, startDate: string, endDate: string): Promise<number[]> {
  const rows = await queryRows<{ pk: number }>(
    db,
    sql`select f.game_pk as pk from raw.live_feeds f join mlb.games g using (game_pk)
        where g.official_date between ${startDate}::date and ${endDate}::date`,
  );
  return rows.map((r) => Number(r.pk));
}

/**
 * Replace a game's stored live feed (inside the store transaction of {@link storeLiveGame}).
 * `fullFeedAt`: the pass's clock when this is a full feed; undefined for a patched one (the time of
 * the last full feed is kept).
 */
export async function upsertLiveFeed(
  tx: Executor,
  gamePk: number,
  text: string,
  timecode: string,
  runId: number,
  fullFeedAt?: Date,
): Promise<void> {
  const at = fullFeedAt ? fullFeedAt.toISOString() : null;
  await tx.execute(sql`
    insert into raw.live_feeds (game_pk, body, feed_timecode, full_feed_due, stored_at, run_id, full_feed_at)
    values (${gamePk}, ${text}::json, ${timecode}, false, now(), ${runId}, ${at}::timestamptz)
    on conflict (game_pk) do update set
      body = excluded.body, feed_timecode = excluded.feed_timecode, full_feed_due = false,
      stored_at = excluded.stored_at, run_id = excluded.run_id,
      full_feed_at = coalesce(excluded.full_feed_at, raw.live_feeds.full_feed_at)`);
}

/** The timecode of the game's stored live feed, if it has one (read under the game's lock). */
export async function readLiveFeedTimecode(tx: Executor, gamePk: number): Promise<string | undefined> {
  const rows = await queryRows<{ t: string }>(
    tx,
    sql`select feed_timecode as t from raw.live_feeds where game_pk = ${gamePk}`,
  );
  return rows[0]?.t;
}

/** The last diffPatch answer for the game failed: its next fetch is a full feed. */
export async function markFullFeedDue(db: Executor, gamePk: number): Promise<void> {
  await db.execute(sql`update raw.live_feeds set full_feed_due = true where game_pk = ${gamePk}`);
}

/** Drop a game's live feed: its final load stored the game. */
export async function deleteLiveFeed(tx: Executor, gamePk: number): Promise<void> {
  await tx.execute(sql.raw(`delete from raw.live_feeds where game_pk = ${intList([gamePk])}`));
}

/** Drop the live feeds of games that stopped (suspended, postponed, cancelled): no longer followed. */
export async function deleteLiveFeeds(db: Executor, gamePks: number[]): Promise<void> {
  if (gamePks.length === 0) return;
  await db.execute(sql.raw(`delete from raw.live_feeds where game_pk = any(array[${intList(gamePks)}]::int[])`));
}

/** Whether the game's final bodies are stored (its final load ran): a live feed must not replace them. */
export async function hasFinalBodies(tx: Executor, gamePk: number): Promise<boolean> {
  const pk = intList([gamePk]);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql.raw(`select (select count(*) from raw.boxscores where game_pk = ${pk})
                  + (select count(*) from raw.play_by_play where game_pk = ${pk}) as n`),
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Record the schedule day the live loop polled, as of its clock (not the database's). */
export async function setLiveDay(db: Executor, day: string, at: Date, runId: number): Promise<void> {
  await db.execute(sql`
    insert into ingest.cursors (name, position, details, updated_at, run_id)
    values (${LIVE_CURSOR}, ${at.toISOString()}, ${JSON.stringify({ day })}::text::jsonb, now(), ${runId})
    on conflict (name) do update set
      position = excluded.position, details = excluded.details, updated_at = now(), run_id = excluded.run_id`);
}

/** A game of the schedule window as the live loop decides whether to follow it. */
export interface LiveCandidate {
  gamePk: number;
  officialDate: string;
  gameDate: Date | null;
  codedGameState: string;
  abstractGameState: string | null;
  statusCode: string | null;
}

/** The games of the schedule days [startDate, endDate] for these sports, with their states. */
export async function readScheduleGames(
  db: Executor,
  startDate: string,
  endDate: string,
  sportIds: number[],
): Promise<LiveCandidate[]> {
  const rows = await queryRows<{
    pk: number;
    day: string | Date;
    at: string | Date | null;
    coded: string;
    abstract: string | null;
    code: string | null;
  }>(
    db,
    sql`select game_pk as pk, official_date::text as day, game_date as at, coded_game_state as coded,
               abstract_game_state as abstract, status_code as code
        from mlb.games
        where official_date between ${startDate}::date and ${endDate}::date
          and sport_id = any(string_to_array(${sportIds.join(',')}, ',')::int[])`,
  );
  return rows.map((r) => ({
    gamePk: Number(r.pk),
    officialDate: String(r.day).slice(0, 10),
    gameDate: r.at ? new Date(r.at) : null,
    codedGameState: r.coded,
    abstractGameState: r.abstract,
    statusCode: r.code,
  }));
}
