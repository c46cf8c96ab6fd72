import { z } from 'zod';
import { runChecks } from '../src/db/queries/checks.js';
import { withRun } from '../src/pipeline/run.js';
import { defineJob } from './types.js';

/** Reconciliation checks, recorded in ingest.runs (failed when any check has violations). */
export const checkJob = defineJob({
  name: 'check',
  description: 'reconciliation checks (plays vs PA, pitches vs numberOfPitches, runs, people, bodies, cursors)',
  args: z.object({}),
  run: (deps) =>
    withRun(deps, 'check', {}, async (ctx) => {
      const results = await runChecks(ctx.db);
      const failedChecks = results.filter((r) => !r.passed);
      ctx.counts.failed += failedChecks.length;
      // A season left out of a comparison, or a field the API added, is no failure, but a daemon's
      // log should say so.
      for (const notice of new Set(results.flatMap((r) => r.notices))) ctx.log.info({ notice }, 'check notice');
      return { checks: results };
    }),
});
