import { z } from 'zod';
import { daysInRange } from '../src/dates.js';
import { orderSeasons, runBackfill } from '../src/pipeline/backfill.js';
import { planBackfill } from '../src/pipeline/backfill-plan.js';
import { withRun } from '../src/pipeline/run.js';
import { calendarDate, gameType, season, sportId } from './fields.js';
import { defineJob } from './types.js';

/** Longest date range one backfill accepts, in days (a season is given as `season`). */
export const MAX_BACKFILL_DAYS = 400;

/** Most seasons one backfill takes (every season since 1876 fits). */
export const MAX_BACKFILL_SEASONS = 230;

/** A list of seasons (each once). */
export const seasonList = z
  .array(season)
  .min(1)
  .max(MAX_BACKFILL_SEASONS)
  .refine((l) => new Set(l).size === l.length, { message: 'a season is listed twice' });

/** The order a multi-season backfill runs its seasons in. */
export const seasonOrder = z.enum(['newest', 'oldest', 'listed']);

/** What one backfill loads: a date range (at most {@link MAX_BACKFILL_DAYS} days), a season or several. */
export const backfillRangeSchema = z.union([
  z
    .object({ startDate: calendarDate, endDate: calendarDate })
    .refine((r) => r.startDate <= r.endDate, { message: 'the start date is after the end date' })
    .refine((r) => daysInRange(r.startDate, r.endDate) <= MAX_BACKFILL_DAYS, {
      message: `a range is at most ${MAX_BACKFILL_DAYS} days (give a season for a whole season)`,
    }),
  z.object({ season }),
  z.object({ seasons: seasonList }),
]);

/** On demand: a date range, a season or several. The range is checked here, whoever starts the job. */
export const backfillJob = defineJob({
  name: 'backfill',
  description: 'load a date range, a season or several seasons, newest first (resumable)',
  args: z.object({
    range: backfillRangeSchema,
    sportIds: z.array(sportId).optional(),
    gameTypes: z.array(gameType).optional(),
    /** Several seasons run newest first unless told otherwise. */
    order: seasonOrder.optional(),
  }),
  run: (deps, args) => withRun(deps, 'backfill', args, (ctx) => runBackfill(ctx, args)),
});

/**
 * On demand, before a backfill of seasons: what it will cost (games by type, requests, time at the
 * configured rate, bytes, disk) and what is already loaded. Requests only seasons and schedules.
 */
export const backfillPlanJob = defineJob({
  name: 'backfill-plan',
  description:
    'plan a backfill of seasons: games, requests, time, bytes and disk per season (seasons and schedules only)',
  args: z.object({
    seasons: seasonList,
    sportIds: z.array(sportId).optional(),
    gameTypes: z.array(gameType).optional(),
    order: seasonOrder.optional(),
  }),
  run: (deps, args) =>
    withRun(deps, 'backfill-plan', args, (ctx) =>
      planBackfill(ctx, { ...args, seasons: orderSeasons(args.seasons, args.order) }),
    ),
});
