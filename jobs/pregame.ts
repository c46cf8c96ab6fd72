import { z } from 'zod';
import { runPregame } from '../src/pipeline/pregame.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/**
 * Every 10 minutes (offset from sync's ticks): the pregame poll when due (a game starts within
 * four hours, or the week ahead was last polled three hours ago or more).
 */
export const pregameJob = defineJob({
  name: 'pregame',
  description: 'probables, lineups, umpires and weather as announced before the first pitch',
  cron: '5-59/10 * * * *',
  args: z.object({ ifDue: z.boolean().default(true) }),
  run: (deps, args) => withRun(deps, 'pregame', args, (ctx) => runPregame(ctx, args)),
});
