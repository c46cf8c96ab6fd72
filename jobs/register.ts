import { z } from 'zod';
import { DEFAULT_REGISTER_CRON } from '../src/config.js';
import { loadRegister } from '../src/pipeline/register/load.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/**
 * Weekly (DUGOUT_REGISTER_CRON): the Chadwick Baseball Bureau register into mlb.person_ids, from
 * DUGOUT_REGISTER_URL or a local folder or zip, replacing the one in force and keeping what changed.
 */
export const registerJob = defineJob({
  name: 'register',
  description:
    'load the Chadwick register (MLBAM ↔ Retrosheet, Baseball-Reference, FanGraphs… ids) into mlb.person_ids',
  cron: DEFAULT_REGISTER_CRON,
  args: z.object({
    /** A local folder or zip of the register; DUGOUT_REGISTER_URL when omitted. */
    from: z.string().min(1).max(4096).optional(),
    /** Load a register with fewer than half the rows of the one in force. */
    allowShrink: z.boolean().default(false),
  }),
  run: (deps, args) => withRun(deps, 'register', args, (ctx) => loadRegister(ctx, args)),
});
