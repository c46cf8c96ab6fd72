import { unfinishedGamesBetween } from '../db/queries/work-items.js';
import { ApiUnreachableError } from '../errors.js';
import type { PipelineContext } from './context.js';
import { drainWorklist } from './load/drain.js';
import { pollSchedule } from './poll/schedule.js';
import { ensureReference, ensureTeamSeasons } from './load/reference.js';
import { hasAutovacuum, refreshAfterLoad } from '../db/queries/maintenance.js';

export type BackfillRange = { startDate: string; endDate: string } | { season: number };

export interface BackfillOptions {
  range: BackfillRange;
  sportIds?: number[];
  gameTypes?: string[];
}

interface SeasonDates {
  seasonStartDate?: string;
  seasonEndDate?: string;
  springStartDate?: string;
  regularSeasonStartDate?: string;
  postSeasonEndDate?: string;
  regularSeasonEndDate?: string;
}

/** The first and last date of a season from `/v1/seasons` (falls back to Feb 1 – Nov 30). */
export async function seasonRange(
  ctx: PipelineContext,
  season: number,
  sportId: number,
): Promise<{ startDate: string; endDate: string }> {
  try {
    const res = await ctx.client.call('seasons', { season: [String(season)], sportId }, { signal: ctx.signal });
    ctx.counts.requests++;
    const s = ((res.body as { seasons?: SeasonDates[] }).seasons ?? [])[0];
    const start = s?.seasonStartDate ?? s?.springStartDate ?? s?.regularSeasonStartDate;
    const end = s?.seasonEndDate ?? s?.postSeasonEndDate ?? s?.regularSeasonEndDate;
    if (start && end) return { startDate: start.slice(0, 10), endDate: end.slice(0, 10) };
  } catch (err) {
    if (err instanceof ApiUnreachableError) throw err;
    ctx.log.warn({ season, err: String(err) }, 'season dates unavailable; using Feb 1 – Nov 30');
  }
  return { startDate: `${season}-02-01`, endDate: `${season}-11-30` };
}

/**
 * Load a date range or a season: poll its schedule (7-day chunks), queue every final game not yet
 * loaded, and drain. Resumable: the worklist is durable, so re-running after an interruption
 * fetches only what is missing.
 */
export async function runBackfill(ctx: PipelineContext, opts: BackfillOptions): Promise<Record<string, unknown>> {
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  const season = 'season' in opts.range ? opts.range.season : Number(opts.range.startDate.slice(0, 4));
  await ensureReference(ctx, season, sportIds);
  let games = 0;
  let enqueued = 0;
  const ranges: Array<{ startDate: string; endDate: string }> = [];
  for (const sportId of sportIds) {
    const range = 'season' in opts.range ? await seasonRange(ctx, opts.range.season, sportId) : opts.range;
    ranges.push(range);
    const r = await pollSchedule(ctx, { ...range, sportIds: [sportId], gameTypes: opts.gameTypes }, 'backfill');
    games += r.games;
    enqueued += r.enqueued;
  }
  await drainWorklist(ctx);
  const teamSeasons = await ensureTeamSeasons(ctx);
  const refreshedSeasons = await refreshAfterLoad(ctx.db, ctx.counts.gamesLoaded, {
    vacuum: true,
    autovacuum: hasAutovacuum(ctx.dbKind),
  });
  const incomplete = await unfinishedGames(ctx, ranges);
  // Work still pending (a Retry-After longer than we wait, a retry not yet due) or dead at the end
  // means the range is not loaded: the run ends `partial`, never `succeeded`.
  return {
    games,
    enqueued,
    teamSeasons,
    refreshedSeasons,
    incomplete,
    partial: incomplete.pending + incomplete.dead > 0,
  };
}

/** Game work items of the backfilled dates that are not done: pending (not those another worker holds) or dead. */
async function unfinishedGames(
  ctx: PipelineContext,
  ranges: Array<{ startDate: string; endDate: string }>,
): Promise<{ pending: number; dead: number }> {
  const start = ranges.map((r) => r.startDate).sort()[0];
  const end = ranges
    .map((r) => r.endDate)
    .sort()
    .at(-1);
  if (!start || !end) return { pending: 0, dead: 0 };
  return unfinishedGamesBetween(ctx.db, start, end);
}
