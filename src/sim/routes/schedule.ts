/** /v1/schedule and /v1/game/changes. */

import { at } from '../checked.js';
import { GAME_OVER_MINUTES, statusAt, transitions } from '../clock/status.js';
import type { Core } from '../core.js';
import { COPYRIGHT, personRef } from '../render/common.js';
import { renderLinescore } from '../render/linescore.js';
import {
  type Hydrations,
  type Listing,
  listingsOf,
  renderScheduleGame,
  type ScheduleDeps,
  scheduleBody,
} from '../render/schedule.js';
import { toDate } from '../time.js';
import { startingLineups } from '../engine/game.js';
import { pregameAt } from '../pregame.js';
import { officialsOf, weatherOf } from '../render/game-extras.js';
import type { SchedGame } from '../types.js';
import { badRequest, list, parseDate, type RouteResult } from './result.js';

function pregameDeps(core: Core) {
  return { seed: core.seed, league: core.league, model: core.model, probable: (g: SchedGame) => core.probable(g) };
}

function scheduleDeps(core: Core, hyd: Hydrations): ScheduleDeps {
  return {
    model: core.model,
    league: core.league,
    seed: core.seed,
    nowMs: core.state.nowMs,
    recordOf: (g, teamId) => core.recordOf(g, teamId),
    probable: (g) => core.probable(g),
    pregame: (g) => pregameAt(pregameDeps(core), g, core.state.nowMs),
    played(g) {
      const lineups = startingLineups(core, g);
      return {
        lineups,
        officials: officialsOf(core.league, core.seed, g),
        weather: weatherOf(core.seed, g, core.model.venue(g.venueId)?.roofType ?? ''),
      };
    },
    liveState(g) {
      const { phase } = statusAt(core.model, g, core.state.nowMs);
      const needView = phase === 'live' || phase === 'suspended' || hyd.linescore || hyd.decisions;
      if (!needView) {
        if (phase === 'preview') return { away: 0, home: 0 };
        const o = core.model.outcome(g.gamePk);
        return { away: o.awayScore, home: o.homeScore };
      }
      const view = core.view(g);
      const last = view.plays[view.plays.length - 1];
      const out: ReturnType<ScheduleDeps['liveState']> = { away: last?.awayScore ?? 0, home: last?.homeScore ?? 0 };
      if (hyd.linescore) out.linescore = renderLinescore(core.league, view);
      const d = view.decisions;
      if (hyd.decisions && d?.winner) {
        const ref = (id: number) => personRef(core.league, id);
        out.decisions = { winner: ref(d.winner), loser: ref(d.loser!), ...(d.save ? { save: ref(d.save) } : {}) };
      }
      return out;
    },
  };
}

function hydrations(params: URLSearchParams): Hydrations {
  const h = (params.get('hydrate') ?? '').toLowerCase();
  return {
    team: /\bteam\b/.test(h),
    linescore: h.includes('linescore'),
    decisions: h.includes('decisions'),
    probablePitcher: h.includes('probablepitcher'),
    flags: h.includes('flags'),
    lineups: h.includes('lineups'),
    officials: h.includes('officials'),
    weather: h.includes('weather'),
  };
}

interface Filter {
  types?: Set<string>;
  teams?: Set<number>;
  pks?: Set<number>;
  /** Sport ids asked for (absent: MLB only, as the real API defaults). */
  sports: Set<number>;
}

function filterOf(params: URLSearchParams): Filter {
  const sports = list(params, 'sportId', 'sportIds');
  const types = list(params, 'gameType', 'gameTypes');
  const teams = list(params, 'teamId');
  const pks = list(params, 'gamePk', 'gamePks');
  return {
    sports: new Set((sports ?? ['1']).map(Number)),
    types: types ? new Set(types) : undefined,
    teams: teams ? new Set(teams.map(Number)) : undefined,
    pks: pks ? new Set(pks.map(Number)) : undefined,
  };
}

const matches = (f: Filter, g: SchedGame) =>
  (!f.types || f.types.has(g.gameType)) &&
  (!f.teams || f.teams.has(g.awayId) || f.teams.has(g.homeId)) &&
  (!f.pks || f.pks.has(g.gamePk));

/** "Today" by the sim clock, in US Eastern time (the calendar baseball uses). */
export function todayOf(nowMs: number): string {
  return toDate(nowMs - 4 * 3_600_000);
}

