import { z } from 'zod';
import { withRun } from '../src/pipeline/run.js';
import { refreshReference } from '../src/pipeline/load/reference.js';
import { season } from './fields.js';
import { defineJob } from './types.js';

/** Weekly: teams, venues and the configuration lists. */
export const referenceJob = defineJob({
  name: 'reference',
  description: 'refresh teams, venues and configuration lists',
  cron: '0 10 * * 1',
  args: z.object({ season: season.optional() }),
  run: (deps, args) =>
    withRun(deps, 'reference', args, async (ctx) => {
      await refreshReference(ctx, { season: args.season ?? ctx.now().getUTCFullYear(), sportIds: ctx.config.sportIds });
    }),
});
