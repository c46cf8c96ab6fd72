/**
 * Derives every boxscore number from the play log, so team totals, player lines, the linescore and
 * the plays always agree (and keep agreeing after a scoring change).
 */

import { at, entry } from '../checked.js';
import type { LineupSlot, Play } from '../types.js';
import { addPlateAppearance, BAT_FIELDS, emptyLine, FIELD_FIELDS, isBallCall, type Line, PIT_FIELDS } from './lines.js';

export interface TeamBox {
  side: 'away' | 'home';
  batting: Map<number, Line>;
  pitching: Map<number, Line>;
  fielding: Map<number, Line>;
  battingOrder: Map<number, string>;
  /** Position codes each player played, in order. */
  positions: Map<number, string[]>;
  /** Everyone who appeared, in order of appearance (batters first, then pitchers). */
  appeared: number[];
  pitchers: number[];
  /** Current occupant of each batting slot. */
  slots: number[];
  /** Current fielders by position code. */
  fielders: Record<string, number>;
  /** Pinch-hit notes: batter id → [letter, text]. */
  phNotes: Array<{ id: number; letter: string; replaced: number; inning: number; eventType: string }>;
  /** Runs, hits, errors, LOB per inning (index 0 = 1st). */
  innings: Array<{ runs: number; hits: number; errors: number; leftOnBase: number }>;
  /** Scoring moves with two outs etc. are summarised later from plays. */
  starters: Set<number>;
}

function createTeamBox(side: 'away' | 'home', lineup: LineupSlot[], starter: number): TeamBox {
  const box: TeamBox = {
    side,
    batting: new Map(),
    pitching: new Map(),
    fielding: new Map(),
    battingOrder: new Map(),
    positions: new Map(),
    appeared: [],
    pitchers: [],
    slots: lineup.map((s) => s.id),
    fielders: { '1': starter },
    phNotes: [],
    innings: [],
    starters: new Set([starter, ...lineup.map((s) => s.id)]),
  };
  lineup.forEach((s, i) => {
    box.battingOrder.set(s.id, `${i + 1}00`);
    enter(box, s.id, s.pos);
    if (s.pos !== '10') box.fielders[s.pos] = s.id;
    else box.fielders['10'] = s.id;
  });
  enterPitcher(box, starter);
  return box;
}

function enter(box: TeamBox, id: number, pos: string): void {
  if (!box.positions.has(id)) {
    box.positions.set(id, []);
    box.appeared.push(id);
    box.batting.set(id, { ...emptyLine(BAT_FIELDS), gamesPlayed: 1 });
    box.fielding.set(id, emptyLine(FIELD_FIELDS));
  }
  const list = box.positions.get(id)!;
  if (list[list.length - 1] !== pos) list.push(pos);
}

function enterPitcher(box: TeamBox, id: number): void {
  if (!box.positions.has(id)) {
    box.positions.set(id, []);
    box.fielding.set(id, emptyLine(FIELD_FIELDS));
  }
  const list = box.positions.get(id)!;
  if (!list.includes('1')) list.push('1');
  if (!box.pitching.has(id)) {
    box.pitchers.push(id);
    box.pitching.set(id, {
      ...emptyLine(PIT_FIELDS),
      gamesPlayed: 1,
      gamesPitched: 1,
      gamesStarted: box.pitchers.length === 1 ? 1 : 0,
    });
  }
  box.fielders['1'] = id;
}

function inningRow(box: TeamBox, inning: number) {
  while (box.innings.length < inning) box.innings.push({ runs: 0, hits: 0, errors: 0, leftOnBase: 0 });
  return at(box.innings, inning - 1);
}

function applySubstitution(off: TeamBox, def: TeamBox, ev: Play['events'][number], inning: number): void {
  if (ev.kind !== 'action' || !ev.isSub) return;
  if (ev.eventType === 'pitching_substitution') {
    // Without the designated hitter the new pitcher also takes a place in the batting order.
    if (ev.battingOrder && ev.replaced !== undefined) {
      def.slots[Number(ev.battingOrder[0]) - 1] = ev.player;
      def.battingOrder.set(ev.player, ev.battingOrder);
      enter(def, ev.player, '1');
    }
    enterPitcher(def, ev.player);
    return;
  }
  const team = ev.eventType === 'offensive_substitution' ? off : def;
  if (ev.replaced !== undefined && ev.battingOrder) {
    const slot = team.slots.indexOf(ev.replaced);
    if (slot >= 0) team.slots[slot] = ev.player;
    team.battingOrder.set(ev.player, ev.battingOrder);
  }
  enter(team, ev.player, ev.position ?? '11');
  if (ev.eventType === 'offensive_substitution')
    team.phNotes.push({
      id: ev.player,
      letter: '',
      replaced: ev.replaced ?? 0,
      inning,
      eventType: ev.position === '12' ? 'pinch_run' : '',
    });
  else if (ev.position) team.fielders[ev.position] = ev.player;
}

