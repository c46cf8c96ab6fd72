import { addDays, isoDay } from '../dates.js';
import { advanceCursor, readCursor } from '../db/queries/cursors.js';
import { gamesStartingBetween } from '../db/queries/pregame-due.js';
import { recordPregame } from '../db/queries/pregame.js';
import { storeResponse } from '../db/queries/raw-bodies.js';
import { storeRejects } from '../db/queries/rejects.js';
import { transactionWithRetry } from '../db/retry-transaction.js';
import { ApiUnreachableError, describeError } from '../errors.js';
import { bodySha256 } from '../extract/hash.js';
import { extractPregame } from '../extract/pregame.js';
import type { PipelineContext } from './context.js';

/** The cursor of the last pregame poll that listed the week ahead. */
export const PREGAME_CURSOR = 'pregame';
/** Days ahead whose probables a poll records (today included: today … today+7). */
export const PREGAME_DAYS_AHEAD = 7;
/** The week ahead is polled this often at least (probables change a few times a day at most). */
export const PREGAME_WEEK_EVERY_MS = 3 * 3_600_000;
/** From this long before a game's start, every 10-minute tick polls (lineups, weather, late changes). */
export const PREGAME_WINDOW_MS = 4 * 3_600_000;
export const PREGAME_HYDRATE = ['probablePitcher', 'lineups', 'officials', 'weather'] as const;

export interface PregameOptions {
  /** Poll only when due: a game starts within four hours, or the week ahead was last polled three hours ago or more. */
  ifDue?: boolean;
  sportIds?: number[];
}

export interface PregameResult {
  polled: boolean;
  reason: string;
  requests: number;
  failed: number;
  probables: number;
  lineups: number;
  officials: number;
  weather: number;
}

/** Whether a poll is due at `now`, and why. */
export async function pregameDue(ctx: PipelineContext, now: Date): Promise<{ due: boolean; reason: string }> {
  const last = await readCursor(ctx.db, PREGAME_CURSOR);
  if (!last) return { due: true, reason: 'first poll' };
  if (now.getTime() - last.getTime() >= PREGAME_WEEK_EVERY_MS) return { due: true, reason: 'week ahead' };
  const soon = await gamesStartingBetween(
    ctx.db,
    new Date(now.getTime() - 3_600_000),
    new Date(now.getTime() + PREGAME_WINDOW_MS),
  );
  return soon > 0 ? { due: true, reason: `${soon} game(s) within 4 hours` } : { due: false, reason: 'nothing due' };
}

/**
 * One pregame poll: per sport, the schedule of yesterday … today+7 (UTC days) hydrated with the probables, the
 * lineups, the officials and the weather (one request), its announcements of the games not started
 * recorded as first seen now (dugout's clock) in the four mlb.pregame_* tables. A sport whose
 * request fails is logged and counted; the next poll records what it sees then (nothing announced
 * and still visible is lost, its first sight is only later).
 */
export async function runPregame(ctx: PipelineContext, opts: PregameOptions = {}): Promise<PregameResult> {
  const now = ctx.now();
  const out: PregameResult = {
    polled: false,
    reason: '',
    requests: 0,
    failed: 0,
    probables: 0,
    lineups: 0,
    officials: 0,
    weather: 0,
  };
  if (opts.ifDue) {
    const due = await pregameDue(ctx, now);
    out.reason = due.reason;
    if (!due.due) return out;
  } else out.reason = 'asked';
  out.polled = true;
  // From yesterday (UTC): an evening game in the Americas has yesterday's official date after midnight UTC.
  const today = isoDay(now);
  for (const sportId of opts.sportIds ?? ctx.config.sportIds) {
    if (ctx.signal.aborted) break;
    const params = {
      sportId,
      startDate: addDays(today, -1),
      endDate: addDays(today, PREGAME_DAYS_AHEAD),
      hydrate: [...PREGAME_HYDRATE],
    };
    try {
      const res = await ctx.client.call('schedule', params, { signal: ctx.signal });
      ctx.counts.requests++;
      out.requests++;
      const extracted = extractPregame(res.body);
      await transactionWithRetry(
        ctx.db,
        async (tx) => {
          await storeResponse(tx, 'pregame', params, res.text, bodySha256('other', res.body), ctx.runId);
          await recordPregame(tx, extracted.rows, now, ctx.runId);
          await storeRejects(tx, extracted.rejects, ctx.runId);
        },
        { log: ctx.log, label: 'pregame' },
      );
      ctx.counts.rejected += extracted.rejects.length;
      ctx.counts.snapshotsLoaded++;
      out.probables += extracted.rows.probables.length;
      out.lineups += extracted.rows.lineups.length;
      out.officials += extracted.rows.officials.length;
      out.weather += extracted.rows.weather.length;
    } catch (err) {
      if (err instanceof ApiUnreachableError) throw err;
      ctx.counts.failed++;
      out.failed++;
      ctx.log.warn({ sportId, err: describeError(err) }, 'pregame poll failed');
    }
  }
  if (out.failed === 0)
    await transactionWithRetry(
      ctx.db,
      (tx) => advanceCursor(tx, PREGAME_CURSOR, now, ctx.runId, { requests: out.requests }),
      {
        log: ctx.log,
        label: 'pregame cursor',
      },
    );
  ctx.log.info(out, 'pregame polled');
  return out;
}
