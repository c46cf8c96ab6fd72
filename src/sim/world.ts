/**
 * The simulator's world: every level it serves (MLB and, when asked, the minor leagues 11–14)
 * for the current season and past ones. Each (season, level) is a season model with its own core;
 * they share one clock and state, one body cache and, within a season, one set of people, so a
 * player promoted from Triple-A is the same person in both levels' games, rosters and change log.
 *
 * Past seasons reuse the current season's players (one career each, not a new league per year)
 * and the franchise history of `mlbTeamsFor` (a renamed club, a division move).
 */

import { MILB_SPORT_IDS, mlbTeamsFor, OAKLAND_COLISEUM } from './data/levels.js';
import { VENUES } from './data/venues.js';
import { createCore, type Core } from './core.js';
import { createBodyCache } from './http/body-cache.js';
import { createLeague } from './league.js';
import { type RosterMove, planRosterMoves, withMoves } from './moves.js';
import { planTransactions, type TransactionPlan } from './transactions.js';
import { createSeasonModel, firstGamePk } from './season.js';
import type { SimState } from './state.js';
import type { League, Person } from './types.js';
import type { TeamInfo } from './data/teams.js';

export interface WorldOptions {
  seed: number;
  /** The current season (the clock's). */
  season: number;
  /** Levels served: 1 and any of 11–14. */
  sportIds: readonly number[];
  /** Past seasons served before the current one. */
  history: number;
  cacheBytes?: number;
}

export interface World {
  /** MLB's current season: the clock, corrections and person changes go through it. */
  readonly primary: Core;
  readonly cores: readonly Core[];
  readonly seasons: readonly number[];
  readonly sportIds: readonly number[];
  readonly moves: readonly RosterMove[];
  /** Transactions and injured-list stints (set by {@link withTransactions}). */
  readonly transactions?: TransactionPlan;
  coreFor(season: number, sportId: number): Core | undefined;
  /** The core whose season schedules a gamePk (by the level's gamePk band). */
  coreOfGame(gamePk: number): Core | undefined;
  /** The core of a club in a season (any level). */
  coreOfTeam(teamId: number, season: number): Core | undefined;
}

/** Builds the leagues of one season, joined: shared people, clubs and roster moves. */
function seasonLeagues(opts: WorldOptions, season: number): { leagues: League[]; moves: RosterMove[] } {
  const back = opts.season - season;
  const mlb = createLeague(opts.seed, season, {
    anchorSeason: opts.season,
    teams: mlbTeamsFor(back),
    venues: back > 0 ? [...VENUES, OAKLAND_COLISEUM] : VENUES,
  });
  const levels = opts.sportIds
    .filter((s) => MILB_SPORT_IDS.includes(s))
    .map((sportId) => createLeague(opts.seed, season, { sportId, anchorSeason: opts.season }));
  const all = [mlb, ...levels];
  const people: Person[] = all.flatMap((l) => [...l.people]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const teamById = new Map<number, TeamInfo>(all.flatMap((l) => l.teams.map((t) => [t.id, t] as [number, TeamInfo])));
  // Promotions between adjacent levels of an organization: MLB–Triple-A, Triple-A–Double-A, …
  const used = new Set<number>();
  const moves: RosterMove[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const [upper, lower] = [all[i]!, all[i + 1]!];
    const adjacent = upper.sportId === 1 ? lower.sportId === 11 : lower.sportId === upper.sportId + 1;
    if (adjacent) moves.push(...planRosterMoves(opts.seed, upper, lower, used));
  }
  moves.sort((a, b) => a.atMs - b.atMs || a.personId - b.personId);
  const leagues = all.map((l) => withMoves({ ...l, people, personById, teamById }, moves));
  return { leagues, moves };
}

/** Creates the world (building leagues and schedules; games are simulated on demand). */
export function createWorld(opts: WorldOptions, state: SimState): World {
  const bodies = createBodyCache(opts.cacheBytes);
  const seasons = Array.from({ length: opts.history + 1 }, (_, i) => opts.season - opts.history + i);
  const cores: Core[] = [];
  const allMoves: RosterMove[] = [];
  for (const season of seasons) {
    const { leagues, moves } = seasonLeagues(opts, season);
    allMoves.push(...moves);
    for (const league of leagues) {
      const model = createSeasonModel(opts.seed, season, { league });
      cores.push(createCore(model, state, opts.cacheBytes, bodies));
    }
  }
  // Roster moves are person-record changes at the moment they happen (currentTeam, roster status).
  for (const m of allMoves.sort((a, b) => a.atMs - b.atMs || a.personId - b.personId))
    state.personChanges.push({
      personId: m.personId,
      atMs: m.atMs,
      change: 'move',
      teamId: m.toTeamId,
      rosterStatus: m.status,
    });
  const primary = cores.find((c) => c.model.season === opts.season && c.model.sportId === 1)!;
  const bySeasonSport = new Map(cores.map((c) => [`${c.model.season}:${c.model.sportId}`, c]));
  return {
    primary,
    cores,
    seasons,
    sportIds: [...opts.sportIds],
    moves: allMoves,
    coreFor: (season, sportId) => bySeasonSport.get(`${season}:${sportId}`),
    coreOfGame: (pk) =>
      cores.find((c) => {
        const first = firstGamePk(c.model.sportId, c.model.season);
        return pk >= first && pk < first + 3_500 && c.model.game(pk) !== undefined;
      }),
    coreOfTeam: (teamId, season) =>
      cores.find((c) => c.model.season === season && c.league.teams.some((t) => t.id === teamId)),
  };
}

/** The world of a simulator serving one MLB season (the default). */
export function singleWorld(core: Core): World {
  return {
    primary: core,
    cores: [core],
    seasons: [core.model.season],
    sportIds: [1],
    moves: [],
    coreFor: (season, sportId) => (season === core.model.season && sportId === 1 ? core : undefined),
    coreOfGame: (pk) => (core.model.game(pk) ? core : undefined),
    coreOfTeam: (teamId, season) =>
      season === core.model.season && core.league.teams.some((t) => t.id === teamId) ? core : undefined,
  };
}

/** A club by id and its level, in the clock's season first. */
export function teamLookup(world: World): (teamId: number) => { team: TeamInfo; sportId: number } | undefined {
  const byId = new Map<number, { team: TeamInfo; sportId: number }>();
  for (const c of [...world.cores].sort((a, b) => b.model.season - a.model.season))
    for (const t of c.league.teams) if (!byId.has(t.id)) byId.set(t.id, { team: t, sportId: c.model.sportId });
  return (teamId) => byId.get(teamId);
}

/** A person by id, in the clock's season first. */
export function personLookup(world: World): (personId: number) => Person | undefined {
  const cores = [...world.cores].sort((a, b) => b.model.season - a.model.season);
  return (personId) => {
    for (const c of cores) {
      const p = c.league.personById.get(personId);
      if (p) return p;
    }
    return undefined;
  };
}

/**
 * The world with its transactions planned: the clock's MLB season's injured-list stints and every
 * roster move. The activations become person-record changes of the shared state (in time order).
 */
export function withTransactions(world: World): World {
  const { plan, changes } = planTransactions(
    world.primary.seed,
    world.primary.league,
    world.moves,
    teamLookup(world),
    personLookup(world),
  );
  const state = world.primary.state;
  state.personChanges.push(...changes);
  state.personChanges.sort((a, b) => a.atMs - b.atMs);
  return { ...world, transactions: plan };
}
