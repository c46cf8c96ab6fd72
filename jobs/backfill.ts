import { z } from 'zod';
import { runBackfill } from '../src/pipeline/backfill.js';
import { withRun } from '../src/pipeline/engine.js';
import { defineJob } from './types.js';

const range = z.union([
  z.object({ startDate: z.string(), endDate: z.string() }),
  z.object({ season: z.number().int() }),
]);

/** On demand: a date range or a season. */
export const backfillJob = defineJob({
  name: 'backfill',
  description: 'load a date range or a season (resumable)',
  args: z.object({ range, sportIds: z.array(z.number().int()).optional(), gameTypes: z.array(z.string()).optional() }),
  run: (deps, args) => withRun(deps, 'backfill', args, (ctx) => runBackfill(ctx, args)),
});
