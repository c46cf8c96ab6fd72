/** liveData.linescore and the /linescore body. */

import { at, entry } from '../checked.js';
import type { TeamBox } from '../derive/box-stats.js';
import type { GameView } from '../game-view.js';
import type { League } from '../types.js';
import { ordinal, personRef, teamRef } from './common.js';

const FIELD_KEYS: Array<[string, string]> = [
  ['pitcher', '1'],
  ['catcher', '2'],
  ['first', '3'],
  ['second', '4'],
  ['third', '5'],
  ['shortstop', '6'],
  ['left', '7'],
  ['center', '8'],
  ['right', '9'],
];

function upcoming(league: League, box: TeamBox, nextSlot: number) {
  const ref = (i: number) => personRef(league, at(box.slots, (nextSlot + i) % 9));
  return { batter: ref(0), onDeck: ref(1), inHole: ref(2), battingOrder: nextSlot + 1 };
}

/** Next batting slot of a team given the plays so far. */
function nextSlot(view: GameView, box: TeamBox, top: boolean): number {
  for (let i = view.plays.length - 1; i >= 0; i--) {
    const p = at(view.plays, i);
    if (p.top !== top) continue;
    const slot = box.slots.indexOf(p.batter);
    const done = i < view.plays.length - 1 || view.lastComplete;
    return slot < 0 ? 0 : done ? (slot + 1) % 9 : slot;
  }
  return 0;
}

/** Renders the linescore of a game view (empty innings for a game that has not started). */
export function renderLinescore(league: League, view: GameView) {
  const away = league.teamById.get(view.g.awayId)!;
  const home = league.teamById.get(view.g.homeId)!;
  const last = view.plays[view.plays.length - 1];
  const base = {
    currentInning: 0,
    currentInningOrdinal: '',
    inningState: '',
    inningHalf: '',
    isTopInning: true,
    scheduledInnings: view.g.scheduledInnings,
  };
  if (!last || !view.boxes) {
    return {
      scheduledInnings: view.g.scheduledInnings,
      innings: [],
      teams: { home: {}, away: {} },
      defense: {},
      offense: {},
      balls: 0,
      strikes: 0,
      outs: 0,
    };
  }
  const boxes = view.boxes;
  const halves = new Set(view.plays.map((p) => `${p.inning}${p.top ? 't' : 'b'}`));
  const final = view.phase === 'over' || view.phase === 'final';
  const complete = view.lastComplete;
  const halfOver = complete && last.outs >= 3;
  // As the real feed: the half under way has no runs until one scores, and no runners left on base until it ends.
  const underWay = final || halfOver ? '' : `${last.inning}${last.top ? 't' : 'b'}`;
  const innings = [];
  for (let n = 1; n <= last.inning; n++) {
    const row = (box: TeamBox, half: string) => {
      const r = box.innings[n - 1] ?? { runs: 0, hits: 0, errors: 0, leftOnBase: 0 };
      if (half === underWay)
        return r.runs > 0
          ? { runs: r.runs, hits: r.hits, errors: r.errors, leftOnBase: 0 }
          : { hits: r.hits, errors: r.errors, leftOnBase: 0 };
      return halves.has(half)
        ? { runs: r.runs, hits: r.hits, errors: r.errors, leftOnBase: r.leftOnBase }
        : { hits: r.hits, errors: r.errors, leftOnBase: r.leftOnBase };
    };
    innings.push({ num: n, ordinalNum: ordinal(n), home: row(boxes.home, `${n}b`), away: row(boxes.away, `${n}t`) });
  }
  const total = (box: TeamBox, isWinner: boolean | undefined) => {
    const t = box.innings.reduce(
      (a, r) => ({
        runs: a.runs + r.runs,
        hits: a.hits + r.hits,
        errors: a.errors + r.errors,
        leftOnBase: a.leftOnBase + r.leftOnBase,
      }),
      { runs: 0, hits: 0, errors: 0, leftOnBase: 0 },
    );
    return isWinner === undefined ? t : { ...t, isWinner };
  };
  base.currentInning = last.inning;
  base.currentInningOrdinal = ordinal(last.inning);
  base.isTopInning = last.top;
  base.inningHalf = last.top ? 'Top' : 'Bottom';
  base.inningState = !final && halfOver ? (last.top ? 'Middle' : 'End') : base.inningHalf;
  const offBox = last.top ? boxes.away : boxes.home;
  const defBox = last.top ? boxes.home : boxes.away;
  const offense: Record<string, unknown> = {};
  const up = upcoming(league, offBox, nextSlot(view, offBox, last.top));
  Object.assign(offense, { batter: up.batter, onDeck: up.onDeck, inHole: up.inHole });
  const bases = complete ? last.basesAfter : last.basesBefore;
  if (!halfOver || final) {
    ['first', 'second', 'third'].forEach((k, i) => {
      if (bases[i]) offense[k] = personRef(league, bases[i]);
    });
  }
  Object.assign(offense, {
    pitcher: personRef(league, entry(offBox.fielders, '1')),
    battingOrder: up.battingOrder,
    team: teamRef(last.top ? away : home),
  });
  const defense: Record<string, unknown> = {};
  for (const [k, pos] of FIELD_KEYS) if (defBox.fielders[pos]) defense[k] = personRef(league, defBox.fielders[pos]);
  const dup = upcoming(league, defBox, nextSlot(view, defBox, !last.top));
  Object.assign(defense, {
    batter: dup.batter,
    onDeck: dup.onDeck,
    inHole: dup.inHole,
    battingOrder: dup.battingOrder,
    team: teamRef(last.top ? home : away),
  });
  const out: Record<string, unknown> = { ...base, innings };
  const winnerKnown = final && last.awayScore !== last.homeScore;
  out.teams = {
    home: total(boxes.home, winnerKnown ? last.homeScore > last.awayScore : undefined),
    away: total(boxes.away, winnerKnown ? last.awayScore > last.homeScore : undefined),
  };
  out.defense = defense;
  out.offense = offense;
  out.balls = complete ? 0 : last.balls;
  out.strikes = complete ? 0 : last.strikes;
  out.outs = last.outs;
  if (final && !last.top && last.outs < 3 && last.homeScore > last.awayScore) {
    out.note = `${['None', 'One', 'Two'][last.outs]} out when winning run scored.`;
  }
  return out;
}
