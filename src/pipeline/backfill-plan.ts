import { readKnownGames } from '../db/queries/games.js';
import type { Executor } from '../db/client.js';
import { ApiUnreachableError, describeError } from '../errors.js';
import { finalityOf } from '../extract/index.js';
import { extractSeasons } from '../extract/season-tables.js';
import type { PipelineContext } from './context.js';
import { seasonsRequest } from './load/snapshots.js';
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
 * What a plan needs: the API client and the settings, and a database only to read which games are
 * loaded (none: a database not migrated, or none at all, has nothing loaded). A plan writes nothing.
 */
export type PlanContext = Pick<PipelineContext, 'client' | 'config' | 'log' | 'signal' | 'counts' | 'now'> & {
  db: Executor | undefined;
};

/**
 * The plan of a multi-season backfill: from `/v1/seasons` (one request per sport) and the schedule
 * (one request per season and sport), each season's final games by type, what is already loaded,
 * and what the rest will cost at the configured rate. Only seasons and schedules are requested, and
 * nothing is stored: the seasons' dates are read from the answer, not kept.
 */
export async function planBackfill(ctx: PlanContext, opts: PlanOptions): Promise<Record<string, unknown>> {
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  const settings: LoadSettings = {
    maxRps: ctx.config.maxRps,
    gameSource: ctx.config.gameSource,
    winProbability: ctx.config.gameExtras.includes('winProbability'),
    scheduleChunkDays: SCHEDULE_CHUNK_DAYS,
  };
  const spans = new Map<number, Map<number, { startDate: string; endDate: string }>>();
  for (const sportId of sportIds) spans.set(sportId, await fetchSeasonSpans(ctx, sportId, opts.seasons));
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
  ctx: PlanContext,
  season: number,
  sportId: number,
  span: { startDate: string; endDate: string },
  gameTypes: string[] | undefined,
): Promise<SeasonWork> {
  const finalByType: Record<string, number> = {};
  let notFinal = 0;
  let loaded = 0;
  let repolls = 0;
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
        repolls += repollsAhead(g.game_date ?? g.official_date, ctx.now(), ctx.config.repollDays);
      } else if (finality !== 'cancelled' && finality !== 'postponed') notFinal++;
    }
    if (ctx.db) {
      const known = await readKnownGames(ctx.db, finals);
      for (const k of known.values()) if (k.loaded) loaded++;
    }
  } catch (err) {
    if (err instanceof ApiUnreachableError) throw err;
    ctx.counts.failed++;
    ctx.log.warn({ season, sportId, err: describeError(err) }, 'schedule unavailable; the season is planned empty');
  }
  return { season, sportId, days: daysInRange(span.startDate, span.endDate), finalByType, loaded, notFinal, repolls };
}

/**
 * The re-polls `dugout sync` will still make of a final game (DUGOUT_REPOLL_DAYS after its end,
 * estimated here as the scheduled start plus four hours: the plan reads the schedule, not the
 * recorded end of play): those not due yet. A game of a past season has none.
 */
export function repollsAhead(start: unknown, now: Date, days: readonly number[]): number {
  const t = start instanceof Date ? start.getTime() : typeof start === 'string' ? Date.parse(start) : Number.NaN;
  if (Number.isNaN(t)) return 0;
  const ended = t + 4 * 3_600_000;
  return days.filter((d) => ended + d * 86_400_000 > now.getTime()).length;
}

/**
 * Each season's first and last day for a sport, from one `/v1/seasons` answer read in memory (the
 * season's own span, else spring to postseason, else the regular season; as mlb.seasons reads).
 * A season the answer lacks is left out (the caller plans Feb 1 – Nov 30); no answer at all is a
 * failure counted, and every season then falls back too.
 */
async function fetchSeasonSpans(
  ctx: PlanContext,
  sportId: number,
  seasons: readonly number[],
): Promise<Map<number, { startDate: string; endDate: string }>> {
  const out = new Map<number, { startDate: string; endDate: string }>();
  const req = seasonsRequest(seasons, sportId);
  try {
    const res = await ctx.client.call(req.operation as 'seasons', req.params as never, { signal: ctx.signal });
    ctx.counts.requests++;
    const { rows } = extractSeasons(res.body, { sportId, asOfDate: new Date().toISOString().slice(0, 10) });
    for (const r of rows) {
      const start = r.season_start_date ?? r.spring_start_date ?? r.regular_season_start_date;
      const end = r.season_end_date ?? r.post_season_end_date ?? r.regular_season_end_date;
      if (start && end && seasons.includes(Number(r.season)))
        out.set(Number(r.season), { startDate: start, endDate: end });
    }
  } catch (err) {
    if (err instanceof ApiUnreachableError) throw err;
    ctx.counts.failed++;
    ctx.log.warn(
      { sportId, err: describeError(err) },
      'seasons unavailable; each season is planned from Feb 1 to Nov 30',
    );
  }
  return out;
}
