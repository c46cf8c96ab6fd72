import type { Command } from 'commander';
import { jobCatalog } from '../../../jobs/catalog.js';
import { startScheduler } from '../../pipeline/scheduler.js';
import { UsageError } from '../../errors.js';
import { parseTimestamp } from '../args.js';
import type { CliContext } from '../context.js';
import { createCliEngine } from '../engine.js';

export function registerDaemon(program: Command, ctx: CliContext): void {
  program
    .command('daemon')
    .description('run the scheduled jobs in-process (sync every 10 min, nightly, weekly reference); SIGTERM finishes the game in hand')
    .option('--run-now <job>', 'also run this job once at start (e.g. sync)')
    .option('--now <timestamp>', "start the jobs' clock at this time (ISO), e.g. a simulator's; it then runs forward", parseTimestamp)
    .action(async (opts: { runNow?: string; now?: Date }) => {
      const names = jobCatalog.filter((j) => j.cron).map((j) => j.name);
      if (opts.runNow && !names.includes(opts.runNow)) {
        throw new UsageError(`--run-now takes one of ${names.join(', ')}; got "${opts.runNow}"`);
      }
      const engine = await createCliEngine(ctx, { now: opts.now });
      const log = ctx.log();
      try {
        const scheduled = jobCatalog
          .filter((j) => j.cron)
          .map((j) => ({
            name: j.name,
            cron: j.cron!,
            run: async (signal: AbortSignal) => {
              await j.run({ ...engine.deps, signal }, j.args.parse({}) as never);
            },
          }));
        const scheduler = startScheduler(scheduled, log, engine.controller.signal);
        log.info({ jobs: scheduled.map((j) => j.name) }, 'daemon started');
        if (opts.runNow) void scheduler.runNow(opts.runNow);
        await scheduler.stopped;
        log.info('daemon stopped');
      } finally {
        engine.dispose();
      }
    });
}
