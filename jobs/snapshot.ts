import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { runSnapshot, snapshotNames } from '../src/pipeline/load/snapshots.js';
import { defineJob } from './types.js';

const names = snapshotNames() as [string, ...string[]];

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
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    season: z.number().int().min(1876).max(2100).optional(),
    pageSize: z.number().int().min(10).max(5000).optional(),
    maxPeople: z.number().int().min(1).max(20000).optional(),
  }),
  run: (deps, args) =>
    withRun(deps, 'snapshot', args, async (ctx) => {
      if (args.name) return runSnapshot(ctx, args.name, args);
      const results = [];
      for (const name of names) if (!ctx.signal.aborted) results.push(await runSnapshot(ctx, name, args));
      return { snapshots: results };
    }),
});
