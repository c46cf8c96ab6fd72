/**
 * The season model: league + schedule + lazily simulated games. Everything here is a pure function
 * of (seed, season), so it is shared between simulator instances with the same seed.
 */

import { at } from './checked.js';
import type { VenueInfo } from './data/teams.js';
import { simulateGame } from './engine/game.js';
import { finalizePlays } from './derive/finalize.js';
import { createLeague } from './league.js';
import { createRng, hashSeed } from './prng.js';
import { applyRegularDisruptions, applySpringCancellation, type DoubleHeaderChange } from './schedule/disruptions.js';
import { buildPostseason, type TeamRecord } from './schedule/postseason.js';
import { MILB_SPORT_IDS } from './data/levels.js';
import { eraOf } from './era.js';
import {
  buildRegularSeason,
  MILB_SERIES,
  MLB_SERIES,
  SHORT_SEASON_SERIES,
  seasonDates,
  springStartOf,
} from './schedule/regular.js';
import { buildSpringTraining, springVenue } from './schedule/spring.js';
import { addDays } from './time.js';
import type { GameLog, League, Outcome, SchedGame } from './types.js';

export interface SeasonModel {
  seed: number;
  season: number;
  /** 1 (MLB) or a minor-league level 11–14. */
  sportId: number;
  league: League;
  dates: ReturnType<typeof seasonDates> & { springStart: string; postStart: string; postEnd: string };
  /** Spring and regular-season games (always built). */
  baseGames: readonly SchedGame[];
  /** All games including the postseason (builds the postseason on first call). */
  allGames(): readonly SchedGame[];
  game(gamePk: number): SchedGame | undefined;
  dhChangeOf(gamePk: number): DoubleHeaderChange | undefined;
  venue(id: number): VenueInfo | undefined;
  /** Simulates a game (uncached; callers cache rendered bodies). */
  simulate(gamePk: number): GameLog;
  /** Final score and key times of a game (memoized, small). */
  outcome(gamePk: number): Outcome;
  /**
   * Games this model has simulated so far. Building the schedule simulates none (a game is
   * simulated when asked for, the postseason built on first call), which keeps a model cheap.
   */
  gamesSimulated(): number;
}

const cache = new Map<string, SeasonModel>();

/** Returns the (memoized) season model for a seed and season. */
export function getSeasonModel(seed: number, season: number): SeasonModel {
  const key = `${seed}:${season}`;
  let model = cache.get(key);
  if (!model) {
    model = createSeasonModel(seed, season);
    if (cache.size >= 4) cache.delete(cache.keys().next().value as string);
    cache.set(key, model);
  }
  return model;
}

export interface SeasonOptions {
  /** The league to schedule (default: MLB's for the seed and season). Its sportId picks the level. */
  league?: League;
}

/** First gamePk of a level's season: MLB from 700,000, each minor-league level in its own band. */
export function firstGamePk(sportId: number, season: number): number {
  const level = MILB_SPORT_IDS.indexOf(sportId);
  return (level < 0 ? 700_000 : 1_100_000 + level * 350_000) + (season % 100) * 3_500;
}

/**
 * Builds a season model (not memoized; see getSeasonModel). A minor-league level has no spring
 * training or postseason here: 132 games a club in six-game series, doubleheaders of seven innings.
 * An MLB season plays by its era (src/sim/era.ts): 2020 is 60 games a club from July.
 */