/** Derives both teams' boxes from the plays. `complete` marks the last play as finished or not. */
export function deriveBoxes(
  plays: readonly Play[],
  lineups: { away: LineupSlot[]; home: LineupSlot[] },
  starters: { away: number; home: number },
  lastComplete: boolean,
): { away: TeamBox; home: TeamBox } {
  const away = createTeamBox('away', lineups.away, starters.away);
  const home = createTeamBox('home', lineups.home, starters.home);
  const seenPitchers = new Set<number>([starters.away, starters.home]);
  plays.forEach((play, i) => {
    const complete = i < plays.length - 1 || lastComplete;
    const off = play.top ? away : home;
    const def = play.top ? home : away;
    const offRow = inningRow(off, play.inning);
    const defRow = inningRow(def, play.inning);
    for (const ev of play.events) {
      applySubstitution(off, def, ev, play.inning);
      if (
        ev.kind === 'action' &&
        (ev.eventType === 'wild_pitch' ||
          ev.eventType === 'balk' ||
          ev.eventType === 'forced_balk' ||
          ev.eventType === 'passed_ball')
      ) {
        const line = def.pitching.get(play.pitcher)!;
        if (ev.eventType === 'wild_pitch') line.wildPitches += 1;
        // A third disengagement without an out is a balk (pitch-timer rule), charged as one.
        else if (ev.eventType === 'balk' || ev.eventType === 'forced_balk') line.balks += 1;
        else {
          line.passedBall += 1;
          const catcher = def.fielding.get(ev.player);
          if (catcher) catcher.passedBall += 1;
        }
      }
      if (ev.kind === 'pitch') {
        const line = def.pitching.get(ev.pitcher) ?? def.pitching.get(play.pitcher)!;
        line.numberOfPitches += 1;
        if (isBallCall(ev.call)) line.balls += 1;
        else line.strikes += 1;
      }
    }
    if (!seenPitchers.has(play.pitcher)) {
      seenPitchers.add(play.pitcher);
      const line = def.pitching.get(play.pitcher);
      if (line) line.inheritedRunners += play.basesBefore.filter((id) => id !== 0).length;
    }
    applyRunnerMoves(play, off, def, offRow, defRow);
    if (!complete) return;
    const pit = def.pitching.get(play.pitcher)!;
    const bat = off.batting.get(play.batter)!;
    const batterOut = play.isOut;
    addPlateAppearance(bat, play.eventType, batterOut, play.batted?.trajectory);
    addPlateAppearance(pit, play.eventType, batterOut, play.batted?.trajectory);
    pit.battersFaced += 1;
    if (play.eventType === 'hit_by_pitch') pit.hitBatsmen += 1;
    pit.rbi += play.rbi;
    bat.rbi += play.rbi;
    if (['single', 'double', 'triple', 'home_run'].includes(play.eventType)) offRow.hits += 1;
    if (batterOut) bat.leftOnBase += play.basesAfter.filter((id) => id !== 0).length;
    const note = off.phNotes.find((n) => n.id === play.batter && n.eventType === '');
    if (note) note.eventType = play.eventType;
    const next = plays[i + 1];
    if (!next || next.inning !== play.inning || next.top !== play.top) {
      if (next || lastComplete) offRow.leftOnBase = play.basesAfter.filter((id) => id !== 0).length;
    }
  });
  for (const box of [away, home]) {
    box.phNotes.forEach((n, i) => {
      n.letter = String.fromCharCode(97 + i);
    });
    for (const [id, f] of box.fielding) {
      f.chances = f.putOuts + f.assists + f.errors;
      if (box.starters.has(id)) f.gamesStarted = 1;
    }
  }
  return { away, home };
}

function applyRunnerMoves(
  play: Play,
  off: TeamBox,
  def: TeamBox,
  offRow: TeamBox['innings'][number],
  defRow: TeamBox['innings'][number],
): void {
  const pit = def.pitching.get(play.pitcher)!;
  for (const m of play.runners) {
    if (m.end === 0) pit.outs += 1;
    if (m.end === 4) {
      offRow.runs += 1;
      const runnerLine = off.batting.get(m.runner);
      if (runnerLine) runnerLine.runs += 1;
      const resp = def.pitching.get(m.responsiblePitcher);
      if (resp) {
        resp.runs += 1;
        if (m.earned) resp.earnedRuns += 1;
      }
      if (m.responsiblePitcher !== play.pitcher && resp) pit.inheritedRunnersScored += 1;
    }
    if (/^(stolen_base|caught_stealing)_[23]b$/.test(m.eventType)) {
      const stolen = m.eventType.startsWith('stolen_base');
      const runnerLine = off.batting.get(m.runner);
      if (runnerLine) runnerLine[stolen ? 'stolenBases' : 'caughtStealing'] += 1;
      pit[stolen ? 'stolenBases' : 'caughtStealing'] += 1;
      const catcher = def.fielding.get(entry(play.fielders, '2'));
      if (catcher) catcher[stolen ? 'stolenBases' : 'caughtStealing'] += 1;
    }
    if (m.eventType === 'pickoff_1b') {
      const runnerLine = off.batting.get(m.runner);
      if (runnerLine) runnerLine.pickoffs += 1;
      pit.pickoffs += 1;
      const fielding = def.fielding.get(play.pitcher);
      if (fielding) fielding.pickoffs += 1;
    }
    for (const c of m.credits) {
      const f = def.fielding.get(c.player);
      if (!f) continue;
      if (c.credit === 'f_putout') f.putOuts += 1;
      else if (c.credit === 'f_assist') f.assists += 1;
      else if (c.credit === 'f_fielding_error' || c.credit === 'f_throwing_error') {
        f.errors += 1;
        defRow.errors += 1;
      }
    }
  }
}