/** GET /api/v1/schedule — the games of every served level and season the filters match. */
export function scheduleRoute(cores: readonly Core[], params: URLSearchParams): RouteResult {
  const f = filterOf(params);
  const hyd = hydrations(params);
  const now = at(cores, 0).state.nowMs;
  const season = params.get('season');
  const listings: Array<Listing & { core: Core }> = [];
  for (const core of cores) {
    if (!f.sports.has(core.model.sportId) || (season && Number(season) !== core.model.season)) continue;
    let start = parseDate(params.get('date')) ?? parseDate(params.get('startDate'));
    let end = parseDate(params.get('date')) ?? parseDate(params.get('endDate')) ?? start;
    if (!start && season && !f.pks) {
      start = core.model.dates.springStart;
      end = core.model.dates.postEnd;
    }
    if (!start && !f.pks) start = end = todayOf(now);
    // A dated request leaves the other seasons, and a season's postseason before its dates, unbuilt
    // (building a postseason plays the whole regular season), so many past seasons stay cheap.
    const { springStart, postStart, postEnd } = core.model.dates;
    if (start && !f.pks && (end! < springStart || start > postEnd)) continue;
    const games = start && !f.pks && end! < postStart ? core.model.baseGames : core.visibleGames();
    for (const g of games) {
      if (!matches(f, g)) continue;
      for (const l of listingsOf(core.model, g, now))
        if (!start || (l.date >= start && l.date <= end!)) listings.push({ ...l, core });
    }
  }
  listings.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : sortTime(a) - sortTime(b) || a.g.gamePk - b.g.gamePk,
  );
  const depsOf = new Map<Core, ScheduleDeps>();
  const groups: Array<{ date: string; games: Array<Record<string, unknown>> }> = [];
  for (const l of listings) {
    let deps = depsOf.get(l.core);
    if (!deps) {
      deps = scheduleDeps(l.core, hyd);
      depsOf.set(l.core, deps);
    }
    let group = groups[groups.length - 1];
    if (group?.date !== l.date) {
      group = { date: l.date, games: [] };
      groups.push(group);
    }
    group.games.push(renderScheduleGame(deps, l, hyd));
  }
  return { status: 200, body: scheduleBody(groups) };
}

const sortTime = (l: Listing) =>
  l.kind === 'resumed' ? l.g.suspended!.resumeStartMs : l.kind === 'ppd-original' ? l.g.originalStartMs : l.g.startMs;

/** Whether a game changed between `sinceMs` and now (state change, live updates, correction). */
function changedSince(core: Core, g: SchedGame, sinceMs: number): boolean {
  const now = core.state.nowMs;
  if (transitions(core.model, g, now).some((t) => t >= sinceMs)) return true;
  if (core.state.corrections.some((c) => c.gamePk === g.gamePk && !c.silent && c.atMs >= sinceMs && c.atMs <= now))
    return true;
  if (g.startMs <= now && !g.cancelled) {
    const o = core.model.outcome(g.gamePk);
    if (o.firstPitchMs <= now && o.endMs + GAME_OVER_MINUTES * 60_000 >= sinceMs) return true;
  }
  return false;
}

const NO_HYDRATION: Hydrations = {
  team: false,
  linescore: false,
  decisions: false,
  probablePitcher: false,
  flags: false,
};

