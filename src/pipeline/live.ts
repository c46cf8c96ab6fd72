import { setTimeout as sleep } from 'node:timers/promises';
import { newFieldRows, recordNewPaths } from './new-fields.js';
import { isoDay, shiftDate } from '../dates.js';
import type { Executor } from '../db/client.js';
import type { GameRows } from '../db/queries/game-rows.js';
import {
  type LiveCandidate,
  markFullFeedDue,
  readLiveFeedGames,
  readLiveFeeds,
  readScheduleGames,
  setLiveDay,
  type StoredLiveFeed,
} from '../db/queries/live.js';
import { storeLiveGame } from '../db/store-game.js';
import { describeError } from '../errors.js';
import { asObject, splitFeedLive } from '../extract/index.js';
import { applyLivePatch } from '../extract/live-patch.js';
import type { PipelineContext } from './context.js';
import { extractGameRows } from './load/game-rows.js';
import { pollSchedule } from './poll/schedule.js';

/** The feed's own poll interval when it names none (the real feed says 10 seconds). */
export const DEFAULT_LIVE_WAIT_SECONDS = 10;

/** How long before its scheduled start a game keeps the loop polling the schedule for its warm-up. */
export const LIVE_LEAD_MS = 30 * 60_000;

/** Between passes that follow no game (waiting for a warm-up), the loop polls the schedule this often. */
export const LIVE_IDLE_WAIT_SECONDS = 60;

/** What one pass of the live loop did: per-game fetch kinds, bytes received, lag, and the wait it asks. */
export interface LivePassResult {
  day: string;
  followed: number;
  fullFetches: number;
  patchFetches: number;
  /** diffPatch answers that were empty: nothing changed. */
  unchanged: number;
  /** Answers that were not applied (an error, a gap, a patch that did not apply, a malformed body). */
  applyFailures: number;
  stored: number;
  fullBytes: number;
  patchBytes: number;
  /** Seconds between the pass's clock and each followed game's stored feed timecode, the largest. */
  maxLagSeconds: number;
  /** Per followed game: its lag in seconds (now − feed timecode). */
  lagSeconds: Record<string, number>;
  /** The wait the feeds ask for before the next pass (their metaData.wait, the smallest). */
  waitSeconds: number;
  /** Games not followed yet that are due to start within {@link LIVE_LEAD_MS} (or late to). */
  due: number;
}

/**
 * Whether the live loop follows a game in this state: in progress (abstractGameState Live: in
 * progress, delayed, a challenge or a review), or in its warm-up or a delayed start (Preview with a
 * status code other than plain Pre-Game). A suspended game (U, T) waits for its resumption.
 */
export function isFollowed(g: Pick<LiveCandidate, 'codedGameState' | 'abstractGameState' | 'statusCode'>): boolean {
  if (g.abstractGameState === 'Live') return g.codedGameState !== 'U' && g.codedGameState !== 'T';
  return g.codedGameState === 'P' && g.statusCode !== null && g.statusCode !== 'P';
}

/** A game the schedule still shows before its warm-up although it starts within {@link LIVE_LEAD_MS}. */
export function isDue(g: LiveCandidate, now: Date): boolean {
  if (isFollowed(g) || (g.codedGameState !== 'S' && g.codedGameState !== 'P')) return false;
  return g.gameDate !== null && g.gameDate.getTime() <= now.getTime() + LIVE_LEAD_MS;
}

/**
 * Whether the live loop has anything to do now, from the stored schedule (no request): a game of
 * yesterday or today is live or due to start. What the daemon checks before it starts the loop.
 */
export function liveWorkExpected(games: readonly LiveCandidate[], now: Date): boolean {
  return games.some((g) => isFollowed(g) || isDue(g, now));
}

/**
 * The schedule day a dashboard shows: the official date of the latest game that has started by
 * `now` (last night's games stay "today" until the first game of the new day starts), else `now`'s date.
 */
export function liveDay(games: readonly LiveCandidate[], now: Date): string {
  let best: LiveCandidate | undefined;
  for (const g of games) {
    if (!g.gameDate || g.gameDate.getTime() > now.getTime()) continue;
    if (!best || g.gameDate > (best.gameDate as Date)) best = g;
  }
  return best?.officialDate ?? isoDay(now);
}

/** Seconds from a feed timecode (`YYYYMMDD_HHMMSS`, UTC) to `now`. */
export function lagSeconds(timecode: string, now: Date): number {
  const m = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})$/.exec(timecode);
  if (!m) return Number.NaN;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Math.round((now.getTime() - at) / 1000);
}

