import { recordNewPaths } from './new-fields.js';
import { newFieldRows } from '../extract/new-paths.js';
import { isoDay, shiftDate } from '../dates.js';
import type { Executor } from '../db/client.js';
import {
  deleteLiveFeeds,
  type LiveCandidate,
  markFullFeedDue,
  readLiveFeedGames,
  readLiveFeeds,
  readScheduleGames,
  setLiveDay,
  type StoredLiveFeed,
} from '../db/queries/live.js';
import { recordPregame } from '../db/queries/pregame.js';
import { storeLiveGame } from '../db/store-game.js';
import { describeError } from '../errors.js';
import { asObject, extractFeedProbables, splitFeedLive } from '../extract/index.js';
import { applyLivePatch, LIVE_PATCH_LIMITS } from '../extract/live-patch.js';
import type { PipelineContext } from './context.js';
import { extractPackedGameRows } from './load/game-rows.js';
import { pollSchedule } from './poll/schedule.js';
import { sleep } from '../sleep.js';

/** The feed's own poll interval when it names none (the real feed says 10 seconds). */
export const DEFAULT_LIVE_WAIT_SECONDS = 10;

/** How long before its scheduled start a game keeps the loop polling the schedule for its warm-up. */
export const LIVE_LEAD_MS = 30 * 60_000;

/** Between passes that follow no game (waiting for a warm-up), the loop polls the schedule this often. */
export const LIVE_IDLE_WAIT_SECONDS = 60;

/**
 * How far after the pass's clock a feed's metaData.timeStamp may be and still be believed (clocks
 * differ by a little; a feed dated later than this is refused as `future`).
 */
export const LIVE_FUTURE_TOLERANCE_SECONDS = 120;

/**
 * A followed game's stored feed is checked against a full feed when its last full feed is this old
 * (by the pass's clock): whatever went wrong with a patch that applied (one meant for another game,
 * say), the stored feed is the API's again within this interval plus one wait. Ten minutes costs
 * about 18 full feeds over a 3-hour game: the real feed is about 0.6 MB, so some 11 MB a game
 * beside the patches, where polling the full feed every 10 seconds would cost some 650 MB.
 */
export const LIVE_FULL_CHECK_SECONDS = 600;

/**
 * Why an answer was dropped although it arrived whole: `stale`, older than the stored feed (or than
 * what another loop stored meanwhile); `future`, dated after the pass's clock plus
 * {@link LIVE_FUTURE_TOLERANCE_SECONDS}; `foreign`, not the feed of the game asked for; `too-large`,
 * a patch that takes the document past the body limit while it is applied.
 */
export const LIVE_REJECT_REASONS = ['stale', 'future', 'foreign', 'too-large'] as const;
export type LiveRejectReason = (typeof LIVE_REJECT_REASONS)[number];

