import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { runSnapshot, snapshotNames } from '../src/pipeline/load/snapshots.js';
import { calendarDate, season } from './fields.js';
import { defineJob } from './types.js';

const names = snapshotNames() as [string, ...string[]];

/** Splits per request of a paged snapshot (the league's season stats). */
export const pageSize = z.number().int().min(10).max(5000);
export const DEFAULT_PAGE_SIZE = 500;
/** People whose awards one run fetches at most. */
export const maxPeople = z.number().int().min(1).max(20000);
/** One request a person: the cap keeps a daily run short at the default rate, and a week of them covers a season's players. */
export const DEFAULT_MAX_PEOPLE = 250;

/**
 * Daily: every snapshot of the catalogue (rosters, the league's season stats, staff, awards), or
 * the one named; history is kept only when a body changes.
 */
export const snapshotJob = defineJob({
  name: 'snapshot',
  description:
    'fetch the snapshots of the catalogue (rosters, official season stats, staff, awards) for a date and keep their history',
  cron: '20 10 * * *',
  args: z.object({
    /** One snapshot of the catalogue; all of them, in order, when omitted (the daemon's daily run). */
    name: z.enum(names).optional(),
    /** The day the snapshot describes; today (dugout's clock, UTC) when omitted. */
    date: calendarDate.optional(),
    /** The season; the date's year when omitted. */
    season: season.optional(),
    pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
    maxPeople: maxPeople.default(DEFAULT_MAX_PEOPLE),
  }),
  run: (deps, args) =>
    withRun(deps, 'snapshot', args, async (ctx) => {
      if (args.name) return runSnapshot(ctx, args.name, args);
      const results = [];
      for (const name of names) if (!ctx.signal.aborted) results.push(await runSnapshot(ctx, name, args));
      return { snapshots: results };
    }),
});
