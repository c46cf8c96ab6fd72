import { readKnownGames } from '../db/queries/games.js';
import { readSeasonSpans } from '../db/queries/snapshots.js';
import { ApiUnreachableError, describeError } from '../errors.js';
import { finalityOf } from '../extract/index.js';
import type { PipelineContext } from './context.js';
import { runSnapshotRequests, seasonsRequest } from './load/snapshots.js';
import {
  estimateSeason,
  formatPlanLine,
  type LoadSettings,
  type SeasonEstimate,
  type SeasonWork,
  sumEstimates,
} from './plan/backfill-estimate.js';
import { SCHEDULE_CHUNK_DAYS, scheduleGameRows } from './poll/schedule.js';
import { daysInRange } from '../dates.js';

/** Every game type a backfill loads when none is named (spring, exhibition, regular, All-Star, postseason). */
export const ALL_GAME_TYPES = ['S', 'E', 'R', 'A', 'F', 'D', 'L', 'W'] as const;

export interface PlanOptions {
  /** The seasons, in the order the backfill would run them. */
  seasons: number[];
  sportIds?: number[];
  gameTypes?: string[];
}

export interface SeasonPlan {
  season: number;
  finalByType: Record<string, number>;
  loaded: number;
  notFinal: number;
  estimate: SeasonEstimate;
  /** The season's first and last day per sport, as `/v1/seasons` gives them (or the Feb 1 – Nov 30 fallback). */
  spans: Record<string, { startDate: string; endDate: string }>;
  line: string;
}

/**
 * The plan of a multi-season backfill: from `/v1/seasons` (one request per sport, stored as the
 * `seasons` snapshot) and the schedule (one request per season and sport, not stored: nothing is
 * queued), each season's final games by type, what is already loaded, and what the rest will cost
 * at the configured rate. Only seasons and schedules are requested.
 */
export async function planBackfill(ctx: PipelineContext, opts: PlanOptions): Promise<Record<string, unknown>> {
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  const settings: LoadSettings = {
    maxRps: ctx.config.maxRps,
    gameSource: ctx.config.gameSource,
    winProbability: ctx.config.gameExtras.includes('winProbability'),
    scheduleChunkDays: SCHEDULE_CHUNK_DAYS,
  };
  const spans = new Map<number, Map<number, { startDate: string; endDate: string }>>();
  for (const sportId of sportIds) {
    await runSnapshotRequests(ctx, 'seasons', [seasonsRequest(opts.seasons, sportId)]);
    spans.set(sportId, await readSeasonSpans(ctx.db, sportId, opts.seasons));
  }
  const plans: SeasonPlan[] = [];
  for (const season of opts.seasons) {
    if (ctx.signal.aborted) break;
    const works: SeasonWork[] = [];
    const seasonSpans: SeasonPlan['spans'] = {};
    for (const sportId of sportIds) {
      const span = spans.get(sportId)?.get(season) ?? { startDate: `${season}-02-01`, endDate: `${season}-11-30` };
      seasonSpans[String(sportId)] = span;
      works.push(await seasonWork(ctx, season, sportId, span, opts.gameTypes));
    }
    const finalByType: Record<string, number> = {};
    for (const w of works)
      for (const [t, n] of Object.entries(w.finalByType)) finalByType[t] = (finalByType[t] ?? 0) + n;
    const estimate = sumEstimates(works.map((w) => estimateSeason(w, settings)));
    const loaded = works.reduce((a, w) => a + w.loaded, 0);
    const notFinal = works.reduce((a, w) => a + w.notFinal, 0);
    const line = formatPlanLine({ season, finalByType, loaded, notFinal, estimate, maxRps: settings.maxRps });
    ctx.log.info({ season, finalByType, loaded, ...estimate }, 'season planned');
    plans.push({ season, finalByType, loaded, notFinal, estimate, spans: seasonSpans, line });
  }
  const total = sumEstimates(plans.map((p) => p.estimate));
  return { seasons: plans, total, settings };
}

/** A season's games of one sport from one schedule request, and which of them are loaded. */
async function seasonWork(
  ctx: PipelineContext,
  season: number,
  sportId: number,
  span: { startDate: string; endDate: string },
  gameTypes: string[] | undefined,
): Promise<SeasonWork> {
  const finalByType: Record<string, number> = {};
  let notFinal = 0;
  let loaded = 0;
  try {
    const res = await ctx.client.call(
      'schedule',
      { sportId: [sportId], season: [String(season)], gameType: gameTypes ?? [...ALL_GAME_TYPES] },
      { signal: ctx.signal },
    );
    ctx.counts.requests++;
    // A game is listed once per date it is on (a postponed game twice): counted once, by its last listing.
    const games = new Map(scheduleGameRows(res.body, { sportId }).rows.map((g) => [g.game_pk, g]));
    const finals: number[] = [];
    for (const g of games.values()) {
      if (g.season !== null && g.season !== undefined && Number(g.season) !== season) continue;
      const finality = finalityOf(g.coded_game_state);
      if (finality === 'final' || finality === 'provisional') {
        finalByType[g.game_type] = (finalByType[g.game_type] ?? 0) + 1;
        finals.push(g.game_pk);
      } else if (finality !== 'cancelled' && finality !== 'postponed') notFinal++;
    }
    const known = await readKnownGames(ctx.db, finals);
    for (const k of known.values()) if (k.loaded) loaded++;
  } catch (err) {
    if (err instanceof ApiUnreachableError) throw err;
    ctx.counts.failed++;
    ctx.log.warn({ season, sportId, err: describeError(err) }, 'schedule unavailable; the season is planned empty');
  }
  return { season, sportId, days: daysInRange(span.startDate, span.endDate), finalByType, loaded, notFinal };
}