/** What one pass of the live loop did: per-game fetch kinds, bytes received, lag, and the wait it asks. */
export interface LivePassResult {
  day: string;
  followed: number;
  fullFetches: number;
  /** Of the full feeds, those fetched because the game's last full feed was {@link LIVE_FULL_CHECK_SECONDS} old. */
  checkFetches: number;
  patchFetches: number;
  /** diffPatch answers that were empty: nothing changed. */
  unchanged: number;
  /** Answers that were not applied (an error, a gap, a patch that did not apply, a malformed body, a rejected one). */
  applyFailures: number;
  /** Answers dropped by reason (counted in applyFailures too): each game gets a full feed next pass. */
  rejected: Record<LiveRejectReason, number>;
  /** Games whose request or answer failed this pass (no new state stored for them). */
  failedGames: number[];
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

/**
 * Coded states in which a game is not followed even with a stored feed: suspended (U, T) until its
 * resumption, postponed (D) and cancelled (C). Their stored live feed is deleted (their `mlb.*`
 * rows stay, `mlb.games` saying the state); a resumed game is followed again from a full feed.
 */
const STOPPED_STATES = new Set(['U', 'T', 'D', 'C']);

/** Whether the schedule says the game stopped: suspended, postponed or cancelled. */
export function isStopped(g: Pick<LiveCandidate, 'codedGameState'>): boolean {
  return STOPPED_STATES.has(g.codedGameState);
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

/** The feed timecode (`YYYYMMDD_HHMMSS`, UTC) of an instant. */
export function timecodeOf(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
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
 * replaces the game's stored feed and rows in one transaction (with, for a game not started, the
 * probables it names: mlb.pregame_probables). A failed answer stores nothing and
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
  const stopped = games.filter((g) => withFeed.has(g.gamePk) && isStopped(g)).map((g) => g.gamePk);
  if (stopped.length > 0) {
    await deleteLiveFeeds(ctx.db, stopped);
    ctx.log.info({ games: stopped }, 'suspended, postponed or cancelled: live feeds dropped, no longer followed');
  }
  const followed = games.filter((g) => isFollowed(g) || (withFeed.has(g.gamePk) && !isStopped(g))).map((g) => g.gamePk);
  const result: LivePassResult = {
    day,
    followed: followed.length,
    fullFetches: 0,
    checkFetches: 0,
    patchFetches: 0,
    unchanged: 0,
    applyFailures: 0,
    rejected: { stale: 0, future: 0, foreign: 0, 'too-large': 0 },
    failedGames: [],
    stored: 0,
    fullBytes: 0,
    patchBytes: 0,
    maxLagSeconds: 0,
    lagSeconds: {},
    waitSeconds: DEFAULT_LIVE_WAIT_SECONDS,
    due: games.filter((g) => isDue(g, now)).length,
  };
  const waits: number[] = [];
  const trustedUntil = trustLimit(ctx, now);
  // At most `concurrency` games in hand at once, each reading its stored feed when its turn comes:
  // the pass holds a few feeds (text, parsed, patched), not every followed game's.
  let next = 0;
  const worker = async () => {
    while (next < followed.length) {
      const gamePk = followed[next++]!;
      const stored = (await readLiveFeeds(ctx.db, [gamePk])).get(gamePk);
      const timecode = await followGame(ctx, { gamePk, stored, trustedUntil, now }, result, waits);
      if (timecode) {
        const lag = lagSeconds(timecode, now);
        result.lagSeconds[String(gamePk)] = lag;
        result.maxLagSeconds = Math.max(result.maxLagSeconds, lag);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, ctx.config.concurrency), followed.length) }, worker));
  if (waits.length > 0) result.waitSeconds = Math.min(...waits);
  ctx.log.info({ ...result, lagSeconds: undefined }, 'live pass');
  return result;
}

/** A game the pass follows: its stored feed (if any) and the latest timecode the pass's clock believes. */
interface FollowedGame {
  gamePk: number;
  stored: StoredLiveFeed | undefined;
  trustedUntil: string;
  /** The pass's clock. */
  now: Date;
}

/** Whether the game's stored feed is due its check against a full feed ({@link LIVE_FULL_CHECK_SECONDS}). */
function checkDue(game: FollowedGame): boolean {
  const at = game.stored?.fullFeedAt;
  return !at || game.now.getTime() - at.getTime() >= LIVE_FULL_CHECK_SECONDS * 1000;
}

/**
 * The latest feed timecode believed: the later of our clock and the API's (the `Date` header of its
 * latest answer), plus {@link LIVE_FUTURE_TOLERANCE_SECONDS}. Feeds are dated by the API's clock,
 * which a replayed day (`--now`) or a simulator running fast moves apart from ours; a forged
 * timestamp is still past both.
 */
function trustLimit(ctx: PipelineContext, now: Date): string {
  const apiNow = ctx.client.serverNow?.()?.getTime() ?? 0;
  return timecodeOf(new Date(Math.max(now.getTime(), apiNow) + LIVE_FUTURE_TOLERANCE_SECONDS * 1000));
}

/**
 * Why a whole feed (a full feed, or one given in answer to a diffPatch) must not be stored for the
 * game: another game's, dated in the future, or older than the stored feed (a stored feed itself
 * dated in the future is not believed, so an older feed may replace it).
 */
