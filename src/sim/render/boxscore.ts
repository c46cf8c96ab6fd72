/** liveData.boxscore and the /boxscore body. */

import { entry } from '../checked.js';
import type { TeamBox } from '../derive/box-stats.js';
import { addInto, BAT_FIELDS, emptyLine, FIELD_FIELDS, type Line, PIT_FIELDS } from '../derive/lines.js';
import type { GameView } from '../game-view.js';
import type { League, Person } from '../types.js';
import { gameInfo, phNotes, pitchingNotes, teamInfo } from './boxscore-info.js';
import { inningsPitched, position, teamRefWithSpring } from './common.js';
import { fullName } from '../people-gen.js';
import { attendanceOf, officialsOf, weatherOf } from './game-extras.js';
import { seasonLines } from './season-stats.js';
import {
  fielding,
  gameBatting,
  gamePitching,
  seasonBatting,
  seasonPitching,
  teamBatting,
  teamPitching,
} from './stat-format.js';

function battingSummary(l: Line): string {
  const extras: string[] = [];
  const add = (n: number, label: string) => n > 0 && extras.push(n > 1 ? `${n} ${label}` : label);
  add(l.doubles, '2B');
  add(l.triples, '3B');
  add(l.homeRuns, 'HR');
  add(l.rbi, 'RBI');
  add(l.runs, 'R');
  add(l.baseOnBalls, 'BB');
  add(l.strikeOuts, 'K');
  add(l.stolenBases, 'SB');
  add(l.hitByPitch, 'HBP');
  return `${l.hits}-${l.atBats}${extras.length ? ` | ${extras.join(', ')}` : ''}`;
}

function pitchingSummary(l: Line): string {
  const parts = [`${inningsPitched(l.outs)} IP`, `${l.earnedRuns} ER`];
  if (l.strikeOuts) parts.push(l.strikeOuts > 1 ? `${l.strikeOuts} K` : 'K');
  if (l.baseOnBalls) parts.push(l.baseOnBalls > 1 ? `${l.baseOnBalls} BB` : 'BB');
  return parts.join(', ');
}

interface Ctx {
  league: League;
  seed: number;
  view: GameView;
  /** The standalone /boxscore re-hydrates: full team objects with records, boxscore names. */
  standalone?: { teamJson(teamId: number): Record<string, unknown> };
}

function decisionNote(ctx: Ctx, id: number, season: Line): string | undefined {
  const d = ctx.view.decisions;
  if (!d) return undefined;
  let note = '';
  if (d.blownSaves.includes(id)) note += `(BS, ${season.blownSaves})`;
  if (d.winner === id) note += `(W, ${season.wins}-${season.losses})`;
  if (d.loser === id) note += `(L, ${season.wins}-${season.losses})`;
  if (d.save === id) note += `(S, ${season.saves})`;
  if (d.holds.includes(id)) note += `(H, ${season.holds})`;
  return note || undefined;
}

/** Applies decisions and game-level pitching flags to the pitchers' lines. */
function applyDecisions(view: GameView, box: TeamBox): void {
  const d = view.decisions;
  const final = view.phase === 'over' || view.phase === 'final';
  box.pitchers.forEach((id, i) => {
    const l = box.pitching.get(id)!;
    if (d) {
      l.wins = d.winner === id ? 1 : 0;
      l.losses = d.loser === id ? 1 : 0;
      l.saves = d.save === id ? 1 : 0;
      l.holds = d.holds.includes(id) ? 1 : 0;
      l.blownSaves = d.blownSaves.includes(id) ? 1 : 0;
      l.saveOpportunities = d.saveOpportunities.includes(id) ? 1 : 0;
    }
    if (final && i === box.pitchers.length - 1) {
      l.gamesFinished = 1;
      if (box.pitchers.length === 1) {
        l.completeGames = 1;
        if (l.runs === 0) l.shutouts = 1;
      }
    }
  });
}

