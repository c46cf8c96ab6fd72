import type { Command } from 'commander';
import { rebuildJob } from '../../../jobs/rebuild.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from './index.js';
import { runJobFromCli } from './run-job.js';

export function registerRebuild(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('rebuild')
    .description('re-derive every mlb.* table from the stored raw bodies, without a request')
    .option('--json', 'print the run summary as JSON')
    .action(async (opts: { json?: boolean }) => {
      await runJobFromCli(ctx, setExit, rebuildJob, {}, opts);
    });
}