export function createSeasonModel(seed: number, season: number, options: SeasonOptions = {}): SeasonModel {
  const league = options.league ?? createLeague(seed, season);
  const sportId = league.sportId;
  const mlb = sportId === 1;
  const rng = createRng(hashSeed(seed, season, mlb ? 0x5c4e : 0x5c4e + sportId));
  const keyDates = seasonDates(season);
  const pkBase = firstGamePk(sportId, season);
  const era = eraOf(season, sportId);
  const series = !mlb ? MILB_SERIES : era.shortSeason ? SHORT_SEASON_SERIES : MLB_SERIES;
  const regular = buildRegularSeason(rng, league, pkBase, series);
  const springStart = mlb ? springStartOf(season) : keyDates.opening;
  const spring = mlb ? buildSpringTraining(rng, league, springStart, keyDates.springEnd, pkBase + 2_500) : [];
  const dhChanges = new Map<number, DoubleHeaderChange>();
  applyRegularDisruptions(rng, league, regular, dhChanges);
  if (mlb) applySpringCancellation(rng, spring);
  // Seven-inning doubleheaders: the minor leagues, and MLB in 2020–2021.
  if (era.sevenInningDoubleHeaders) for (const g of regular) if (g.doubleHeader !== 'N') g.scheduledInnings = 7;
  const baseGames = [...spring, ...regular];
  const byPk = new Map<number, SchedGame>(baseGames.map((g) => [g.gamePk, g]));
  const springVenues = new Map<number, VenueInfo>();
  for (const t of league.teams) springVenues.set(t.springVenueId, springVenue(t.springVenueId, t.springLeagueId));
  const outcomes = new Map<number, Outcome>();
  let post: SchedGame[] | undefined;
  let lastRegular = at(regular, 0).officialDate;
  for (const g of regular) if (g.officialDate > lastRegular) lastRegular = g.officialDate;

  let simulated = 0;
  const simulate = (gamePk: number): GameLog => {
    const g = byPk.get(gamePk);
    if (!g) throw new Error(`unknown gamePk ${gamePk}`);
    simulated++;
    const log = simulateGame({
      gamePk,
      seed,
      league,
      gameType: g.gameType,
      scheduledInnings: g.scheduledInnings,
      awayId: g.awayId,
      homeId: g.homeId,
      awayGameIndex: g.awayGameIndex,
      homeGameIndex: g.homeGameIndex,
      startMs: g.startMs,
      date: g.officialDate,
      suspension: g.suspended
        ? {
            afterHalfInnings: g.suspended.afterHalfInnings,
            resumeStartMs: g.suspended.resumeStartMs,
            reason: g.suspended.reason,
          }
        : undefined,
    });
    finalizePlays(log.plays, new Set(log.ghostRunners));
    return log;
  };
  const outcome = (gamePk: number): Outcome => {
    let o = outcomes.get(gamePk);
    if (!o) {
      const log = simulate(gamePk);
      o = {
        awayScore: log.awayScore,
        homeScore: log.homeScore,
        isTie: log.isTie,
        endMs: log.endMs,
        firstPitchMs: log.firstPitchMs,
        innings: log.innings,
        suspendedAtMs: log.suspendedAtMs,
        resumedAtMs: log.resumedAtMs,
      };
      outcomes.set(gamePk, o);
    }
    return o;
  };
  const allGames = (): readonly SchedGame[] => {
    if (!post && !mlb) post = [];
    if (!post) {
      const records = new Map<number, TeamRecord>(league.teams.map((t) => [t.id, { wins: 0, losses: 0 }]));
      const gameCount = new Map<number, number>();
      for (const g of regular) {
        const o = outcome(g.gamePk);
        const [w, l] = o.homeScore > o.awayScore ? [g.homeId, g.awayId] : [g.awayId, g.homeId];
        records.get(w)!.wins++;
        records.get(l)!.losses++;
        gameCount.set(g.awayId, Math.max(gameCount.get(g.awayId) ?? 0, g.awayGameIndex + 1));
        gameCount.set(g.homeId, Math.max(gameCount.get(g.homeId) ?? 0, g.homeGameIndex + 1));
      }
      post = buildPostseason({
        rng: createRng(hashSeed(seed, season, 0x9057)),
        league,
        lastRegular,
        firstPk: pkBase + 3_300,
        records,
        gameCount,
        play: (g) => {
          byPk.set(g.gamePk, g);
          return outcome(g.gamePk);
        },
      });
    }
    return [...baseGames, ...post];
  };
  const postStart = addDays(lastRegular, 2);
  return {
    seed,
    season,
    sportId,
    league,
    dates: { ...keyDates, springStart, postStart, postEnd: addDays(lastRegular, 34) },
    baseGames,
    allGames,
    game: (pk) => {
      if (!byPk.has(pk) && mlb && pk >= pkBase + 3_300) allGames();
      return byPk.get(pk);
    },
    dhChangeOf: (pk) => dhChanges.get(pk),
    venue: (id) => league.venueById.get(id) ?? springVenues.get(id),
    simulate,
    outcome,
    gamesSimulated: () => simulated,
  };
}
