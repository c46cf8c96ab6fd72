import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { runSync } from '../src/pipeline/sync.js';
import { checkJob } from './check.js';
import { defineJob } from './types.js';

/** Nightly: a deeper sync (a week back) so late corrections and missed nights are caught up. */
export const nightlyJob = defineJob({
  name: 'nightly',
  description: 'deeper sync: schedule today-7..today+1, change logs, worklist',
  cron: '30 9 * * *',
  args: z.object({
    daysBack: z.number().int().min(0).max(30).default(7),
    daysAhead: z.number().int().min(0).max(7).default(1),
  }),
  run: async (deps, args) => {
    const sync = await withRun(deps, 'nightly', args, (ctx) => runSync(ctx, args));
    // The checks are recorded as a run of their own; the nightly run reports the sync.
    if (!deps.signal?.aborted) await checkJob.run(deps, {});
    return sync;
  },
});