/**
 * One pass of the live loop: poll the schedule of yesterday and today (queuing games that turned
 * final for the worklist), then for every game that is live now, and every game still holding a
 * live feed, make exactly one request: the full feed the first time (or after a failed patch),
 * else the diffPatch from the stored timecode. An empty answer changes nothing; a changed feed
 * replaces the game's stored feed and rows in one transaction. A failed answer stores nothing and
 * makes the game's next request a full feed.
 */
export async function runLivePass(ctx: PipelineContext, opts: { sportIds?: number[] } = {}): Promise<LivePassResult> {
  const now = ctx.now();
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  const startDate = shiftDate(now, -1);
  const endDate = isoDay(now);
  await pollSchedule(ctx, { startDate, endDate, sportIds }, 'new_final');
  const games = await readScheduleGames(ctx.db, startDate, endDate, sportIds);
  const day = liveDay(games, now);
  await setLiveDay(ctx.db, day, now, ctx.runId);
  const withFeed = new Set(await readLiveFeedGames(ctx.db, startDate, endDate));
  const followed = games.filter((g) => isFollowed(g) || withFeed.has(g.gamePk)).map((g) => g.gamePk);
  const stored = await readLiveFeeds(ctx.db, followed);
  const result: LivePassResult = {
    day,
    followed: followed.length,
    fullFetches: 0,
    patchFetches: 0,
    unchanged: 0,
    applyFailures: 0,
    stored: 0,
    fullBytes: 0,
    patchBytes: 0,
    maxLagSeconds: 0,
    lagSeconds: {},
    waitSeconds: DEFAULT_LIVE_WAIT_SECONDS,
    due: games.filter((g) => isDue(g, now)).length,
  };
  const waits: number[] = [];
  await Promise.all(
    followed.map(async (gamePk) => {
      const timecode = await followGame(ctx, gamePk, stored.get(gamePk), result, waits);
      if (timecode) {
        const lag = lagSeconds(timecode, now);
        result.lagSeconds[String(gamePk)] = lag;
        result.maxLagSeconds = Math.max(result.maxLagSeconds, lag);
      }
    }),
  );
  if (waits.length > 0) result.waitSeconds = Math.min(...waits);
  ctx.log.info({ ...result, lagSeconds: undefined }, 'live pass');
  return result;
}

/** One request for one game, and what it changed; the game's feed timecode afterwards (if any). */
async function followGame(
  ctx: PipelineContext,
  gamePk: number,
  stored: StoredLiveFeed | undefined,
  result: LivePassResult,
  waits: number[],
): Promise<string | undefined> {
  if (ctx.signal.aborted) return stored?.timecode;
  if (!stored || stored.fullFeedDue) {
    let res: { text: string; body: unknown };
    try {
      res = await ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal });
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      result.applyFailures++;
      ctx.log.warn({ gamePk, err: (err as Error).message }, 'live feed failed: asked again next pass');
      return stored?.timecode;
    }
    ctx.counts.requests++;
    result.fullFetches++;
    result.fullBytes += Buffer.byteLength(res.text);
    noteWait(res.body, waits);
    const timecode = await storeFeed(ctx, gamePk, res.body, res.text, result);
    await recordNewPaths(ctx, newFieldRows('feed', res.body, String(gamePk)));
    return timecode;
  }
  let answer: { text: string; body: unknown };
  try {
    answer = await ctx.client.call(
      'liveGameDiffPatchV1',
      { game_pk: gamePk, startTimecode: stored.timecode },
      { signal: ctx.signal },
    );
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    result.applyFailures++;
    await markFullFeedDue(ctx.db, gamePk);
    ctx.log.warn({ gamePk, err: (err as Error).message }, 'diffPatch failed: a full feed next pass');
    return stored.timecode;
  }
  ctx.counts.requests++;
  result.patchFetches++;
  result.patchBytes += Buffer.byteLength(answer.text);
  const applied = applyLivePatch(JSON.parse(stored.text), answer.body, stored.timecode);
  if (applied.ok) {
    noteWait(applied.feed, waits);
    if (!applied.changed) {
      result.unchanged++;
      return stored.timecode;
    }
    return storeFeed(ctx, gamePk, applied.feed, JSON.stringify(applied.feed), result);
  }
  if (applied.failure.kind === 'full-document') {
    // The API answered with a whole feed: it is the feed of the moment.
    noteWait(applied.failure.document, waits);
    return storeFeed(ctx, gamePk, applied.failure.document, answer.text, result);
  }
  result.applyFailures++;
  await markFullFeedDue(ctx.db, gamePk);
  ctx.log.warn({ gamePk, failure: applied.failure.kind, message: applied.failure.message }, 'diffPatch not applied');
  return stored.timecode;
}

