import type { Command } from 'commander';
import { liveJob } from '../../../jobs/live.js';
import type { LiveLoopResult } from '../../pipeline/live.js';
import type { AppContext } from '../../app/context.js';
import { parseTimestamp } from '../args.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';

export function registerLive(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('live')
    .description(
      "follow today's live games pitch by pitch: the full feed once, then diffPatch every metaData.wait seconds, until stopped",
    )
    .option('--once', 'one pass, then exit (for cron and tests)')
    .option(
      '--now <timestamp>',
      'act as if the current time were this (ISO); for replays and the simulator',
      parseTimestamp,
    )
    .option('--json', 'print the run summary as JSON')
    .action(async (opts: { once?: boolean; now?: Date; json?: boolean }) => {
      await runJobFromCli(ctx, setExit, liveJob, liveJob.args.parse({ once: opts.once === true }), {
        ...opts,
        progress: false,
        describe: (r) => describeLive(r.result as LiveLoopResult | undefined),
      });
    });
}

function describeLive(r: LiveLoopResult | undefined): string {
  if (!r?.last) return 'no pass completed';
  const last = r.last;
  return (
    `${r.passes} pass(es); ${last.followed} game(s) followed on ${last.day}; ` +
    `${r.fullFetches} full feed(s), ${r.patchFetches} patch(es), ${r.applyFailures} failure(s)` +
    (last.failedGames.length > 0
      ? `; last pass failed for game(s) ${[...last.failedGames].sort((a, b) => a - b).join(', ')} of ${last.followed}`
      : '')
  );
}