function feedRejection(game: FollowedGame, feed: unknown): LiveRejectReason | undefined {
  const parts = splitFeedLive(feed);
  if (parts.gamePk !== null && parts.gamePk !== undefined && parts.gamePk !== game.gamePk) return 'foreign';
  const t = parts.timeStamp;
  if (!t) return undefined; // not a feed: refused when stored
  if (t > game.trustedUntil) return 'future';
  const before = game.stored?.timecode;
  if (before !== undefined && t < before && before <= game.trustedUntil) return 'stale';
  return undefined;
}

/** Drop an answer: count it by reason, and make the game's next request a full feed. */
async function reject(
  ctx: PipelineContext,
  game: FollowedGame,
  reason: LiveRejectReason,
  message: string,
  result: LivePassResult,
): Promise<string | undefined> {
  noteFailure(result, game);
  result.rejected[reason]++;
  await markFullFeedDue(ctx.db, game.gamePk);
  ctx.log.warn({ gamePk: game.gamePk, reason, message }, 'live answer rejected: a full feed next pass');
  return game.stored?.timecode;
}

/** One request for one game, and what it changed; the game's feed timecode afterwards (if any). */
async function followGame(
  ctx: PipelineContext,
  game: FollowedGame,
  result: LivePassResult,
  waits: number[],
): Promise<string | undefined> {
  const { gamePk, stored } = game;
  if (ctx.signal.aborted) return stored?.timecode;
  // A stored feed dated in the future is not believed: a patch from its timecode would answer [].
  const check = stored !== undefined && !stored.fullFeedDue && checkDue(game);
  if (!stored || stored.fullFeedDue || stored.timecode > game.trustedUntil || check) {
    let res: { text: string; body: unknown };
    try {
      res = await ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal });
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      noteFailure(result, game);
      ctx.log.warn({ gamePk, err: (err as Error).message }, 'live feed failed: asked again next pass');
      return stored?.timecode;
    }
    ctx.counts.requests++;
    game.trustedUntil = trustLimit(ctx, game.now);
    result.fullFetches++;
    if (check) result.checkFetches++;
    result.fullBytes += Buffer.byteLength(res.text);
    const why = feedRejection(game, res.body);
    if (why) return reject(ctx, game, why, 'the full feed', result);
    noteWait(res.body, waits);
    const timecode = await storeFeed(ctx, game, res.body, res.text, result, true);
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
    noteFailure(result, game);
    await markFullFeedDue(ctx.db, gamePk);
    ctx.log.warn({ gamePk, err: (err as Error).message }, 'diffPatch failed: a full feed next pass');
    return stored.timecode;
  }
  ctx.counts.requests++;
  game.trustedUntil = trustLimit(ctx, game.now);
  result.patchFetches++;
  result.patchBytes += Buffer.byteLength(answer.text);
  const limits = { ...LIVE_PATCH_LIMITS, maxDocumentBytes: ctx.config.maxBodyBytes };
  const applied = applyLivePatch(JSON.parse(stored.text), answer.body, stored.timecode, limits);
  if (applied.ok) {
    if (!applied.changed) {
      noteWait(applied.feed, waits);
      result.unchanged++;
      return stored.timecode;
    }
    if (applied.timeStamp > game.trustedUntil)
      return reject(ctx, game, 'future', `the patch dates the feed ${applied.timeStamp}`, result);
    const text = JSON.stringify(applied.feed);
    if (Buffer.byteLength(text) > ctx.config.maxBodyBytes)
      return reject(ctx, game, 'too-large', 'the patched feed is over STATSAPI_MAX_BODY_BYTES', result);
    noteWait(applied.feed, waits);
    return storeFeed(ctx, game, applied.feed, text, result);
  }
  const failure = applied.failure;
  if (failure.kind === 'full-document') {
    // The API answered with a whole feed: the feed of the moment, unless it is another game's, older or future.
    const why = feedRejection(game, failure.document);
    if (why) return reject(ctx, game, why, 'a whole feed in answer to diffPatch', result);
    noteWait(failure.document, waits);
    return storeFeed(ctx, game, failure.document, answer.text, result, true);
  }
  if (failure.kind === 'stale' || failure.kind === 'foreign' || failure.kind === 'too-large')
    return reject(ctx, game, failure.kind, failure.message, result);
  noteFailure(result, game);
  await markFullFeedDue(ctx.db, gamePk);
  ctx.log.warn({ gamePk, failure: failure.kind, message: failure.message }, 'diffPatch not applied');
  return stored.timecode;
}