function playerJson(
  ctx: Ctx,
  box: TeamBox,
  teamId: number,
  p: Person,
  priorGames: number,
  closer: number,
  current: { batter: number; pitcher: number },
) {
  const appeared = box.positions.has(p.id);
  const positions = box.positions.get(p.id) ?? [];
  const bat = box.batting.get(p.id);
  const pit = box.pitching.get(p.id);
  const fld = box.fielding.get(p.id);
  const season = seasonLines(p, priorGames, ctx.seed, p.id === closer, { batting: bat, pitching: pit, fielding: fld });
  const shown = positions.find((c) => c !== '11' && c !== '12') ?? positions[0] ?? (p.position || '1');
  const note = box.phNotes.find((n) => n.id === p.id);
  const out: Record<string, unknown> = {
    person: ctx.standalone
      ? { id: p.id, fullName: fullName(p), link: `/api/v1/people/${p.id}`, boxscoreName: p.boxscoreName }
      : { id: p.id, fullName: fullName(p), link: `/api/v1/people/${p.id}` },
    jerseyNumber: p.primaryNumber,
    position: position(shown),
    status: { code: 'A', description: 'Active' },
    parentTeamId: teamId,
  };
  const order = box.battingOrder.get(p.id);
  if (order) out.battingOrder = order;
  out.stats = {
    batting: bat ? gameBatting(bat, { summary: battingSummary(bat), note: note ? `${note.letter}-` : undefined }) : {},
    pitching: pit
      ? gamePitching(pit, { note: decisionNote(ctx, p.id, season.pitching), summary: pitchingSummary(pit) })
      : {},
    fielding: fld && appeared ? fielding(fld, true) : {},
  };
  out.seasonStats = {
    batting: seasonBatting(season.batting),
    pitching: seasonPitching(season.pitching),
    fielding: fielding(season.fielding, true),
  };
  const inGame = box.slots.includes(p.id) || Object.values(box.fielders).includes(p.id);
  out.gameStatus = {
    isCurrentBatter: current.batter === p.id,
    isCurrentPitcher: current.pitcher === p.id,
    isOnBench: !appeared || !inGame,
    isSubstitute: appeared && !box.starters.has(p.id),
  };
  if (appeared) out.allPositions = positions.map(position);
  return out;
}

function teamJson(ctx: Ctx, box: TeamBox, side: 'away' | 'home') {
  const { league, view } = ctx;
  const teamId = side === 'away' ? view.g.awayId : view.g.homeId;
  const team = league.teamById.get(teamId)!;
  const roster = league.activeAt(teamId, view.g.officialDate).map((id) => league.personById.get(id)!);
  const priorGames = side === 'away' ? view.g.awayGameIndex : view.g.homeGameIndex;
  // 0: a bullpen with no closer (no one's note says so).
  const closer = league.depthAt(teamId, view.g.officialDate).bullpen[0] ?? 0;
  applyDecisions(view, box);
  const live = view.phase === 'live' && !view.lastComplete ? view.plays[view.plays.length - 1] : undefined;
  const current = { batter: live?.batter ?? 0, pitcher: view.phase === 'live' ? entry(box.fielders, '1') : 0 };
  const players: Record<string, unknown> = {};
  for (const p of roster) players[`ID${p.id}`] = playerJson(ctx, box, teamId, p, priorGames, closer, current);
  for (const id of box.positions.keys()) {
    if (!players[`ID${id}`])
      players[`ID${id}`] = playerJson(ctx, box, teamId, league.personById.get(id)!, priorGames, closer, current);
  }
  const batLine = emptyLine(BAT_FIELDS);
  for (const l of box.batting.values()) addInto(batLine, l);
  const pitLine = emptyLine(PIT_FIELDS);
  for (const l of box.pitching.values()) addInto(pitLine, l);
  const fldLine = emptyLine(FIELD_FIELDS);
  for (const l of box.fielding.values()) addInto(fldLine, l);
  fldLine.gamesStarted = 0;
  const started = view.plays.length > 0;
  const batters = started ? [...box.appeared, ...box.pitchers] : [];
  const isPitcher = (p: Person) => p.role !== 'POS';
  return {
    team: ctx.standalone ? ctx.standalone.teamJson(teamId) : teamRefWithSpring(team),
    teamStats: { batting: teamBatting(batLine), pitching: teamPitching(pitLine), fielding: fielding(fldLine, false) },
    players,
    batters,
    pitchers: started ? [...box.pitchers] : [],
    bench: roster.filter((p) => !isPitcher(p) && !(started && box.positions.has(p.id))).map((p) => p.id),
    bullpen: roster.filter((p) => isPitcher(p) && !(started && box.positions.has(p.id))).map((p) => p.id),
    battingOrder: started ? [...box.slots] : [],
    info: started ? teamInfo(league, box, view.plays, side === 'away') : [],
    note: phNotes(league, box),
  };
}

