/**
 * GET /api/v1/stats?stats=season&group=hitting|pitching — the league's own season statistics.
 *
 * Unlike the synthetic `seasonStats` of a boxscore, these are the sums of the simulated games that
 * are final at the clock (of the requested game type, default R), so a warehouse that loaded those
 * games must reconcile with them exactly. One split per player and sport, like the real body: a
 * player who changed clubs has `numTeams` > 1 and the club he played for last.
 */

import { statusAt } from '../clock/status.js';
import type { Core } from '../core.js';
import { LEAGUES } from '../data/teams.js';
import { addInto, BAT_FIELDS, emptyLine, type Line, PIT_FIELDS } from '../derive/lines.js';
import { COPYRIGHT, personRef, position } from '../render/common.js';
import type { SchedGame } from '../types.js';
import { badRequest, list, type RouteResult } from './result.js';

interface PlayerTotal {
  personId: number;
  teams: number[];
  line: Line;
}

interface SeasonTotals {
  hitting: PlayerTotal[];
  pitching: PlayerTotal[];
  /** Final games of each club so far (the qualifier's denominator). */
  teamGames: Map<number, number>;
}

const ratio = (n: number, d: number, digits = 3) => (d > 0 ? (n / d).toFixed(digits).replace(/^0\./, '.') : '.---');

function hittingStat(l: Line): Record<string, unknown> {
  const obpDen = l.atBats + l.baseOnBalls + l.hitByPitch + l.sacFlies;
  const obp = obpDen > 0 ? (l.hits + l.baseOnBalls + l.hitByPitch) / obpDen : 0;
  const slg = l.atBats > 0 ? l.totalBases / l.atBats : 0;
  return {
    gamesPlayed: l.gamesPlayed,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    avg: ratio(l.hits, l.atBats),
    atBats: l.atBats,
    obp: ratio(obp, obpDen > 0 ? 1 : 0),
    slg: ratio(slg, l.atBats > 0 ? 1 : 0),
    ops: ratio(obp + slg, obpDen > 0 || l.atBats > 0 ? 1 : 0),
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    groundIntoDoublePlay: l.groundIntoDoublePlay,
    plateAppearances: l.plateAppearances,
    totalBases: l.totalBases,
    rbi: l.rbi,
    leftOnBase: l.leftOnBase,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    catchersInterference: l.catchersInterference,
    babip: ratio(l.hits - l.homeRuns, l.atBats - l.strikeOuts - l.homeRuns + l.sacFlies),
    groundOutsToAirouts: ratio(l.groundOuts, l.airOuts, 2),
    atBatsPerHomeRun: l.homeRuns > 0 ? (l.atBats / l.homeRuns).toFixed(2) : '-.--',
    stolenBasePercentage: ratio(l.stolenBases, l.stolenBases + l.caughtStealing),
  };
}

const per9 = (n: number, outs: number) => (outs > 0 ? ((27 * n) / outs).toFixed(2) : '-.--');

function pitchingStat(l: Line): Record<string, unknown> {
  const ip = `${Math.floor(l.outs / 3)}.${l.outs % 3}`;
  return {
    gamesPlayed: l.gamesPlayed,
    gamesStarted: l.gamesStarted,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    atBats: l.atBats,
    numberOfPitches: l.numberOfPitches,
    era: l.outs > 0 ? ((27 * l.earnedRuns) / l.outs).toFixed(2) : '-.--',
    inningsPitched: ip,
    wins: l.wins,
    losses: l.losses,
    saves: l.saves,
    saveOpportunities: l.saveOpportunities,
    holds: l.holds,
    blownSaves: l.blownSaves,
    earnedRuns: l.earnedRuns,
    battersFaced: l.battersFaced,
    outs: l.outs,
    gamesPitched: l.gamesPitched,
    strikes: l.strikes,
    hitBatsmen: l.hitBatsmen,
    balks: l.balks,
    wildPitches: l.wildPitches,
    pickoffs: l.pickoffs,
    gamesFinished: l.gamesFinished,
    completeGames: l.completeGames,
    shutouts: l.shutouts,
    inheritedRunners: l.inheritedRunners,
    inheritedRunnersScored: l.inheritedRunnersScored,
    whip: l.outs > 0 ? ((3 * (l.baseOnBalls + l.hits)) / l.outs).toFixed(2) : '-.--',
    winPercentage: ratio(l.wins, l.wins + l.losses),
    pitchesPerInning: l.outs > 0 ? ((3 * l.numberOfPitches) / l.outs).toFixed(2) : '-.--',
    strikePercentage: ratio(l.strikes, l.numberOfPitches, 2),
    strikeoutWalkRatio: l.baseOnBalls > 0 ? (l.strikeOuts / l.baseOnBalls).toFixed(2) : '-.--',
    strikeoutsPer9Inn: per9(l.strikeOuts, l.outs),
    walksPer9Inn: per9(l.baseOnBalls, l.outs),
    hitsPer9Inn: per9(l.hits, l.outs),
    runsScoredPer9: per9(l.runs, l.outs),
    homeRunsPer9: per9(l.homeRuns, l.outs),
  };
}