/** An answer of this game was not applied: counted, and the game named among the pass's failures. */
function noteFailure(result: LivePassResult, game: FollowedGame): void {
  result.applyFailures++;
  if (!result.failedGames.includes(game.gamePk)) result.failedGames.push(game.gamePk);
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
  game: FollowedGame,
  feed: unknown,
  text: string,
  result: LivePassResult,
  whole = false,
): Promise<string | undefined> {
  try {
    return await storeFeedRows(ctx, game, feed, text, result, whole);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    noteFailure(result, game);
    ctx.log.error({ gamePk: game.gamePk, err: describeError(err) }, 'live feed not stored: asked again next pass');
    return undefined;
  }
}

async function storeFeedRows(
  ctx: PipelineContext,
  game: FollowedGame,
  feed: unknown,
  text: string,
  result: LivePassResult,
  whole: boolean,
): Promise<string | undefined> {
  const { gamePk } = game;
  const parts = splitFeedLive(feed);
  if (!parts.timeStamp || !asObject(parts.boxscore) || !asObject(parts.playByPlay) || parts.gamePk !== gamePk) {
    noteFailure(result, game);
    ctx.log.warn({ gamePk }, 'live feed without metaData.timeStamp, liveData.boxscore or liveData.plays: not stored');
    return undefined;
  }
  const timecode = parts.timeStamp;
  const gameData = asObject(parts.gameData);
  const inProgress = asObject(gameData?.status)?.abstractGameState === 'Live';
  const rows = () =>
    extractPackedGameRows(gamePk, parts.boxscore, parts.playByPlay, undefined, gameData?.absChallenges, inProgress);
  const toStore = {
    gamePk,
    text,
    timecode,
    trustedUntil: game.trustedUntil,
    ...(whole ? { fullFeedAt: game.now } : {}),
  };
  // A game not started names its probables: announcements seen now, in the same history as the
  // pregame poll's (mlb.pregame_probables), written with the feed they were seen in (the game asked for only).
  const probables = extractFeedProbables(feed).filter((p) => p.game_pk === gamePk);
  const outcome = await ctx.db.transaction(async (tx) => {
    const stored = await storeLiveGame(tx, toStore, rows, ctx.runId);
    if (stored.outcome === 'stored' && probables.length > 0)
      await recordPregame(tx, { probables, lineups: [], officials: [], weather: [] }, game.now, ctx.runId);
    return stored;
  });
  if (outcome.outcome === 'stale') {
    // Another loop stored a newer feed meanwhile: this one is dropped, and the game checked in full.
    await reject(ctx, game, 'stale', `another loop stored ${outcome.storedTimecode} meanwhile`, result);
    return outcome.storedTimecode;
  }
  if (outcome.outcome === 'stored') {
    result.stored++;
    // The run's ledger counts each stored feed as a game load: its rows were replaced.
    ctx.counts.loaded++;
    ctx.counts.gamesLoaded++;
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
    // `--once` (cron) fails when every game it followed failed: nothing it was asked for moved.
    if (opts.once && pass.followed > 0 && pass.failedGames.length === pass.followed) ctx.counts.failed += pass.followed;
    if (opts.once || ctx.signal.aborted || (opts.untilIdle && pass.followed === 0 && pass.due === 0)) return total;
    const wait = pass.followed === 0 ? LIVE_IDLE_WAIT_SECONDS : pass.waitSeconds;
    const waitMs = Math.max(wait, ctx.config.liveMinWaitSeconds) * 1000;
    try {
      await sleep(waitMs, ctx.signal);
    } catch {
      return total;
    }
  }
}

/** {@link liveWorkExpected} of the stored schedule of yesterday and today (reads only the database). */
export async function liveWorkExpectedNow(db: Executor, now: Date, sportIds: number[]): Promise<boolean> {
  return liveWorkExpected(await readScheduleGames(db, shiftDate(now, -1), isoDay(now), sportIds), now);
}
