/**
 * The postseason bracket, seeded from the simulated regular-season standings: Wild Card (best of
 * 3), Division Series (5), League Championship Series (7) and World Series (7). Series games are
 * simulated in order because who plays next depends on who won.
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

/** Seeds 1..6 of a league: three division winners by record, then the three best others. */
export function seedLeague(league: League, leagueId: number, records: Map<number, TeamRecord>, rng: Rng): number[] {
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
  return [...winners, ...others.slice(0, 3)];
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
  const finalists: number[] = [];
  for (const leagueId of [103, 104]) {
    const label = leagueId === 103 ? 'AL' : 'NL';
    const s = seedLeague(ctx.league, leagueId, ctx.records, ctx.rng);
    const seed = (n: number) => at(s, n);
    const wcA = playSeries(wc, seed(2), seed(5), `${label} Wild Card Game`);
    const wcB = playSeries(wc, seed(3), seed(4), `${label} Wild Card Game`);
    const dsA = playSeries(ds, seed(0), wcB, `${label}DS Game`);
    const dsB = playSeries(ds, seed(1), wcA, `${label}DS Game`);
    const [hi, lo] = s.indexOf(dsA) < s.indexOf(dsB) ? [dsA, dsB] : [dsB, dsA];
    finalists.push(playSeries(lcs, hi, lo, `${label}CS Game`));
  }
  const rec = (id: number) => ctx.records.get(id)!;
  const [a, b] = [at(finalists, 0), at(finalists, 1)];
  const aBetter = rec(a).wins > rec(b).wins || (rec(a).wins === rec(b).wins && a < b);
  playSeries(ws, aBetter ? a : b, aBetter ? b : a, 'World Series Game');
  return out.sort((x, y) => x.startMs - y.startMs || x.gamePk - y.gamePk);
}
