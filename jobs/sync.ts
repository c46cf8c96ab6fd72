import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { runSync } from '../src/pipeline/sync.js';
import { defineJob } from './types.js';

/** Every 10 minutes: schedule window around today, both change logs, drain. */
export const syncJob = defineJob({
  name: 'sync',
  description: 'incremental pass: schedule today-3..today+1, game and people change logs, then the worklist',
  cron: '*/10 * * * *',
  args: z.object({
    daysBack: z.number().int().min(0).max(30).default(3),
    daysAhead: z.number().int().min(0).max(7).default(1),
  }),
  run: (deps, args) => withRun(deps, 'sync', args, (ctx) => runSync(ctx, args)),
});