/** Renders the boxscore of a game view (`standalone` for the /boxscore endpoint's richer body). */
export function renderBoxscore(league: League, seed: number, view: GameView, standalone?: Ctx['standalone']) {
  const ctx: Ctx = { league, seed, view, standalone };
  const boxes = view.boxes;
  const officials = officialsOf(league, seed, view.g);
  const venue = league.venueById.get(view.g.venueId);
  const weather = weatherOf(seed, view.g, venue?.roofType ?? 'Open');
  const teams = boxes
    ? { away: teamJson(ctx, boxes.away, 'away'), home: teamJson(ctx, boxes.home, 'home') }
    : emptyTeams(ctx);
  const body: Record<string, unknown> = {
    teams,
    officials: officials.map((o) => ({
      official: { id: o.id, fullName: fullName(league.personById.get(o.id)!), link: `/api/v1/people/${o.id}` },
      officialType: o.type,
    })),
    info:
      boxes && view.plays.length > 0
        ? gameInfo(league, view, {
            officials,
            weather,
            attendance: attendanceOf(seed, view.g, venue?.capacity ?? 10_000),
          })
        : [],
    pitchingNotes: boxes ? pitchingNotes(league, view) : [],
  };
  if (view.phase === 'over' || view.phase === 'final') body.topPerformers = topPerformers(league, teams, boxes!);
  return body;
}

function emptyTeams(ctx: Ctx) {
  const empty = (side: 'away' | 'home'): TeamBox => ({
    side,
    batting: new Map(),
    pitching: new Map(),
    fielding: new Map(),
    battingOrder: new Map(),
    positions: new Map(),
    appeared: [],
    pitchers: [],
    slots: [],
    fielders: {},
    phNotes: [],
    innings: [],
    starters: new Set(),
  });
  return { away: teamJson(ctx, empty('away'), 'away'), home: teamJson(ctx, empty('home'), 'home') };
}

function topPerformers(
  league: League,
  teams: { away: { players: Record<string, unknown> }; home: { players: Record<string, unknown> } },
  boxes: { away: TeamBox; home: TeamBox },
) {
  const scored: Array<{
    id: number;
    side: 'away' | 'home';
    type: string;
    score: number;
    hitting?: number;
    pitching?: number;
  }> = [];
  for (const side of ['away', 'home'] as const) {
    for (const [id, l] of boxes[side].batting) {
      const s =
        40 +
        5 * l.hits +
        3 * l.totalBases +
        4 * l.rbi +
        3 * l.runs +
        2 * l.baseOnBalls +
        2 * l.stolenBases -
        2 * l.strikeOuts -
        l.atBats;
      scored.push({ id, side, type: 'hitter', score: s, hitting: s });
    }
    for (const [id, l] of boxes[side].pitching) {
      const s = 40 + 2 * l.outs + l.strikeOuts - 2 * l.hits - 4 * l.earnedRuns - 2 * l.baseOnBalls;
      scored.push({ id, side, type: l.gamesStarted ? 'starter' : 'pitcher', score: s, pitching: s });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  return scored.slice(0, 3).map((s) => {
    const player = teams[s.side].players[`ID${s.id}`] as { person: Record<string, unknown> };
    const person = { ...player.person, boxscoreName: league.personById.get(s.id)!.boxscoreName };
    const out: Record<string, unknown> = { player: { ...player, person }, type: s.type, gameScore: s.score };
    if (s.hitting !== undefined) out.hittingGameScore = s.hitting;
    if (s.pitching !== undefined) out.pitchingGameScore = s.pitching;
    return out;
  });
}
