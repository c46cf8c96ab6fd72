/**
 * The postseason bracket, seeded from the simulated regular-season standings: Wild Card (best of
 * 3), Division Series (5), League Championship Series (7) and World Series (7). Series games are
 * simulated in order because who plays next depends on who won.
 *
 * Past seasons keep their own format: before 2012 four clubs a league and no wild-card round,
 * 2012–2021 one Wild Card Game a league between the two wild cards, 2020 sixteen clubs (eight a
 * league) in best-of-3 Wild Card Series all hosted by the higher seed, and six a league since 2022.
 */

import type { Rng } from '../prng.js';
import { at } from '../checked.js';
import { addDays, localToUtcMs, venueOffset } from '../time.js';
import type { GameType, League, Outcome, SchedGame } from '../types.js';

export interface TeamRecord {
  wins: number;
  losses: number;
}

interface SeriesSpec {
  type: GameType;
  bestOf: number;
  description: string;
  dates: string[];
  /** Which games the higher seed hosts (1-based). */
  higherHosts: number[];
}

function specs(lastRegular: string): [SeriesSpec, SeriesSpec, SeriesSpec, SeriesSpec] {
  const d = (n: number) => addDays(lastRegular, n);
  return [
    { type: 'F', bestOf: 3, description: 'Wild Card', dates: [d(2), d(3), d(4)], higherHosts: [1, 2, 3] },
    {
      type: 'D',
      bestOf: 5,
      description: 'Division Series',
      dates: [d(6), d(7), d(9), d(10), d(12)],
      higherHosts: [1, 2, 5],
    },
    {
      type: 'L',
      bestOf: 7,
      description: 'League Championship Series',
      dates: [d(14), d(15), d(17), d(18), d(19), d(21), d(22)],
      higherHosts: [1, 2, 6, 7],
    },
    {
      type: 'W',
      bestOf: 7,
      description: 'World Series',
      dates: [d(26), d(27), d(29), d(30), d(31), d(33), d(34)],
      higherHosts: [1, 2, 6, 7],
    },
  ];
}

/** The postseason format of a season (by the clubs each league sends). */
export type PostseasonFormat = 'four' | 'wildCardGame' | 'sixteen' | 'six';

export function postseasonFormat(season: number): PostseasonFormat {
  if (season === 2020) return 'sixteen';
  if (season >= 2022) return 'six';
  return season >= 2012 ? 'wildCardGame' : 'four';
}

/**
 * Seeds of a league: the three division winners by record, then the best others (three; two
 * before 2022; one before 2012). In 2020 the three runners-up come 4–6 and two others 7–8.
 */
export function seedLeague(
  league: League,
  leagueId: number,
  records: Map<number, TeamRecord>,
  rng: Rng,
  format: PostseasonFormat = 'six',
): number[] {
  const pct = (id: number) => {
    const r = records.get(id) ?? { wins: 0, losses: 0 };
    return r.wins / Math.max(1, r.wins + r.losses);
  };
  const tiebreak = new Map(league.teams.map((t) => [t.id, rng.next()]));
  const better = (a: number, b: number) => pct(b) - pct(a) || tiebreak.get(a)! - tiebreak.get(b)!;
  const teams = league.teams.filter((t) => t.leagueId === leagueId);
  const winners = [...new Set(teams.map((t) => t.divisionId))]
    .map((div) =>
      at(
        teams
          .filter((t) => t.divisionId === div)
          .map((t) => t.id)
          .sort(better),
        0,
      ),
    )
    .sort(better);
  const others = teams
    .map((t) => t.id)
    .filter((id) => !winners.includes(id))
    .sort(better);
  if (format === 'sixteen') {
    const runnersUp = [...new Set(teams.map((t) => t.divisionId))]
      .map((div) =>
        at(
          others.filter((id) => league.teamById.get(id)!.divisionId === div),
          0,
        ),
      )
      .sort(better);
    return [...winners, ...runnersUp, ...others.filter((id) => !runnersUp.includes(id)).slice(0, 2)];
  }
  const wildCards = format === 'six' ? 3 : format === 'wildCardGame' ? 2 : 1;
  return [...winners, ...others.slice(0, wildCards)];
}

export interface PostseasonContext {
  rng: Rng;
  league: League;
  lastRegular: string;
  firstPk: number;
  records: Map<number, TeamRecord>;
  /** Number of games each team has played so far (for rotations). */
  gameCount: Map<number, number>;
  /** Simulates a postseason game and returns its outcome. */
  play(g: SchedGame): Outcome;
}

/** Two clubs, the better seed first. */
function bySeed(seeds: number[], a: number, b: number): [number, number] {
  return seeds.indexOf(a) < seeds.indexOf(b) ? [a, b] : [b, a];
}

