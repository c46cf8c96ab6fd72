/** Reference data: /v1/teams, rosters, /v1/venues, /v1/seasons and the configuration lists. */

import type { Core } from '../core.js';
import { CONFIG_LISTS } from '../data/config-lists.js';
import type { VenueInfo } from '../data/teams.js';
import { COPYRIGHT, personRef, position } from '../render/common.js';
import { renderTeam, renderVenueShort } from '../render/team.js';
import { seasonDates } from '../schedule/regular.js';
import { addDays } from '../time.js';
import { personJson } from './people.js';
import { list, notFound, type RouteResult } from './result.js';

const STATUS: Record<string, string> = {
  A: 'Active',
  '40M': 'Forty Man',
  D10: 'Injured 10-Day',
  D60: 'Injured 60-Day',
  MIN: 'Minor League Contract',
  RA: 'Rehab Assignment',
  TR: 'Traded',
};

function teamsBody(core: Core, ids?: number[]) {
  const season = core.model.season;
  const teams = core.league.teams
    .filter((t) => !ids || ids.includes(t.id))
    .map((t) => renderTeam(t, season, core.model.venue(t.venueId)?.name ?? ''));
  return { copyright: COPYRIGHT, teams };
}

/** GET /api/v1/teams — the clubs of every served level and season that the filters match. */
export function teamsRoute(cores: readonly Core[], params: URLSearchParams, current: number): RouteResult {
  const sports = list(params, 'sportId', 'sportIds');
  const season = params.get('season');
  const ids = list(params, 'teamId', 'teamIds')?.map(Number);
  const teams = cores
    .filter((c) => !sports || sports.includes(String(c.model.sportId)))
    .filter((c) => (season ? Number(season) === c.model.season : c.model.season === current))
    .flatMap((c) => teamsBody(c, ids).teams);
  return { status: 200, body: { copyright: COPYRIGHT, teams } };
}

/** GET /api/v1/teams/{id} */
export function teamRoute(core: Core, id: number): RouteResult {
  if (!core.league.teams.some((t) => t.id === id)) return notFound(core.state.nowMs);
  return { status: 200, body: teamsBody(core, [id]) };
}

