/**
 * Regular-season schedule: 54 rounds of series (each a perfect matching of the 30 clubs), every
 * pairing played once at each park, so every club plays exactly 162 games, 81 at home (2,430 in all).
 * The shortened 2020 season: 20 rounds of three-game series inside three regions (a division and
 * the other league's division of the same part of the country), 60 games a club from July 23.
 */

import type { Rng } from '../prng.js';
import { at } from '../checked.js';
import { addDays, dateMs, dayOfWeek, DAY_MS } from '../time.js';
import { TEAMS } from '../data/teams.js';
import type { League, SchedGame } from '../types.js';
import { pickStartTime } from './start-times.js';

interface Round {
  pairs: Array<[number, number]>; // [away, home]
  length: number;
}

/** Circle-method round robin: 29 perfect matchings of 30 teams, each pair exactly once. */
function roundRobin(teams: number[]): Array<Array<[number, number]>> {
  const n = teams.length;
  const rounds: Array<Array<[number, number]>> = [];
  const ring = teams.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const pairs: Array<[number, number]> = [];
    const fixed = at(teams, 0);
    const first = at(ring, r % ring.length);
    pairs.push(r % 2 === 0 ? [fixed, first] : [first, fixed]);
    for (let i = 1; i < n / 2; i++) {
      const a = at(ring, (r + i) % ring.length);
      const b = at(ring, (r + ring.length - i) % ring.length);
      pairs.push(i % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [at(items, j), at(items, i)];
  }
  return items;
}

/** The shortened season's dates: a spring stopped in March, a July opening, no All-Star Game. */
const SHORT_SEASON = {
  year: 2020,
  springStart: '2020-02-21',
  springEnd: '2020-03-11',
  opening: '2020-07-23',
  last: '2020-09-27',
};

/** Season key dates for a year. */
export function seasonDates(season: number) {
  const dates = calendarDates(season);
  // No All-Star Game in 2020: the break dates stay the calendar's but fall before the opening, unused.
  if (season === SHORT_SEASON.year)
    return {
      ...dates,
      opening: SHORT_SEASON.opening,
      last: SHORT_SEASON.last,
      springEnd: SHORT_SEASON.springEnd,
      allStarGame: false,
    };
  return dates;
}

/** The usual key dates of a year. */
function calendarDates(season: number) {
  // Opening day: the Thursday between March 26 and April 1.
  let opening = `${season}-03-26`;
  while (dayOfWeek(opening) !== 4) opening = addDays(opening, 1);
  // Last day: the last Sunday of September.
  let last = `${season}-09-30`;
  while (dayOfWeek(last) !== 0) last = addDays(last, -1);
  // All-Star break: Monday to Thursday of the week containing the 2nd Tuesday after July 4.
  let asbStart = `${season}-07-11`;
  while (dayOfWeek(asbStart) !== 1) asbStart = addDays(asbStart, 1);
  return {
    opening,
    last,
    asbStart,
    asbEnd: addDays(asbStart, 3),
    allStarDate: addDays(asbStart, 1),
    springEnd: addDays(opening, -1),
    allStarGame: true,
  };
}

/** First day of spring training: five weeks before the opening (February 21 in 2020). */
export function springStartOf(season: number): string {
  return season === SHORT_SEASON.year ? SHORT_SEASON.springStart : addDays(seasonDates(season).opening, -35);
}

/** Places rounds on calendar days between first and last, inserting off days at round boundaries. */
function placeRounds(rng: Rng, rounds: Round[], first: string, last: string): string[] {
  const starts: string[] = [];
  const totalDays = (dateMs(last) - dateMs(first)) / DAY_MS + 1;
  let remainingGames = rounds.reduce((s, r) => s + r.length, 0);
  let slack = totalDays - remainingGames;
  let day = first;
  for (let i = 0; i < rounds.length; i++) {
    const boundariesLeft = rounds.length - i;
    while (slack > 0) {
      const dow = dayOfWeek(day);
      const preferred = (dow === 1 || dow === 4) && rng.chance(0.55);
      if (i > 0 && (preferred || slack >= boundariesLeft)) {
        day = addDays(day, 1);
        slack--;
      } else break;
    }
    starts.push(day);
    day = addDays(day, at(rounds, i).length);
    remainingGames -= at(rounds, i).length;
  }
  return starts;
}

/** How a level's season is cut into series: MLB's 27 matchings of 2–4 games, home and away (162 games). */
export interface SeriesPlan {
  matchings: number;
  lengths(rng: Rng): number[];
  /** The perfect matchings to draw from (default: a round robin of all clubs). */
  pairings?(teamIds: number[]): Array<Array<[number, number]>>;
}

export const MLB_SERIES: SeriesPlan = {
  matchings: 27,
  lengths: (rng) => shuffle(rng, [...Array(21).fill(3), 4, 4, 4, 2, 2, 2]),
};

/** The three regions of 2020: each American League division with the National League one nearby. */
const REGION_OF_DIVISION: Record<number, number> = { 201: 0, 204: 0, 202: 1, 205: 1, 200: 2, 203: 2 };

/**
 * 2020: 20 rounds of three games (60 a club), each round joining a round robin of every region. A
 * club's region is its home's (the current division), so a club moved between divisions stays
 * with its neighbours.
 */
export const SHORT_SEASON_SERIES: SeriesPlan = {
  matchings: 10,
  lengths: () => Array(10).fill(3),
  pairings(teamIds) {
    const home = new Map(TEAMS.map((t) => [t.id, REGION_OF_DIVISION[t.divisionId] ?? 0]));
    const regions = [0, 1, 2].map((r) => roundRobin(teamIds.filter((id) => home.get(id) === r)));
    const rounds = at(regions, 0).map((_, i) => regions.flatMap((rr) => at(rr, i)));
    // Nine matchings cover every regional pairing once; the tenth plays the first again.
    return [...rounds, at(rounds, 0)];
  },
};

/** The minor leagues play six-game series: 11 matchings home and away, 132 games a club. */
export const MILB_SERIES: SeriesPlan = { matchings: 11, lengths: () => Array(11).fill(6) };

/**
 * Builds the regular-season games (without disruptions): 2,430 for MLB, 1,980 for a minor-league
 * level. gamePks are assigned in date order from `firstPk`.
 */
export function buildRegularSeason(rng: Rng, league: League, firstPk: number, plan = MLB_SERIES): SchedGame[] {
  const teamIds = shuffle(
    rng,
    league.teams.map((t) => t.id),
  );
  const matchings = shuffle(rng, plan.pairings ? plan.pairings(teamIds) : roundRobin(teamIds)).slice(0, plan.matchings);
  const lengths = plan.lengths(rng);
  const base: Round[] = matchings.map((pairs, i) => ({ pairs, length: at(lengths, i) }));
  const returns: Round[] = shuffle(
    rng,
    base.map((r) => ({ pairs: r.pairs.map(([a, h]) => [h, a] as [number, number]), length: r.length })),
  );
  // The return leg must not open with the base leg's last series reversed (the same two clubs twice in a row).
  const [firstAway, firstHome] = at(at(returns, 0).pairs, 0);
  const [lastAway, lastHome] = at(at(base, base.length - 1).pairs, 0);
  if (firstAway === lastHome && firstHome === lastAway) returns.reverse();
  const rounds = [...base, ...returns];
  const { opening, last, asbStart, asbEnd, allStarGame } = seasonDates(league.season);
  if (!allStarGame) {
    const starts = placeRounds(rng, rounds, opening, last);
    return toGames(rng, league, rounds, starts, firstPk);
  }
  // Split the rounds so the first half fits before the All-Star break with about ten off days.
  const firstHalfDays = (dateMs(asbStart) - dateMs(opening)) / DAY_MS;
  let split = 0;
  let games = 0;
  for (const round of rounds) {
    if (games + round.length > firstHalfDays - 10) break;
    games += round.length;
    split++;
  }
  const starts = [
    ...placeRounds(rng, rounds.slice(0, split), opening, addDays(asbStart, -1)),
    ...placeRounds(rng, rounds.slice(split), addDays(asbEnd, 1), last),
  ];
  return toGames(rng, league, rounds, starts, firstPk);
}

/** The games of rounds placed on their start days, gamePks in date order from `firstPk`. */
function toGames(rng: Rng, league: League, rounds: Round[], starts: string[], firstPk: number): SchedGame[] {
  const seriesCount = new Map<number, number>();
  const gameCount = new Map<number, number>();
  const out: Array<Omit<SchedGame, 'gamePk'>> = [];
  rounds.forEach((round, r) => {
    for (const [awayId, homeId] of round.pairs) {
      const seriesAway = (seriesCount.get(awayId) ?? 0) + 1;
      const seriesHome = (seriesCount.get(homeId) ?? 0) + 1;
      seriesCount.set(awayId, seriesAway);
      seriesCount.set(homeId, seriesHome);
      const venueId = league.teamById.get(homeId)!.venueId;
      const venue = league.venueById.get(venueId)!;
      for (let g = 0; g < round.length; g++) {
        const date = addDays(at(starts, r), g);
        const { startMs, dayNight } = pickStartTime(rng, date, venue, { getaway: g === round.length - 1 });
        const awayGameIndex = gameCount.get(awayId) ?? 0;
        const homeGameIndex = gameCount.get(homeId) ?? 0;
        gameCount.set(awayId, awayGameIndex + 1);
        gameCount.set(homeId, homeGameIndex + 1);
        out.push({
          gameType: 'R',
          season: league.season,
          awayId,
          homeId,
          venueId,
          originalDate: date,
          originalStartMs: startMs,
          officialDate: date,
          startMs,
          dayNight,
          doubleHeader: 'N',
          gameNumber: 1,
          seriesNumberAway: seriesAway,
          seriesNumberHome: seriesHome,
          gamesInSeries: round.length,
          seriesGameNumber: g + 1,
          seriesDescription: 'Regular Season',
          ifNecessary: false,
          scheduledInnings: 9,
          awayGameIndex,
          homeGameIndex,
        });
      }
    }
  });
  out.sort((a, b) => a.startMs - b.startMs || a.homeId - b.homeId);
  return out.map((g, i) => ({ ...g, gamePk: firstPk + i }));
}
