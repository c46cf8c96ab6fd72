import { type Command, InvalidArgumentError } from 'commander';
import { formatBytes, formatDuration } from '../../pipeline/plan/backfill-estimate.js';
import { backfillJob, backfillRangeSchema } from '../../../jobs/backfill.js';
import { planFromCli } from './backfill-plan.js';
import { UsageError } from '../../errors.js';
import { parseDateFlag, parseGameTypes, parseIntList, parseSeasons } from '../args.js';
import type { AppContext } from '../../app/context.js';
import type { SetExit } from '../exit.js';
import { runJobFromCli } from './run-job.js';

interface BackfillFlags {
  startDate?: string;
  endDate?: string;
  season?: number[];
  sportId?: number[];
  gameType?: string[];
  order?: 'newest' | 'oldest' | 'listed';
  plan?: boolean;
  json?: boolean;
}

type Range = { startDate: string; endDate: string } | { season: number } | { seasons: number[] };

/** What a season's line of the plan and of a multi-season run look like in the summary. */
interface PlanResult {
  seasons?: Array<{ line: string }>;
  total?: { toLoad: number; requests: number; seconds: number; wireBytes: number; diskBytes: number };
}

/** The backfill flags as a job range, checked by the job's schema before any connection is opened. */
export function backfillRange(f: BackfillFlags): Range {
  if (f.season !== undefined) {
    if (f.startDate || f.endDate) throw new UsageError('give either --season or --start-date/--end-date, not both');
    return f.season.length === 1 ? { season: f.season[0]! } : { seasons: f.season };
  }
  if (f.plan)
    throw new UsageError('--plan plans seasons: give --season (a year, a range such as 2008-2025, or a list)');
  if (!f.startDate || !f.endDate) throw new UsageError('give --start-date and --end-date, or --season');
  // The job owns the range rules; the command only reports them as a usage error before connecting.
  const checked = backfillRangeSchema.safeParse({ startDate: f.startDate, endDate: f.endDate });
  if (!checked.success)
    throw new UsageError(`--start-date ${f.startDate} --end-date ${f.endDate}: ${checked.error.issues[0]?.message}`);
  return { startDate: f.startDate, endDate: f.endDate };
}

/** commander argParser for `--order`. */
function parseOrder(value: string): 'newest' | 'oldest' | 'listed' {
  if (value === 'newest' || value === 'oldest' || value === 'listed') return value;
  throw new InvalidArgumentError(`"${value}" is not an order (newest, oldest or listed)`);
}

/** The plan's lines: one per season (it starts with the year), then the total. */
export function planNotes(result: PlanResult | undefined): string[] {
  const lines = (result?.seasons ?? []).map((s) => s.line);
  const t = result?.total;
  if (t && lines.length > 1)
    lines.push(
      `total: to load ${t.toLoad.toLocaleString('en-US')} games; ${t.requests.toLocaleString('en-US')} requests, ` +
        `${formatDuration(t.seconds)}, receive ${formatBytes(t.wireBytes)}, disk ${formatBytes(t.diskBytes)}`,
    );
  return lines;
}

export function registerBackfill(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('backfill')
    .description('load a date range or a season; resumable (re-running finishes the rest)')
    .option('--start-date <date>', 'first date (YYYY-MM-DD)', parseDateFlag)
    .option('--end-date <date>', 'last date (YYYY-MM-DD)', parseDateFlag)
    .option(
      '--season <years>',
      'a whole season, a range (2008-2025) or a comma list; several run newest first',
      parseSeasons,
    )
    .option('--order <order>', 'the order of several seasons: newest (default), oldest or listed', parseOrder)
    .option(
      '--plan',
      'print what the backfill will cost per season and what is loaded; fetch only seasons and schedules, write nothing',
    )
    .option('--sport-id <ids>', 'comma list of sport ids (default DUGOUT_SPORT_IDS)', parseIntList)
    .option('--game-type <types>', 'comma list of game types, e.g. R,F,D,L,W (default all)', parseGameTypes)
    .option('--json', 'print the run summary as JSON')
    .action(async (f: BackfillFlags) => {
      const range = backfillRange(f);
      if (f.plan) {
        const seasons = 'season' in range ? [range.season] : 'seasons' in range ? range.seasons : [];
        await planFromCli(
          ctx,
          setExit,
          { seasons, sportIds: f.sportId, gameTypes: f.gameType, order: f.order },
          { json: f.json, lines: (r) => planNotes(r as PlanResult) },
        );
        return;
      }
      await runJobFromCli(
        ctx,
        setExit,
        backfillJob,
        { range, sportIds: f.sportId, gameTypes: f.gameType, order: f.order },
        {
          json: f.json,
          notes: (r) => {
            const result = r.result as
              | { games?: number; seasons?: Array<Record<string, number>>; notStarted?: number[] }
              | undefined;
            if ('seasons' in range)
              return [
                ...(result?.seasons ?? []).map(
                  (s) =>
                    `${s.season}: ${s.games} games listed, ${s.loaded} loaded, ${s.requests} requests in ${s.seconds} s` +
                    (s.pending! + s.dead! > 0 ? `, ${s.pending} pending, ${s.dead} dead` : ''),
                ),
                ...(result?.notStarted?.length
                  ? [`not started: ${result.notStarted.join(', ')} (run the same command again)`]
                  : []),
              ];
            return result?.games === 0
              ? [
                  `${'season' in range ? `season ${range.season}` : `${range.startDate} to ${range.endDate}`}: no games scheduled`,
                ]
              : [];
          },
        },
      );
    });
}
