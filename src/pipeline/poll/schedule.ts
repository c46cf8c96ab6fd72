import { DAY_MS, dayStartMs, isoDay } from '../../dates.js';
import { noticeBody } from '../new-fields.js';
import { lockStoredGames, readKnownGames, upsertGames, upsertTeamAndVenueRefs } from '../../db/queries/games.js';
import { storeResponse } from '../../db/queries/raw-bodies.js';
import { storeRejects } from '../../db/queries/rejects.js';
import { enqueueWork, type WorkReason } from '../../db/queries/work-items.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import type { Executor } from '../../db/client.js';
import { games as gamesTable } from '../../db/schema/index.js';
import { createRowValidator } from '../../db/validate-rows.js';
import { bodySha256, type Extracted, extractScheduleGames, teamsAndVenuesFromSchedule } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { checkRefs } from '../load/checked-rows.js';
import { decideGameWork } from '../plan/game-work.js';
import type { GameRow } from '../../db/schema/rows.js';

export interface ScheduleWindow {
  startDate: string;
  endDate: string;
  sportIds: number[];
  gameTypes?: string[];
}

/** The schedule never asks for more than this many days per request (longer ranges drop dates upstream). */
export const SCHEDULE_CHUNK_DAYS = 7;

/** Split [start, end] into chunks of at most `days` calendar days. */
export function chunkDates(startDate: string, endDate: string, days = SCHEDULE_CHUNK_DAYS): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const end = dayStartMs(endDate);
  for (let t = dayStartMs(startDate); t <= end; t += days * DAY_MS) {
    out.push([isoDay(t), isoDay(Math.min(end, t + (days - 1) * DAY_MS))]);
  }
  return out;
}

/**
 * Poll the schedule for a date window, 7 days and one sportId per request: store each page, upsert
 * every game row whatever its state, keep team and venue references, and queue the games that must
 * be fetched (one transaction per page).
 */
export async function pollSchedule(
  ctx: PipelineContext,
  window: ScheduleWindow,
  newReason: WorkReason,
): Promise<{ games: number; enqueued: number }> {
  let games = 0;
  let enqueued = 0;
  for (const sportId of window.sportIds) {
    for (const [startDate, endDate] of chunkDates(window.startDate, window.endDate)) {
      if (ctx.signal.aborted) return { games, enqueued };
      const params = {
        sportId: [sportId],
        startDate,
        endDate,
        ...(window.gameTypes ? { gameType: window.gameTypes } : {}),
      };
      const res = await ctx.client.call('schedule', params, { signal: ctx.signal });
      ctx.counts.requests++;
      const r = await applyScheduleBody(ctx, res.body, res.text, {
        operation: 'schedule',
        params,
        sportId,
        newReason,
        gameTypes: window.gameTypes,
      });
      await noticeBody(ctx, 'schedule', res.body, 'schedule', params);
      games += r.games;
      enqueued += r.enqueued;
    }
  }
  ctx.log.info({ ...window, games, enqueued }, 'schedule polled');
  return { games, enqueued };
}

const SCHEDULE_GAMES = createRowValidator(gamesTable, { nonNegative: true, signed: ['temperature_f'] });

/**
 * The games of a schedule-shaped body (pure), checked against mlb.games's columns: a bad entry (a
 * gamePk null or out of range, a negative score) is rejected alone, the page's other games kept.
 */
export function scheduleGameRows(body: unknown, opts: { sportId?: number } = {}): Extracted<GameRow[]> {
  const extracted = extractScheduleGames(body, opts.sportId !== undefined ? { sportId: opts.sportId } : {});
  const checked = SCHEDULE_GAMES.validate(extracted.rows, { partial: true });
  return { rows: checked.rows, rejects: [...extracted.rejects, ...checked.rejects] };
}

/** Apply one schedule-shaped body (a schedule page or a change-log page set) in one transaction. */
export async function applyScheduleBody(
  ctx: PipelineContext,
  body: unknown,
  text: string | undefined,
  opts: {
    operation: string;
    params: Record<string, unknown>;
    sportId?: number;
    newReason: WorkReason;
    fromChangeLog?: boolean;
    pollStartedAt?: Date;
    gameTypes?: string[];
    inTransaction?: (tx: Executor) => Promise<void>;
  },
): Promise<{ games: number; enqueued: number }> {
  const extracted = scheduleGameRows(body, { sportId: opts.sportId });
  const valid = extracted.rows;
  const rows = opts.gameTypes ? valid.filter((g) => opts.gameTypes!.includes(g.game_type)) : valid;
  // A team or venue the page names with a bad value costs that value, not the page.
  const refs = checkRefs(teamsAndVenuesFromSchedule(body));
  extracted.rejects.push(...refs.rejects);
  let enqueued = 0;
  // Run again on a deadlock or serialization failure: several workers' polls and loads share rows.
  await transactionWithRetry(
    ctx.db,
    async (tx) => {
      if (text !== undefined)
        await storeResponse(tx, opts.operation, opts.params, text, bodySha256('other', body), ctx.runId);
      // First wait for any load of these games in flight: read before it commits, a game it loads
      // would look not loaded yet and be queued again once done (and fetched twice).
      await lockStoredGames(
        tx,
        rows.map((g) => g.game_pk),
      );
      const known = await readKnownGames(
        tx,
        rows.map((g) => g.game_pk),
        { withWinProbability: ctx.config.gameExtras.includes('winProbability') },
      );
      await upsertTeamAndVenueRefs(tx, refs.rows, ctx.runId);
      await upsertGames(tx, rows, ctx.runId);
      const work = rows
        .map((g) => decideGameWork(g, known.get(g.game_pk), opts))
        .filter((w): w is NonNullable<typeof w> => w !== null);
      enqueued = await enqueueWork(tx, work, ctx.runId);
      await opts.inTransaction?.(tx);
      if (extracted.rejects.length) await storeRejects(tx, extracted.rejects, ctx.runId);
    },
    { log: ctx.log, label: opts.operation },
  );
  ctx.counts.rejected += extracted.rejects.length;
  return { games: rows.length, enqueued };
}
