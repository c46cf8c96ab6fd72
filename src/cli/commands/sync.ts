import type { Command } from 'commander';
import { syncJob } from '../../../jobs/sync.js';
import { parseTimestamp } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';

export function registerSync(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('sync')
    .description('one incremental pass: schedule today-3..today+1, both change logs, then drain the worklist')
    .option(
      '--now <timestamp>',
      'act as if the current time were this (ISO); for replays and the simulator',
      parseTimestamp,
    )
    .option('--json', 'print the run summary as JSON')
    .action(async (opts: { now?: Date; json?: boolean }) => {
      await runJobFromCli(ctx, setExit, syncJob, syncJob.args.parse({}), opts);
    });
}
