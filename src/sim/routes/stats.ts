/**
 * GET /api/v1/stats?stats=season&group=hitting|pitching|fielding — the league's own season statistics.
 *
 * Unlike the synthetic `seasonStats` of a boxscore, these are the sums of the simulated games that
 * are final at the clock (of the requested game type, default R), so a warehouse that loaded those
 * games must reconcile with them exactly. One split per player and sport, like the real body: a
 * player who changed clubs has `numTeams` > 1 and the club he played for last. Fielding has one split
 * per player and position (a game's fielding line counts for the first position he played in the
 * field that day; games only as designated hitter or pinch hitter/runner make no fielding split).
 */

import { statusAt } from '../clock/status.js';
import type { Core } from '../core.js';
import { leagueInfo, sportInfo } from '../data/levels.js';
import {
  addInto,
  BAT_FIELDS,
  emptyLine,
  FIELD_FIELDS,
  type Line,
  PIT_FIELDS,
  type StatField,
} from '../derive/lines.js';
import { COPYRIGHT, personRef, position } from '../render/common.js';
import { fielding as fieldingStat, seasonBatting, seasonPitching } from '../render/stat-format.js';
import type { SchedGame } from '../types.js';
import { badRequest, list, type RouteResult } from './result.js';

interface PlayerTotal {
  personId: number;
  teams: number[];
  line: Line;
  /** Position code of a fielding split. */
  position?: string;
}

interface SeasonTotals {
  hitting: PlayerTotal[];
  pitching: PlayerTotal[];
  fielding: PlayerTotal[];
  /** Final games of each club so far (the qualifier's denominator). */
  teamGames: Map<number, number>;
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
  const batting = new Map<string, PlayerTotal>();
  const pitching = new Map<string, PlayerTotal>();
  const fielding = new Map<string, PlayerTotal>();
  const add = (
    into: Map<string, PlayerTotal>,
    fields: readonly StatField[],
    personId: number,
    teamId: number,
    line: Line,
    position?: string,
  ) => {
    const key = position === undefined ? String(personId) : `${personId}:${position}`;
    let t = into.get(key);
    if (!t) {
      t = { personId, teams: [], line: emptyLine(fields), position };
      into.set(key, t);
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
      for (const [id, line] of box.fielding) {
        const pos = box.positions.get(id)?.find((code) => Number(code) >= 1 && Number(code) <= 9);
        if (pos !== undefined) add(fielding, FIELD_FIELDS, id, teamId, line, pos);
      }
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
  const byId = (a: PlayerTotal, b: PlayerTotal) =>
    a.personId - b.personId || Number(a.position ?? 0) - Number(b.position ?? 0);
  const totals = {
    hitting: [...batting.values()].sort(byId),
    pitching: [...pitching.values()].sort(byId),
    fielding: [...fielding.values()].sort(byId),
    teamGames,
  };
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
        if (type !== 'season' || (group !== 'hitting' && group !== 'pitching' && group !== 'fielding')) {
          stats.push({
            type: { displayName: type },
            group: { displayName: group },
            totalSplits: 0,
            exemptions: [],
            splits: [],
          });
          continue;
        }
        const served = season === core.model.season && sports.includes(String(core.model.sportId));
        const totals = served ? seasonTotals(core, gameType, memo) : undefined;
        let players = totals?.[group] ?? [];
        if (totals && pool === 'QUALIFIED') {
          // A simple qualifier: 3.1 PA (or one inning) per game of the player's last club so far.
          players = players.filter((p) => {
            const games = totals.teamGames.get(p.teams.at(-1)!) ?? 0;
            if (group === 'fielding') return p.line.gamesPlayed >= games * (p.position === '2' ? 0.5 : 2 / 3);
            return group === 'hitting' ? p.line.plateAppearances >= 3.1 * games : p.line.outs >= 3 * games;
          });
        }
        const splits = players.slice(offset, offset + limit).map((p, i) => {
          const teamId = p.teams.at(-1)!;
          const team = core.league.teamById.get(teamId);
          const person = core.league.personById.get(p.personId);
          const league = team ? leagueInfo(team.leagueId) : undefined;
          const sport = sportInfo(core.model.sportId);
          return {
            season: String(season),
            // The same season objects a boxscore's seasonStats carry.
            stat:
              group === 'hitting'
                ? seasonBatting(p.line)
                : group === 'pitching'
                  ? seasonPitching(p.line)
                  : { gamesPlayed: p.line.gamesPlayed, ...fieldingStat(p.line, true), position: position(p.position!) },
            team: { id: teamId, name: team?.name ?? '', link: `/api/v1/teams/${teamId}` },
            player: { ...personRef(core.league, p.personId), firstName: person?.firstName, lastName: person?.lastName },
            league: league ? { id: league.id, name: league.name, link: `/api/v1/league/${league.id}` } : undefined,
            sport: { id: sport.id, link: `/api/v1/sports/${sport.id}`, abbreviation: sport.abbreviation },
            gameType,
            numTeams: p.teams.length,
            rank: offset + i + 1,
            position:
              p.position !== undefined
                ? position(p.position)
                : person?.position
                  ? position(person.position)
                  : undefined,
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
