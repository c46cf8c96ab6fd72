import type { Command } from 'commander';
import { pregameJob } from '../../../jobs/pregame.js';
import type { AppContext } from '../../app/context.js';
import type { PregameResult } from '../../pipeline/pregame.js';
import { parseTimestamp } from '../args.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';

export function registerPregame(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('pregame')
    .description(
      'probables, lineups, umpires and weather as announced: one poll of the schedule today..today+7 per sport',
    )
    .option('--once', 'one poll now, then exit (for cron and tests; the daemon polls on its own schedule)')
    .option('--if-due', 'poll only when due: a game starts within 4 hours, or the last poll is 3 hours old')
    .option(
      '--now <timestamp>',
      'act as if the current time were this (ISO); for replays and the simulator',
      parseTimestamp,
    )
    .option('--json', 'print the run summary as JSON')
    .action(async (opts: { once?: boolean; ifDue?: boolean; now?: Date; json?: boolean }) => {
      await runJobFromCli(ctx, setExit, pregameJob, pregameJob.args.parse({ ifDue: opts.ifDue === true }), {
        ...opts,
        progress: false,
        describe: (r) => describePregame(r.result as PregameResult | undefined),
      });
    });
}

function describePregame(r: PregameResult | undefined): string {
  if (!r) return 'no poll';
  if (!r.polled) return `not due (${r.reason})`;
  return (
    `${r.requests} request(s), ${r.failed} failed; seen: ${r.probables} probable(s), ${r.lineups} lineup spot(s), ` +
    `${r.officials} official(s), ${r.weather} forecast(s)`
  );
}