/** Builds and plays the whole postseason; returns its games in date order. */
export function buildPostseason(ctx: PostseasonContext): SchedGame[] {
  const out: SchedGame[] = [];
  const [wc, ds, lcs, ws] = specs(ctx.lastRegular);
  const seriesCount = new Map<number, number>();
  const playSeries = (spec: SeriesSpec, high: number, low: number, leagueLabel: string): number => {
    const wins = new Map([
      [high, 0],
      [low, 0],
    ]);
    const need = Math.ceil(spec.bestOf / 2);
    const sn = (id: number) => (seriesCount.get(id) ?? 0) + 1;
    const [snHigh, snLow] = [sn(high), sn(low)];
    seriesCount.set(high, snHigh);
    seriesCount.set(low, snLow);
    for (let n = 1; n <= spec.bestOf && wins.get(high)! < need && wins.get(low)! < need; n++) {
      const homeId = spec.higherHosts.includes(n) ? high : low;
      const awayId = homeId === high ? low : high;
      const venueId = ctx.league.teamById.get(homeId)!.venueId;
      const venue = ctx.league.venueById.get(venueId)!;
      const date = at(spec.dates, n - 1);
      const night = !(n === 1 && spec.type === 'F') || ctx.rng.chance(0.5);
      const startMs = localToUtcMs(date, night ? 19 : 13, night ? 8 : 8, venueOffset(venue, date));
      const awayGameIndex = ctx.gameCount.get(awayId) ?? 0;
      const homeGameIndex = ctx.gameCount.get(homeId) ?? 0;
      ctx.gameCount.set(awayId, awayGameIndex + 1);
      ctx.gameCount.set(homeId, homeGameIndex + 1);
      const g: SchedGame = {
        gamePk: ctx.firstPk + out.length,
        gameType: spec.type,
        season: ctx.league.season,
        awayId,
        homeId,
        venueId,
        originalDate: date,
        originalStartMs: startMs,
        officialDate: date,
        startMs,
        dayNight: night ? 'night' : 'day',
        doubleHeader: 'N',
        gameNumber: 1,
        seriesNumberAway: awayId === high ? snHigh : snLow,
        seriesNumberHome: homeId === high ? snHigh : snLow,
        gamesInSeries: spec.bestOf,
        seriesGameNumber: n,
        seriesDescription: spec.description,
        description: `${leagueLabel} ${n}`,
        ifNecessary: n > need,
        scheduledInnings: 9,
        awayGameIndex,
        homeGameIndex,
      };
      out.push(g);
      const o = ctx.play(g);
      const winner = o.homeScore > o.awayScore ? homeId : awayId;
      wins.set(winner, wins.get(winner)! + 1);
    }
    return wins.get(high)! >= need ? high : low;
  };
  const format = postseasonFormat(ctx.league.season);
  const wcGame: SeriesSpec = {
    ...wc,
    bestOf: 1,
    description: 'Wild Card Game',
    dates: [wc.dates[0]!],
    higherHosts: [1],
  };
  const finalists: number[] = [];
  for (const leagueId of [103, 104]) {
    const label = leagueId === 103 ? 'AL' : 'NL';
    const s = seedLeague(ctx.league, leagueId, ctx.records, ctx.rng, format);
    const seed = (n: number) => at(s, n);
    let dsA: number;
    let dsB: number;
    if (format === 'sixteen') {
      const w = [0, 1, 2, 3].map((i) => playSeries(wc, seed(i), seed(7 - i), `${label} Wild Card Game`));
      dsA = playSeries(ds, ...bySeed(s, w[0]!, w[3]!), `${label}DS Game`);
      dsB = playSeries(ds, ...bySeed(s, w[1]!, w[2]!), `${label}DS Game`);
    } else if (format === 'six') {
      const wcA = playSeries(wc, seed(2), seed(5), `${label} Wild Card Game`);
      const wcB = playSeries(wc, seed(3), seed(4), `${label} Wild Card Game`);
      dsA = playSeries(ds, seed(0), wcB, `${label}DS Game`);
      dsB = playSeries(ds, seed(1), wcA, `${label}DS Game`);
    } else {
      const wildCard =
        format === 'wildCardGame' ? playSeries(wcGame, seed(3), seed(4), `${label} Wild Card Game`) : seed(3);
      dsA = playSeries(ds, seed(0), wildCard, `${label}DS Game`);
      dsB = playSeries(ds, seed(1), seed(2), `${label}DS Game`);
    }
    const [hi, lo] = s.indexOf(dsA) < s.indexOf(dsB) ? [dsA, dsB] : [dsB, dsA];
    finalists.push(playSeries(lcs, hi, lo, `${label}CS Game`));
  }
  const rec = (id: number) => ctx.records.get(id)!;
  const [a, b] = [at(finalists, 0), at(finalists, 1)];
  const aBetter = rec(a).wins > rec(b).wins || (rec(a).wins === rec(b).wins && a < b);
  playSeries(ws, aBetter ? a : b, aBetter ? b : a, 'World Series Game');
  return out.sort((x, y) => x.startMs - y.startMs || x.gamePk - y.gamePk);
}
