import { z } from 'zod';
import { withRun } from '../src/pipeline/engine.js';
import { runSnapshot, snapshotNames } from '../src/pipeline/snapshots.js';
import { defineJob } from './types.js';

const names = snapshotNames() as [string, ...string[]];

/** Daily: the rosters of every club of the configured sports (history kept only when a body changes). */
export const snapshotJob = defineJob({
  name: 'snapshot',
  description: 'fetch a snapshot of the catalogue (rosters) for a date and keep its history',
  cron: '20 10 * * *',
  args: z.object({
    name: z.enum(names).default('roster'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    season: z.number().int().min(1876).max(2100).optional(),
  }),
  run: (deps, args) => withRun(deps, 'snapshot', args, (ctx) => runSnapshot(ctx, args.name, args)),
});
