import { z } from 'zod';
import { daysInRange } from '../src/dates.js';
import { runBackfill } from '../src/pipeline/backfill.js';
import { withRun } from '../src/pipeline/run.js';
import { calendarDate, gameType, season, sportId } from './fields.js';
import { defineJob } from './types.js';

/** Longest date range one backfill accepts, in days (a season is given as `season`). */
export const MAX_BACKFILL_DAYS = 400;

/** What one backfill loads: a date range (at most {@link MAX_BACKFILL_DAYS} days) or a season. */
export const backfillRangeSchema = z.union([
  z
    .object({ startDate: calendarDate, endDate: calendarDate })
    .refine((r) => r.startDate <= r.endDate, { message: 'the start date is after the end date' })
    .refine((r) => daysInRange(r.startDate, r.endDate) <= MAX_BACKFILL_DAYS, {
      message: `a range is at most ${MAX_BACKFILL_DAYS} days (give a season for a whole season)`,
    }),
  z.object({ season }),
]);

/** On demand: a date range or a season. The range is checked here, whoever starts the job. */
export const backfillJob = defineJob({
  name: 'backfill',
  description: 'load a date range or a season (resumable)',
  args: z.object({
    range: backfillRangeSchema,
    sportIds: z.array(sportId).optional(),
    gameTypes: z.array(gameType).optional(),
  }),
  run: (deps, args) => withRun(deps, 'backfill', args, (ctx) => runBackfill(ctx, args)),
});
