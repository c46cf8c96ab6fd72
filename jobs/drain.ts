import { z } from 'zod';
import { drainWorklist } from '../src/pipeline/load/drain.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/**
 * Work the worklist only, polling nothing: what a daemon that is not the leader runs on the sync
 * schedule, so every daemon loads games while one polls.
 */
export const drainJob = defineJob({
  name: 'drain',
  description: 'work the durable worklist (games, then people) without polling',
  args: z.object({}),
  run: (deps, args) => withRun(deps, 'drain', args, (ctx) => drainWorklist(ctx).then(() => ({}))),
});
