import type { Command } from 'commander';
import { backfillJob, backfillRangeSchema } from '../../../jobs/backfill.js';
import { UsageError } from '../../errors.js';
import { parseDateFlag, parseGameTypes, parseIntList, parseSeason } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from './index.js';
import { runJobFromCli } from './run-job.js';

interface BackfillFlags {
  startDate?: string;
  endDate?: string;
  season?: number;
  sportId?: number[];
  gameType?: string[];
  json?: boolean;
}

/** The backfill flags as a job range, checked by the job's schema before any connection is opened. */
export function backfillRange(f: BackfillFlags): { startDate: string; endDate: string } | { season: number } {
  if (f.season !== undefined) {
    if (f.startDate || f.endDate) throw new UsageError('give either --season or --start-date/--end-date, not both');
    return { season: f.season };
  }
  if (!f.startDate || !f.endDate) throw new UsageError('give --start-date and --end-date, or --season');
  // The job owns the range rules; the command only reports them as a usage error before connecting.
  const checked = backfillRangeSchema.safeParse({ startDate: f.startDate, endDate: f.endDate });
  if (!checked.success)
    throw new UsageError(`--start-date ${f.startDate} --end-date ${f.endDate}: ${checked.error.issues[0]?.message}`);
  return { startDate: f.startDate, endDate: f.endDate };
}

export function registerBackfill(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('backfill')
    .description('load a date range or a season; resumable (re-running finishes the rest)')
    .option('--start-date <date>', 'first date (YYYY-MM-DD)', parseDateFlag)
    .option('--end-date <date>', 'last date (YYYY-MM-DD)', parseDateFlag)
    .option('--season <year>', 'a whole season', parseSeason)
    .option('--sport-id <ids>', 'comma list of sport ids (default DUGOUT_SPORT_IDS)', parseIntList)
    .option('--game-type <types>', 'comma list of game types, e.g. R,F,D,L,W (default all)', parseGameTypes)
    .option('--json', 'print the run summary as JSON')
    .action(async (f: BackfillFlags) => {
      const range = backfillRange(f);
      await runJobFromCli(
        ctx,
        setExit,
        backfillJob,
        { range, sportIds: f.sportId, gameTypes: f.gameType },
        {
          json: f.json,
          notes: (r) =>
            (r.result as { games?: number } | undefined)?.games === 0
              ? [
                  `${'season' in range ? `season ${range.season}` : `${range.startDate} to ${range.endDate}`}: no games scheduled`,
                ]
              : [],
        },
      );
    });
}