/** Sums the lines of every game of a type that is final at the clock (memoized per set of final games). */
function seasonTotals(core: Core, gameType: string, memo: Map<string, SeasonTotals>): SeasonTotals {
  const finals: SchedGame[] = core
    .visibleGames()
    .filter((g) => g.gameType === gameType && statusAt(core.model, g, core.state.nowMs).phase === 'final');
  const fixes = core.state.corrections.filter((c) => c.atMs <= core.state.nowMs).length;
  const key = `${gameType}:${finals.length}:${finals.at(-1)?.gamePk ?? 0}:${fixes}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const batting = new Map<number, PlayerTotal>();
  const pitching = new Map<number, PlayerTotal>();
  const add = (
    into: Map<number, PlayerTotal>,
    fields: readonly string[],
    personId: number,
    teamId: number,
    line: Line,
  ) => {
    let t = into.get(personId);
    if (!t) {
      t = { personId, teams: [], line: emptyLine(fields) };
      into.set(personId, t);
    }
    if (t.teams.at(-1) !== teamId) t.teams = [...t.teams.filter((x) => x !== teamId), teamId];
    addInto(t.line, { ...line, gamesPlayed: 1 });
  };
  const teamGames = new Map<number, number>();
  const ordered = [...finals].sort((a, b) => a.startMs - b.startMs || a.gamePk - b.gamePk);
  for (const g of ordered) {
    const view = core.view(g);
    if (!view.boxes) continue;
    const d = view.decisions;
    for (const t of [g.awayId, g.homeId]) teamGames.set(t, (teamGames.get(t) ?? 0) + 1);
    for (const [box, teamId] of [
      [view.boxes.away, g.awayId],
      [view.boxes.home, g.homeId],
    ] as const) {
      for (const [id, line] of box.batting) add(batting, BAT_FIELDS, id, teamId, line);
      box.pitchers.forEach((id, i) => {
        const line = { ...box.pitching.get(id)! };
        line.gamesPitched = 1;
        line.gamesStarted = i === 0 ? 1 : 0;
        line.wins = d?.winner === id ? 1 : 0;
        line.losses = d?.loser === id ? 1 : 0;
        line.saves = d?.save === id ? 1 : 0;
        line.holds = d?.holds.includes(id) ? 1 : 0;
        line.blownSaves = d?.blownSaves.includes(id) ? 1 : 0;
        line.saveOpportunities = d?.saveOpportunities.includes(id) ? 1 : 0;
        line.gamesFinished = i === box.pitchers.length - 1 ? 1 : 0;
        add(pitching, PIT_FIELDS, id, teamId, line);
      });
    }
  }
  const byId = (a: PlayerTotal, b: PlayerTotal) => a.personId - b.personId;
  const totals = { hitting: [...batting.values()].sort(byId), pitching: [...pitching.values()].sort(byId), teamGames };
  memo.clear();
  memo.set(key, totals);
  return totals;
}

/** Creates the /v1/stats route with its own memo of season totals. */
export function createStatsRoute() {
  const memo = new Map<string, SeasonTotals>();
  return (core: Core, params: URLSearchParams): RouteResult => {
    const now = core.state.nowMs;
    const types = list(params, 'stats') ?? [];
    const groups = list(params, 'group') ?? [];
    if (types.length === 0 || groups.length === 0) return badRequest('stats and group are required', now);
    const season = Number(params.get('season') ?? core.model.season);
    const sports = list(params, 'sportId', 'sportIds') ?? ['1'];
    const gameType = params.get('gameType') ?? 'R';
    const limit = Math.max(1, Number(params.get('limit') ?? 50) || 50);
    const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
    const pool = (params.get('playerPool') ?? 'QUALIFIED').toUpperCase();
    const stats = [];
    for (const type of types) {
      for (const group of groups) {
        if (type !== 'season' || (group !== 'hitting' && group !== 'pitching')) {
          stats.push({
            type: { displayName: type },
            group: { displayName: group },
            totalSplits: 0,
            exemptions: [],
            splits: [],
          });
          continue;
        }
        const served = season === core.model.season && sports.includes('1');
        const totals = served ? seasonTotals(core, gameType, memo) : undefined;
        let players = totals?.[group] ?? [];
        if (totals && pool === 'QUALIFIED') {
          // A simple qualifier: 3.1 PA (or one inning) per game of the player's last club so far.
          players = players.filter((p) => {
            const games = totals.teamGames.get(p.teams.at(-1)!) ?? 0;
            return group === 'hitting' ? p.line.plateAppearances >= 3.1 * games : p.line.outs >= 3 * games;
          });
        }
        const splits = players.slice(offset, offset + limit).map((p, i) => {
          const teamId = p.teams.at(-1)!;
          const team = core.league.teamById.get(teamId);
          const person = core.league.personById.get(p.personId);
          const league = LEAGUES.find((l) => l.id === team?.leagueId);
          return {
            season: String(season),
            stat: group === 'hitting' ? hittingStat(p.line) : pitchingStat(p.line),
            team: { id: teamId, name: team?.name ?? '', link: `/api/v1/teams/${teamId}` },
            player: { ...personRef(core.league, p.personId), firstName: person?.firstName, lastName: person?.lastName },
            league: league ? { id: league.id, name: league.name, link: `/api/v1/league/${league.id}` } : undefined,
            sport: { id: 1, link: '/api/v1/sports/1', abbreviation: 'MLB' },
            gameType,
            numTeams: p.teams.length,
            rank: offset + i + 1,
            position: person?.position ? position(person.position) : undefined,
          };
        });
        stats.push({
          type: { displayName: type },
          group: { displayName: group },
          totalSplits: players.length,
          exemptions: [],
          splitsTiedWithOffset: [],
          splitsTiedWithLimit: [],
          playerPool: pool,
          splits,
        });
      }
    }
    return { status: 200, body: { copyright: COPYRIGHT, stats } };
  };
}
