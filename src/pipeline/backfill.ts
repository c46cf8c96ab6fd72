import { pendingGamesOutside, unfinishedGamesBetween } from '../db/queries/work-items.js';
import { ApiUnreachableError } from '../errors.js';
import type { PipelineContext } from './context.js';
import { drainWorklist } from './load/drain.js';
import { pollSchedule } from './poll/schedule.js';
import { pollTransactions } from './poll/transactions.js';
import { ensureReference, ensureTeamSeasons } from './load/reference.js';
import { hasAutovacuum, refreshAfterLoad } from '../db/queries/maintenance.js';

export type BackfillRange = { startDate: string; endDate: string } | { season: number } | { seasons: number[] };

/** The order a multi-season backfill runs its seasons in: newest first by default, or as listed. */
export type SeasonOrder = 'newest' | 'oldest' | 'listed';

export interface BackfillOptions {
  range: BackfillRange;
  sportIds?: number[];
  gameTypes?: string[];
  order?: SeasonOrder;
}

/** The seasons in the order a backfill runs them (each once). */
export function orderSeasons(seasons: readonly number[], order: SeasonOrder = 'newest'): number[] {
  const unique = [...new Set(seasons)];
  if (order === 'listed') return unique;
  return unique.sort((a, b) => (order === 'newest' ? b - a : a - b));
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
 * Load a date range, a season or several seasons (newest first unless told otherwise). Resumable:
 * the worklist is durable, so re-running after an interruption fetches only what is missing.
 */
export async function runBackfill(ctx: PipelineContext, opts: BackfillOptions): Promise<Record<string, unknown>> {
  if (!('seasons' in opts.range)) return backfillOne(ctx, opts.range, opts);
  // Seasons one after another, each as a `--season` backfill: a stop loses nothing, and the same
  // command run again passes quickly over the seasons done (their games cost no request) to the rest.
  const seasons = orderSeasons(opts.range.seasons, opts.order);
  const done: Array<Record<string, unknown>> = [];
  let games = 0;
  let enqueued = 0;
  const incomplete = { pending: 0, dead: 0 };
  for (const [i, season] of seasons.entries()) {
    if (ctx.signal.aborted) break;
    const before = { loaded: ctx.counts.gamesLoaded, requests: ctx.counts.requests, started: performance.now() };
    const r = await backfillOne(ctx, { season }, opts);
    const inc = r.incomplete as { pending: number; dead: number };
    const summary = {
      season,
      games: r.games as number,
      loaded: ctx.counts.gamesLoaded - before.loaded,
      requests: ctx.counts.requests - before.requests,
      seconds: Math.round((performance.now() - before.started) / 1000),
      pending: inc.pending,
      dead: inc.dead,
    };
    games += summary.games;
    enqueued += r.enqueued as number;
    incomplete.pending += inc.pending;
    incomplete.dead += inc.dead;
    done.push(summary);
    const line =
      `season ${season} (${i + 1}/${seasons.length}) done: ${summary.games} games listed, ${summary.loaded} loaded, ` +
      `${summary.requests} requests in ${summary.seconds} s${inc.pending + inc.dead ? `; ${inc.pending} pending, ${inc.dead} dead` : ''}`;
    ctx.log.info(summary, 'season backfilled');
    ctx.progress?.note?.(line);
  }
  const left = seasons.slice(done.length);
  return {
    games,
    enqueued,
    seasons: done,
    ...(left.length ? { notStarted: left } : {}),
    incomplete,
    partial: incomplete.pending + incomplete.dead > 0 || left.length > 0,
  };
}

/**
 * One date range or season: poll its schedule (7-day chunks), queue every final game not yet
 * loaded, and drain.
 */
async function backfillOne(
  ctx: PipelineContext,
  range: { startDate: string; endDate: string } | { season: number },
  opts: BackfillOptions,
): Promise<Record<string, unknown>> {
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  const season = 'season' in range ? range.season : Number(range.startDate.slice(0, 4));
  await ensureReference(ctx, season, sportIds);
  const loadedBefore = ctx.counts.gamesLoaded;
  let games = 0;
  let enqueued = 0;
  const ranges: Array<{ startDate: string; endDate: string }> = [];
  for (const sportId of sportIds) {
    const r0 = 'season' in range ? await seasonRange(ctx, range.season, sportId) : range;
    ranges.push(r0);
    const r = await pollSchedule(ctx, { ...r0, sportIds: [sportId], gameTypes: opts.gameTypes }, 'backfill');
    games += r.games;
    enqueued += r.enqueued;
  }
  // The transactions of the range's year up to its end (all levels in one listing; from January 1 so
  // the injured list on the range's days is known: a stint may have begun in spring), their people
  // queued with the games.
  const span = spanOf(ranges);
  const transactions = span
    ? await pollTransactions(ctx, { startDate: `${span.startDate.slice(0, 4)}-01-01`, endDate: span.endDate })
    : undefined;
  // Its own range's games only: games another run or a sync queued are theirs (counted below).
  const dates = span ? { start: span.startDate, end: span.endDate } : undefined;
  await drainWorklist(ctx, dates ? { dates: { ...dates, runId: ctx.runId } } : {});
  const otherPending = dates ? await pendingGamesOutside(ctx.db, dates.start, dates.end) : 0;
  if (otherPending > 0) {
    ctx.log.info({ otherPending }, 'games of other dates pending, left to the next sync or the daemon');
    ctx.progress?.note?.(
      `${otherPending} game${otherPending === 1 ? '' : 's'} of other dates pending (queued by another run): left to the next sync or the daemon`,
    );
  }
  const teamSeasons = await ensureTeamSeasons(ctx);
  const refreshedSeasons = await refreshAfterLoad(ctx.db, ctx.counts.gamesLoaded - loadedBefore, {
    vacuum: true,
    autovacuum: hasAutovacuum(ctx.dbKind),
  });
  const incomplete = await unfinishedGames(ctx, ranges);
  // Work still pending (a Retry-After longer than we wait, a retry not yet due) or dead at the end
  // means the range is not loaded: the run ends `partial`, never `succeeded`.
  return {
    games,
    enqueued,
    transactions,
    teamSeasons,
    refreshedSeasons,
    incomplete,
    otherPending,
    partial: incomplete.pending + incomplete.dead > 0,
  };
}

/** The first start and the last end of the ranges, if any. */
function spanOf(
  ranges: Array<{ startDate: string; endDate: string }>,
): { startDate: string; endDate: string } | undefined {
  const start = ranges.map((r) => r.startDate).sort()[0];
  const end = ranges
    .map((r) => r.endDate)
    .sort()
    .at(-1);
  return start && end ? { startDate: start, endDate: end } : undefined;
}

/** Game work items of the backfilled dates that are not done: pending (not those another worker holds) or dead. */
async function unfinishedGames(
  ctx: PipelineContext,
  ranges: Array<{ startDate: string; endDate: string }>,
): Promise<{ pending: number; dead: number }> {
  const span = spanOf(ranges);
  if (!span) return { pending: 0, dead: 0 };
  return unfinishedGamesBetween(ctx.db, span.startDate, span.endDate);
}
