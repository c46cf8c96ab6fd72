/** Maps an /api path to its route. */

import type { Core } from '../core.js';
import { awardsRoute, personAwardsRoute } from './awards.js';
import { asOfFromParams, gameBody, gameTimestamps } from './games.js';
import { peopleChangesRoute, peopleRoute, personRoute } from './people.js';
import { configRoute, rosterRoute, seasonsRoute, teamRoute, teamsRoute, venuesRoute } from './reference.js';
import { notFound, type RouteResult } from './result.js';
import { isJobListing, jobsRoute } from './jobs.js';
import { gameChangesRoute, scheduleRoute } from './schedule.js';
import { createStatsRoute } from './stats.js';

const statsRoutes = new WeakMap<Core, ReturnType<typeof createStatsRoute>>();

/** Routes a GET request for a path under /api. */
export function routeApi(core: Core, pathname: string, params: URLSearchParams): RouteResult {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean); // ['api', 'v1', ...]
  if (parts[0] !== 'api' || (parts[1] !== 'v1' && parts[1] !== 'v1.1')) return notFound(core.state.nowMs);
  const [a, b, c, d, e] = parts.slice(2);
  const now = core.state.nowMs;
  if (a === 'schedule' && !b) return scheduleRoute(core, params);
  if (a === 'game') {
    if (b === 'changes' && !c) return gameChangesRoute(core, params);
    const pk = Number(b);
    if (!Number.isInteger(pk)) return notFound(now);
    if (c === 'feed' && d === 'live' && !e) return gameBody(core, 'feed', pk, asOfFromParams(core, params));
    if (c === 'feed' && d === 'live' && e === 'timestamps') return gameTimestamps(core, pk);
    if ((c === 'boxscore' || c === 'playByPlay' || c === 'linescore' || c === 'winProbability') && !d)
      return gameBody(core, c, pk, asOfFromParams(core, params));
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
    if (!b) return teamsRoute(core, params);
    if (!/^\d+$/.test(b)) return notFound(now);
    if (!c) return teamRoute(core, Number(b));
    if (c === 'roster' && !e) return rosterRoute(core, Number(b), d ?? params.get('rosterType') ?? 'active', params);
    return notFound(now);
  }
  if (a === 'jobs' && isJobListing(b) && !c) return jobsRoute(core, b, params);
  if (a === 'stats' && !b) {
    let route = statsRoutes.get(core);
    if (!route) {
      route = createStatsRoute();
      statsRoutes.set(core, route);
    }
    return route(core, params);
  }
  if (a === 'awards' && !b) return awardsRoute();
  if (a === 'venues' && !c) return venuesRoute(core, params, b !== undefined ? Number(b) : undefined);
  if (a === 'seasons' && !c) return seasonsRoute(core, b);
  if (a && !b) return configRoute(a) ?? notFound(now);
  return notFound(now);
}