/** GET /api/v1/teams/{id}/roster[/{rosterType}][?date=D] — reflects simulated trades at now (or at the end of D). */
export function rosterRoute(
  core: Core,
  teamId: number,
  rosterType: string,
  params: URLSearchParams,
  pastSeason = false,
): RouteResult {
  if (!core.league.teams.some((t) => t.id === teamId)) return notFound(core.state.nowMs);
  // `date=YYYY-MM-DD`: the roster at the end of that day (never later than the clock); a past
  // season's roster without a date is its roster at the end of that season.
  const date = params.get('date');
  const endOfDay = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T23:59:59.999Z`) : Number.NaN;
  const seasonEnd = Date.parse(`${core.model.dates.postEnd}T23:59:59.999Z`);
  const asOf = Number.isFinite(endOfDay) ? endOfDay : pastSeason ? seasonEnd : Number.NaN;
  const now = Number.isFinite(asOf) ? Math.min(asOf, core.state.nowMs) : core.state.nowMs;
  const hydratePerson = (params.get('hydrate') ?? '').includes('person');
  const entries: Array<{ id: number; status: string }> = [];
  const teamNow = (id: number) => core.overlay(id, now)?.teamId ?? core.league.personById.get(id)!.teamId;
  for (const p of core.league.people) {
    if (!p.isPlayer) continue;
    const current = teamNow(p.id);
    if (current === teamId) entries.push({ id: p.id, status: core.overlay(p.id, now)?.rosterStatus ?? p.rosterStatus });
    else if (p.teamId === teamId && rosterType === 'fullSeason') entries.push({ id: p.id, status: 'TR' });
  }
  const filtered = entries.filter((e) => {
    if (rosterType === 'active') return e.status === 'A' || e.status === 'RA';
    if (rosterType === '40Man') return e.status !== 'MIN' && e.status !== 'TR';
    return true;
  });
  const roster = filtered.map((e) => {
    const p = core.league.personById.get(e.id)!;
    return {
      person: hydratePerson ? personJson(core, p) : personRef(core.league, p.id),
      jerseyNumber: core.overlay(p.id, now)?.primaryNumber ?? p.primaryNumber,
      position: position(p.position),
      status: { code: e.status, description: STATUS[e.status] ?? 'Active' },
      parentTeamId: core.league.teamById.get(teamId)?.parentOrgId ?? teamId,
    };
  });
  return {
    status: 200,
    body: { copyright: COPYRIGHT, roster, link: `/api/v1/teams/${teamId}/roster`, teamId, rosterType },
  };
}

/**
 * GET /api/v1/venues and /api/v1/venues/{id}: the parks of the clubs served (of `sportIds`, in
 * `season`: the clock's by default); `hydrate=fieldInfo` adds each park's field in that season.
 */
export function venuesRoute(cores: readonly Core[], params: URLSearchParams, id?: number): RouteResult {
  const core = cores.reduce((a, b) => (b.model.season > a.model.season ? b : a));
  const ids = id !== undefined ? [id] : list(params, 'venueIds', 'venueId')?.map(Number);
  const asked = params.get('season');
  const season = Number(asked ?? core.model.season);
  const sportIds = list(params, 'sportIds', 'sportId')?.map(Number);
  const hydrate = list(params, 'hydrate') ?? [];
  const seasonCores = asked !== null ? cores.filter((c) => c.model.season === season) : [];
  const all: VenueInfo[] = [];
  const add = (v: VenueInfo | undefined) => {
    if (v && !all.some((x) => x.id === v.id)) all.push(v);
  };
  // The season's parks when one served is asked, else the clock's season first, then parks only past seasons used.
  const from = seasonCores.length > 0 ? seasonCores : [...cores].sort((x, y) => y.model.season - x.model.season);
  for (const c of from) {
    if (sportIds && !sportIds.includes(c.model.sportId)) continue;
    for (const v of c.league.venues) add(v);
    for (const t of c.league.teams) add(c.model.venue(t.springVenueId));
  }
  const shown = Number.isInteger(season) ? season : core.model.season;
  const venues = all.filter((v) => !ids || ids.includes(v.id)).map((v) => renderVenueShort(v, shown, hydrate));
  if (id !== undefined && venues.length === 0) return notFound(core.state.nowMs);
  return { status: 200, body: { copyright: COPYRIGHT, venues } };
}

function seasonJson(core: Core, season: number, cores: readonly Core[] = [core]) {
  const d = seasonDates(season);
  // A season served has its own dates (a past season's postseason ends when its games do).
  const sim = (season === core.model.season ? core : cores.find((c) => c.model.season === season))?.model.dates;
  const springStart = sim?.springStart ?? addDays(d.opening, -35);
  const postStart = sim?.postStart ?? addDays(d.last, 2);
  const postEnd = sim?.postEnd ?? addDays(d.last, 34);
  return {
    seasonId: String(season),
    hasWildcard: true,
    preSeasonStartDate: `${season}-01-01`,
    preSeasonEndDate: addDays(springStart, -1),
    seasonStartDate: springStart,
    springStartDate: springStart,
    springEndDate: addDays(d.opening, -1),
    regularSeasonStartDate: d.opening,
    lastDate1stHalf: addDays(d.asbStart, -1),
    allStarDate: d.allStarDate,
    firstDate2ndHalf: addDays(d.asbEnd, 1),
    regularSeasonEndDate: d.last,
    postSeasonStartDate: postStart,
    postSeasonEndDate: postEnd,
    seasonEndDate: postEnd,
    offseasonStartDate: addDays(postEnd, 1),
    offSeasonEndDate: `${season}-12-31`,
    seasonLevelGamedayType: 'P',
    gameLevelGamedayType: 'P',
    qualifierPlateAppearances: 3.1,
    qualifierOutsPitched: 3.0,
  };
}

/** Whether a season id is a year the API knows. */
function isSeasonYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1876 && year <= 2100;
}

/**
 * GET /api/v1/seasons, /seasons/{id}, /seasons/all. `/v1/seasons` answers the seasons its `season`
 * parameter lists (a comma list; unknown ones are left out, as the API does), else the current one.
 */
export function seasonsRoute(
  core: Core,
  which: string | undefined,
  params?: URLSearchParams,
  cores: readonly Core[] = [core],
): RouteResult {
  const listed = which === undefined ? (params?.get('season') ?? '').split(',').filter((v) => v.trim() !== '') : [];
  if (listed.length > 0) {
    const years = listed.map((v) => Number(v.trim())).filter(isSeasonYear);
    return { status: 200, body: { copyright: COPYRIGHT, seasons: years.map((y) => seasonJson(core, y, cores)) } };
  }
  if (which === undefined || which === 'all')
    return { status: 200, body: { copyright: COPYRIGHT, seasons: [seasonJson(core, core.model.season)] } };
  const year = Number(which);
  if (!isSeasonYear(year)) return notFound(core.state.nowMs);
  return { status: 200, body: { copyright: COPYRIGHT, seasons: [seasonJson(core, year, cores)] } };
}

/** GET /api/v1/{configList} */
export function configRoute(name: string): RouteResult | undefined {
  const body = CONFIG_LISTS[name];
  return body ? { status: 200, body } : undefined;
}
