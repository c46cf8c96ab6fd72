import { z } from 'zod';
import { daysInRange } from '../src/dates.js';
import { runBackfill } from '../src/pipeline/backfill.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/** Longest date range one backfill accepts, in days (a season is given as `season`). */
export const MAX_BACKFILL_DAYS = 400;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'not a real date',
    },
  );

/** What one backfill loads: a date range (at most {@link MAX_BACKFILL_DAYS} days) or a season. */
export const backfillRangeSchema = z.union([
  z
    .object({ startDate: day, endDate: day })
    .refine((r) => r.startDate <= r.endDate, { message: 'the start date is after the end date' })
    .refine((r) => daysInRange(r.startDate, r.endDate) <= MAX_BACKFILL_DAYS, {
      message: `a range is at most ${MAX_BACKFILL_DAYS} days (give a season for a whole season)`,
    }),
  z.object({ season: z.number().int().min(1876).max(2100) }),
]);

/** On demand: a date range or a season. The range is checked here, whoever starts the job. */
export const backfillJob = defineJob({
  name: 'backfill',
  description: 'load a date range or a season (resumable)',
  args: z.object({
    range: backfillRangeSchema,
    sportIds: z.array(z.number().int().min(1)).optional(),
    gameTypes: z.array(z.string()).optional(),
  }),
  run: (deps, args) => withRun(deps, 'backfill', args, (ctx) => runBackfill(ctx, args)),
});