/** GET /api/v1/game/changes — over every served level and season the filters match. */
export function gameChangesRoute(cores: readonly Core[], params: URLSearchParams): RouteResult {
  const now = at(cores, 0).state.nowMs;
  const since = params.get('updatedSince');
  const sinceMs =
    since && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(since) ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(sinceMs)) return badRequest('updatedSince is required (YYYY-MM-DDTHH:MM:SSZ)', now);
  const f = filterOf(params);
  const season = params.get('season');
  // One entry a game, as MLB lists it: a suspended game once it resumed is its resumption
  // (under the resume date, with resumedFrom), any other game its main listing.
  const listingOf = (core: Core, g: SchedGame): Listing =>
    listingsOf(core.model, g, now).find((l) => l.kind === 'resumed') ?? {
      g,
      kind: 'main',
      date: g.postponed && now < g.postponed.announcedMs ? g.originalDate : g.officialDate,
    };
  const changed: Array<{ l: Listing; core: Core }> = [];
  for (const core of cores) {
    if (!f.sports.has(core.model.sportId) || (season && Number(season) !== core.model.season)) continue;
    for (const g of core.visibleGames())
      if (matches(f, g) && g.startMs - 3 * 86_400_000 <= now && changedSince(core, g, sinceMs))
        changed.push({ l: listingOf(core, g), core });
  }
  changed.sort((a, b) => (a.l.date < b.l.date ? -1 : a.l.date > b.l.date ? 1 : a.l.g.gamePk - b.l.g.gamePk));
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const limitParam = params.get('limit');
  const limit = limitParam ? Math.max(0, Number(limitParam) || 0) : changed.length;
  const page = changed.slice(offset, offset + limit);
  const depsOf = new Map<Core, ScheduleDeps>();
  const groups: Array<{ date: string; games: Array<Record<string, unknown>> }> = [];
  for (const { l, core } of page) {
    let deps = depsOf.get(core);
    if (!deps) {
      deps = scheduleDeps(core, NO_HYDRATION);
      depsOf.set(core, deps);
    }
    let group = groups[groups.length - 1];
    if (group?.date !== l.date) {
      group = { date: l.date, games: [] };
      groups.push(group);
    }
    group.games.push(renderScheduleGame(deps, l, NO_HYDRATION));
  }
  return { status: 200, body: scheduleBody(groups, changed.length) };
}

const POSTSEASON_TYPES = ['F', 'D', 'L', 'W'] as const;

/**
 * GET /api/v1/schedule/postseason/series?season=&sportId= — the postseason's games grouped by
 * series as the API groups them: a series per round and pair of clubs, ids like `W_1`, `L_2`, the
 * World Series first, each series' games in date order (the games listed so far at the clock).
 */
export function postseasonSeriesRoute(cores: readonly Core[], params: URLSearchParams): RouteResult {
  const now = at(cores, 0).state.nowMs;
  const sportId = Number(params.get('sportId') ?? 1);
  const wanted = Number(params.get('season'));
  const ofSport = cores.filter((c) => c.model.sportId === sportId);
  const core =
    ofSport.find((c) => c.model.season === wanted) ??
    (params.get('season')
      ? undefined
      : ofSport.reduce<Core | undefined>((a, c) => (!a || c.model.season > a.model.season ? c : a), undefined));
  const series: Array<Record<string, unknown>> = [];
  if (core) {
    const deps = scheduleDeps(core, NO_HYDRATION);
    const byKey = new Map<string, SchedGame[]>();
    for (const g of core.visibleGames()) {
      if (!(POSTSEASON_TYPES as readonly string[]).includes(g.gameType) || g.cancelled) continue;
      const key = `${g.gameType}:${Math.min(g.awayId, g.homeId)}:${Math.max(g.awayId, g.homeId)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), g]);
    }
    const groups = [...byKey.values()].map((gs) => gs.sort((a, b) => a.startMs - b.startMs || a.gamePk - b.gamePk));
    // The API lists the World Series first, then the earlier rounds from the wild card on.
    const order = ['W', 'F', 'D', 'L'];
    for (const type of order) {
      const ofType = groups
        .filter((gs) => gs[0]!.gameType === type)
        .sort(
          (a, b) => a[0]!.seriesDescription.localeCompare(b[0]!.seriesDescription) || a[0]!.startMs - b[0]!.startMs,
        );
      ofType.forEach((gs, i) => {
        const games = gs.flatMap((g) => listingsOf(core.model, g, now).filter((l) => l.kind === 'main'));
        series.push({
          series: { id: `${type}_${i + 1}`, sortNumber: type === 'W' ? 1 : 0, isDefault: type === 'W', gameType: type },
          totalItems: games.length,
          totalGames: games.length,
          totalGamesInProgress: 0,
          // The series listing marks a featured game; none is featured here.
          games: games.map((l) => ({ ...renderScheduleGame(deps, l, NO_HYDRATION), isFeaturedGame: false })),
          sortOrder: series.length + 1,
        });
      });
    }
  }
  const totalGames = series.reduce((n, s) => n + Number(s.totalGames), 0);
  return {
    status: 200,
    body: {
      copyright: COPYRIGHT,
      totalItems: totalGames,
      totalEvents: 0,
      totalGames,
      totalGamesInProgress: 0,
      wait: 10,
      series,
    },
  };
}
