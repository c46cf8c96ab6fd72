import { z } from 'zod';
import { runLiveLoop } from '../src/pipeline/live.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/**
 * Follow today's live games through the diffPatch feed: `once` makes one pass (cron, tests);
 * otherwise the loop runs until stopped, or with `untilIdle` until no game is live (the daemon).
 */
export const liveJob = defineJob({
  name: 'live',
  description: "follow today's live games pitch by pitch (full feed once, then diffPatch every metaData.wait seconds)",
  args: z.object({
    once: z.boolean().default(false),
    untilIdle: z.boolean().default(false),
  }),
  run: (deps, args) => withRun(deps, 'live', args, (ctx) => runLiveLoop(ctx, args)),
});
