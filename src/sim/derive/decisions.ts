/** Pitching decisions of a finished game: win, loss, save, holds and blown saves. */

import { at } from '../checked.js';
import type { Play } from '../types.js';
import type { TeamBox } from './box-stats.js';

export interface Decisions {
  winner?: number;
  loser?: number;
  save?: number;
  holds: number[];
  blownSaves: number[];
  saveOpportunities: number[];
}

interface Stint {
  id: number;
  side: 'away' | 'home';
  first: number;
  last: number;
}

function stints(plays: readonly Play[]): Stint[] {
  const out = new Map<number, Stint>();
  plays.forEach((p, i) => {
    const side = p.top ? 'home' : 'away';
    const s = out.get(p.pitcher);
    if (s) s.last = i;
    else out.set(p.pitcher, { id: p.pitcher, side, first: i, last: i });
  });
  return [...out.values()];
}

/** Lead of `side` before play i (or after the last play when i = plays.length). */
function leadBefore(plays: readonly Play[], i: number, side: 'away' | 'home'): number {
  if (i === 0) return 0;
  const p = at(plays, i - 1);
  return side === 'away' ? p.awayScore - p.homeScore : p.homeScore - p.awayScore;
}

/** Computes decisions following the official rules in simplified form. */
export function computeDecisions(plays: readonly Play[], boxes: { away: TeamBox; home: TeamBox }): Decisions {
  const d: Decisions = { holds: [], blownSaves: [], saveOpportunities: [] };
  const last = plays[plays.length - 1];
  if (!last || last.awayScore === last.homeScore) return d;
  const w: 'away' | 'home' = last.awayScore > last.homeScore ? 'away' : 'home';
  const l = w === 'away' ? 'home' : 'away';
  let lastWPitcher = at(boxes[w].pitchers, 0);
  let pitcherOfRecord = lastWPitcher;
  let loser = at(boxes[l].pitchers, 0);
  plays.forEach((p, i) => {
    const wOnDefense = (w === 'home') === p.top;
    if (wOnDefense) lastWPitcher = p.pitcher;
    const before = leadBefore(plays, i, w);
    const after = leadBefore(plays, i + 1, w);
    if (before <= 0 && after > 0) {
      pitcherOfRecord = lastWPitcher;
      const need = -before + 1;
      const scored = p.runners.filter((m) => m.end === 4);
      loser = scored[need - 1]?.responsiblePitcher || p.pitcher;
    }
  });
  const all = stints(plays);
  const wStints = all.filter((s) => s.side === w);
  const outsOf = (id: number) => boxes[w].pitching.get(id)?.outs ?? 0;
  let winner = pitcherOfRecord;
  if (winner === boxes[w].pitchers[0] && outsOf(winner) < 15 && wStints.length > 1) {
    winner = wStints.slice(1).reduce((best, s) => (outsOf(s.id) > outsOf(best.id) ? s : best), at(wStints, 1)).id;
  }
  d.winner = winner;
  d.loser = loser;
  const finisher = wStints[wStints.length - 1];
  if (finisher && finisher.id !== winner && finisher.first > 0) {
    const entryLead = leadBefore(plays, finisher.first, w);
    const outs = outsOf(finisher.id);
    if ((entryLead >= 1 && entryLead <= 3 && outs >= 3) || (entryLead >= 1 && outs >= 9)) d.save = finisher.id;
  }
  for (const s of all) {
    const box = boxes[s.side];
    if (s.id === box.pitchers[0]) continue;
    const entry = leadBefore(plays, s.first, s.side);
    if (entry < 1 || entry > 3) continue;
    let blown = false;
    for (let i = s.first; i <= s.last; i++) if (leadBefore(plays, i + 1, s.side) <= 0) blown = true;
    if (blown) {
      d.blownSaves.push(s.id);
      d.saveOpportunities.push(s.id);
      continue;
    }
    if (s.id === d.save) {
      d.saveOpportunities.push(s.id);
      continue;
    }
    const isFinisher = box.pitchers[box.pitchers.length - 1] === s.id;
    if (!isFinisher && s.id !== d.winner && (box.pitching.get(s.id)?.outs ?? 0) >= 1) d.holds.push(s.id);
  }
  return d;
}
