import type { Command } from 'commander';
import type { AppContext } from '../../app/context.js';
import { runDaemon, scheduledJobNames } from '../../daemon/run.js';
import { UsageError } from '../../errors.js';
import { parseTimestamp } from '../args.js';

export function registerDaemon(program: Command, ctx: AppContext): void {
  program
    .command('daemon')
    .description(
      'run the scheduled jobs in-process (sync every 10 min, nightly, weekly reference); SIGTERM finishes the game in hand',
    )
    .option('--run-now <job>', 'also run this job once at start (e.g. sync)')
    .option(
      '--now <timestamp>',
      "start the jobs' clock at this time (ISO), e.g. a simulator's; it then runs forward",
      parseTimestamp,
    )
    .action(async (opts: { runNow?: string; now?: Date }) => {
      const names = scheduledJobNames();
      if (opts.runNow && !names.includes(opts.runNow)) {
        throw new UsageError(`--run-now takes one of ${names.join(', ')}; got "${opts.runNow}"`);
      }
      await runDaemon(ctx, opts);
    });
}
