import type { Command } from 'commander';
import { backfillJob } from '../../../jobs/backfill.js';
import { UsageError } from '../../errors.js';
import { parseDateFlag, parseGameTypes, parseIntList, parseSeason } from '../args.js';
import type { CliContext } from '../context.js';
import type { SetExit } from './index.js';
import { runJobFromCli } from './run-job.js';

/** Longest range one backfill accepts, in days. */
const MAX_RANGE_DAYS = 400;

interface BackfillFlags {
  startDate?: string;
  endDate?: string;
  season?: number;
  sportId?: number[];
  gameType?: string[];
  json?: boolean;
}

/** Validate the backfill flags into a job range (before any connection is opened). */
export function backfillRange(f: BackfillFlags): { startDate: string; endDate: string } | { season: number } {
  if (f.season !== undefined) {
    if (f.startDate || f.endDate) throw new UsageError('give either --season or --start-date/--end-date, not both');
    return { season: f.season };
  }
  if (!f.startDate || !f.endDate) throw new UsageError('give --start-date and --end-date, or --season');
  if (f.startDate > f.endDate) throw new UsageError(`--start-date ${f.startDate} is after --end-date ${f.endDate}`);
  const days = (Date.parse(f.endDate) - Date.parse(f.startDate)) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) throw new UsageError(`the range is ${days} days; at most ${MAX_RANGE_DAYS} (use --season for a whole season)`);
  return { startDate: f.startDate, endDate: f.endDate };
}

export function registerBackfill(program: Command, ctx: CliContext, setExit: SetExit): void {
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
      await runJobFromCli(ctx, setExit, backfillJob, { range, sportIds: f.sportId, gameTypes: f.gameType }, { json: f.json });
    });
}
