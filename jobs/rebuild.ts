import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { runRebuild } from '../src/pipeline/rebuild.js';
import { defineJob } from './types.js';

/** On demand: re-derive mlb.* from raw.* without network. */
export const rebuildJob = defineJob({
  name: 'rebuild',
  description: 're-derive every mlb.* table from the stored raw bodies',
  args: z.object({}),
  run: (deps) => withRun(deps, 'rebuild', {}, (ctx) => runRebuild(ctx)),
});
