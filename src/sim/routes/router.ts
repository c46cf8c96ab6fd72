/** Maps an /api path to its route. */

import type { Core } from '../core.js';
import type { World } from '../world.js';
import { awardsRoute, personAwardsRoute } from './awards.js';
import { coachesRoute } from './coaches.js';
import { asOfFromParams, gameBody, gameDiffPatch, gameTimestamps } from './games.js';
import { isJobListing, jobsRoute } from './jobs.js';
import { peopleChangesRoute, peopleRoute, personRoute } from './people.js';
import { configRoute, rosterRoute, seasonsRoute, teamRoute, teamsRoute, venuesRoute } from './reference.js';
import { notFound, type RouteResult } from './result.js';
import { gameChangesRoute, postseasonSeriesRoute, scheduleRoute } from './schedule.js';
import { createStatsRoute } from './stats.js';
import { transactionsRoute } from './transactions.js';
import { draftRoute } from './draft.js';

const statsRoutes = new WeakMap<Core, ReturnType<typeof createStatsRoute>>();

/** The season a request names (`season=`, else the year of `date=`), else the clock's. */
function seasonOf(world: World, params: URLSearchParams): number {
  const season = Number(params.get('season') ?? params.get('date')?.slice(0, 4));
  return Number.isInteger(season) && world.seasons.includes(season) ? season : world.primary.model.season;
}

/** The core a /v1/stats request is for (one season and level), else the primary one (which answers empty). */
function statsCore(world: World, params: URLSearchParams): Core {
  const sports = (params.get('sportId') ?? params.get('sportIds') ?? '1').split(',');
  const season = Number(params.get('season') ?? world.primary.model.season);
  return (sports.length === 1 && world.coreFor(season, Number(sports[0]))) || world.primary;
}

/** Routes a GET request for a path under /api. */
export function routeApi(world: World, pathname: string, params: URLSearchParams): RouteResult {
  const core = world.primary;
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean); // ['api', 'v1', ...]
  if (parts[0] !== 'api' || (parts[1] !== 'v1' && parts[1] !== 'v1.1')) return notFound(core.state.nowMs);
  const [a, b, c, d, e] = parts.slice(2);
  const now = core.state.nowMs;
  if (a === 'schedule' && !b) return scheduleRoute(world.cores, params);
  if (a === 'schedule' && b === 'postseason' && c === 'series' && !d) return postseasonSeriesRoute(world.cores, params);
  if (a === 'game') {
    if (b === 'changes' && !c) return gameChangesRoute(world.cores, params);
    const pk = Number(b);
    if (!Number.isInteger(pk)) return notFound(now);
    const gameCore = world.coreOfGame(pk) ?? core;
    if (c === 'feed' && d === 'live' && !e) return gameBody(gameCore, 'feed', pk, asOfFromParams(gameCore, params));
    if (c === 'feed' && d === 'live' && e === 'timestamps') return gameTimestamps(gameCore, pk);
    if (c === 'feed' && d === 'live' && e === 'diffPatch') return gameDiffPatch(gameCore, pk, params);
    if ((c === 'boxscore' || c === 'playByPlay' || c === 'linescore' || c === 'winProbability') && !d)
      return gameBody(gameCore, c, pk, asOfFromParams(gameCore, params));
    return notFound(now);
  }
  if (a === 'people') {
    if (!b) return peopleRoute(core, params);
    if (b === 'changes' && !c) return peopleChangesRoute(core, params);
    if (/^\d+$/.test(b) && !c) return personRoute(core, Number(b));
    if (/^\d+$/.test(b) && c === 'awards' && !d) return personAwardsRoute(core, Number(b));
    return notFound(now);
  }
  if (a === 'teams') {
    if (!b) return teamsRoute(world.cores, params, core.model.season);
    if (!/^\d+$/.test(b)) return notFound(now);
    const season = seasonOf(world, params);
    const teamCore = world.coreOfTeam(Number(b), season) ?? core;
    if (!c) return teamRoute(teamCore, Number(b));
    if (c === 'coaches' && !d) return coachesRoute(teamCore, Number(b), season);
    if (c === 'roster' && !e) {
      const type = d ?? params.get('rosterType') ?? 'active';
      return rosterRoute(teamCore, Number(b), type, params, season < core.model.season);
    }
    return notFound(now);
  }
  if (a === 'jobs' && isJobListing(b) && !c) return jobsRoute(core, b, params);
  if (a === 'stats' && !b) {
    const statsOf = statsCore(world, params);
    let route = statsRoutes.get(statsOf);
    if (!route) {
      route = createStatsRoute();
      statsRoutes.set(statsOf, route);
    }
    return route(statsOf, params);
  }
  if (a === 'awards' && !b) return awardsRoute();
  if (a === 'transactions' && !b) return transactionsRoute(world, params);
  if (a === 'draft' && b && !c) return draftRoute(world, b, params);
  if (a === 'venues' && !c) return venuesRoute(world.cores, params, b !== undefined ? Number(b) : undefined);
  if (a === 'seasons' && !c) return seasonsRoute(core, b, params, world.cores);
  if (a && !b) return configRoute(a) ?? notFound(now);
  return notFound(now);
}