function noteWait(feed: unknown, waits: number[]): void {
  const wait = asObject(asObject(feed)?.metaData)?.wait;
  if (typeof wait === 'number' && Number.isFinite(wait) && wait > 0) waits.push(wait);
}

/**
 * Store a game's new feed and its rows; the feed's timecode, or undefined when it is not a game
 * feed. A store that throws (a feed the extraction cannot read, a database error) costs this game
 * its update, not the pass: the game is asked again at the next pass.
 */
async function storeFeed(
  ctx: PipelineContext,
  gamePk: number,
  feed: unknown,
  text: string,
  result: LivePassResult,
): Promise<string | undefined> {
  try {
    return await storeFeedRows(ctx, gamePk, feed, text, result);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    result.applyFailures++;
    ctx.log.error({ gamePk, err: describeError(err) }, 'live feed not stored: asked again next pass');
    return undefined;
  }
}

async function storeFeedRows(
  ctx: PipelineContext,
  gamePk: number,
  feed: unknown,
  text: string,
  result: LivePassResult,
): Promise<string | undefined> {
  const parts = splitFeedLive(feed);
  if (!parts.timeStamp || !asObject(parts.boxscore) || !asObject(parts.playByPlay) || parts.gamePk !== gamePk) {
    result.applyFailures++;
    ctx.log.warn({ gamePk }, 'live feed without metaData.timeStamp, liveData.boxscore or liveData.plays: not stored');
    return undefined;
  }
  const timecode = parts.timeStamp;
  const rows = (): GameRows =>
    extractGameRows(gamePk, parts.boxscore, parts.playByPlay, undefined, asObject(parts.gameData)?.absChallenges);
  const outcome = await ctx.db.transaction((tx) => storeLiveGame(tx, { gamePk, text, timecode }, rows, ctx.runId));
  if (outcome.outcome === 'stored') {
    result.stored++;
    ctx.counts.rejected += outcome.rejects;
  }
  return timecode;
}

/** The live loop's totals over its passes, and its last pass. */
export interface LiveLoopResult {
  passes: number;
  fullFetches: number;
  patchFetches: number;
  applyFailures: number;
  fullBytes: number;
  patchBytes: number;
  last: LivePassResult | undefined;
}

/**
 * Follow live games: one pass, then (unless `once`) wait the feeds' `metaData.wait` seconds (at
 * least DUGOUT_LIVE_MIN_WAIT_SECONDS; a minute while no game is followed) and pass again, until
 * stopped or, with `untilIdle` (the daemon), until a pass finds no game to follow and none due.
 */
export async function runLiveLoop(
  ctx: PipelineContext,
  opts: { once: boolean; untilIdle?: boolean; onPass?: (pass: LivePassResult) => void },
): Promise<LiveLoopResult> {
  const total: LiveLoopResult = {
    passes: 0,
    fullFetches: 0,
    patchFetches: 0,
    applyFailures: 0,
    fullBytes: 0,
    patchBytes: 0,
    last: undefined,
  };
  for (;;) {
    const pass = await runLivePass(ctx);
    total.passes++;
    total.fullFetches += pass.fullFetches;
    total.patchFetches += pass.patchFetches;
    total.applyFailures += pass.applyFailures;
    total.fullBytes += pass.fullBytes;
    total.patchBytes += pass.patchBytes;
    total.last = pass;
    opts.onPass?.(pass);
    ctx.saveCounts?.();
    if (opts.once || ctx.signal.aborted || (opts.untilIdle && pass.followed === 0 && pass.due === 0)) return total;
    const wait = pass.followed === 0 ? LIVE_IDLE_WAIT_SECONDS : pass.waitSeconds;
    const waitMs = Math.max(wait, ctx.config.liveMinWaitSeconds) * 1000;
    try {
      await sleep(waitMs, undefined, { signal: ctx.signal });
    } catch {
      return total;
    }
  }
}

/** {@link liveWorkExpected} of the stored schedule of yesterday and today (reads only the database). */
export async function liveWorkExpectedNow(db: Executor, now: Date, sportIds: number[]): Promise<boolean> {
  return liveWorkExpected(await readScheduleGames(db, shiftDate(now, -1), isoDay(now), sportIds), now);
}
