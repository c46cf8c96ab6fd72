/**
 * The official scorer's changes to a final game's pitching decisions: the win credited to another
 * pitcher, a save or a hold moved, given or taken. They are laid over the decisions derived from
 * the plays, so the feed's decisions, the pitchers' lines (wins, saves, holds, save opportunities)
 * and the boxscore notes follow them alike.
 */

import type { Rng } from '../prng.js';
import type { Correction } from '../state.js';
import type { TeamBox } from './box-stats.js';
import type { Decisions } from './decisions.js';

/** A save or hold change: taken from `player` (when set), given to `to` (when not empty). */
export interface DecisionPick {
  from: 'save' | 'hold';
  to: string;
  player?: number;
}

type Boxes = { away: TeamBox; home: TeamBox };

const sideOf = (boxes: Boxes, id: number): 'away' | 'home' => (boxes.away.pitchers.includes(id) ? 'away' : 'home');

/** A save moved to another reliever of the winning club, taken, or given to its finisher. */
export function pickSaveChange(d: Decisions, boxes: Boxes, rng: Rng): DecisionPick | undefined {
  if (d.winner === undefined) return undefined;
  const pitchers = boxes[sideOf(boxes, d.winner)].pitchers;
  const relievers = pitchers.slice(1).filter((p) => p !== d.winner && !d.blownSaves.includes(p));
  if (d.save !== undefined) {
    const others = relievers.filter((p) => p !== d.save);
    if (others.length > 0 && rng.chance(0.5))
      return { from: 'save', player: d.save, to: String(others[rng.int(0, others.length - 1)]) };
    return { from: 'save', player: d.save, to: '' };
  }
  const finisher = pitchers[pitchers.length - 1];
  return finisher !== undefined && relievers.includes(finisher) ? { from: 'save', to: String(finisher) } : undefined;
}

/** A hold taken, moved to another middle reliever of the same club, or given to one of the winning club. */
export function pickHoldChange(d: Decisions, boxes: Boxes, rng: Rng): DecisionPick | undefined {
  const decided = new Set([d.winner, d.loser, d.save, ...d.blownSaves]);
  // Middle relievers: neither the starter nor the one who finished, without another decision.
  const middle = (side: 'away' | 'home') =>
    boxes[side].pitchers.slice(1, -1).filter((p) => !decided.has(p) && !d.holds.includes(p));
  if (d.holds.length > 0) {
    const player = d.holds[rng.int(0, d.holds.length - 1)]!;
    const others = middle(sideOf(boxes, player));
    if (others.length > 0 && rng.chance(0.5))
      return { from: 'hold', player, to: String(others[rng.int(0, others.length - 1)]) };
    return { from: 'hold', player, to: '' };
  }
  // Given to a middle reliever of the winning club (one who held a lead the rules did not count).
  const open = d.winner === undefined ? [] : middle(sideOf(boxes, d.winner));
  return open.length > 0 ? { from: 'hold', to: String(open[rng.int(0, open.length - 1)]) } : undefined;
}

const without = (list: number[], id: number) => list.filter((p) => p !== id);

/** Lays the decision changes (win, save, hold; in order) over the derived decisions. */
export function applyDecisionCorrections(d: Decisions, corrections: readonly Correction[]): void {
  // The win credited to another pitcher: the last one made counts.
  const credited = corrections.filter((c) => c.from === 'decision').at(-1);
  for (const c of corrections) {
    if (c === credited) {
      const to = Number(c.to);
      d.holds = without(d.holds, to);
      d.blownSaves = without(d.blownSaves, to);
      if (d.save === to) d.save = undefined;
      d.winner = to;
    } else if (c.from === 'save') {
      if (c.player !== undefined && d.save === c.player) {
        d.save = undefined;
        d.saveOpportunities = without(d.saveOpportunities, c.player);
      }
      if (c.to !== '') {
        const to = Number(c.to);
        d.save = to;
        d.holds = without(d.holds, to);
        d.blownSaves = without(d.blownSaves, to);
        if (!d.saveOpportunities.includes(to)) d.saveOpportunities.push(to);
      }
    } else if (c.from === 'hold') {
      if (c.player !== undefined) d.holds = without(d.holds, c.player);
      if (c.to !== '' && !d.holds.includes(Number(c.to))) d.holds.push(Number(c.to));
    }
  }
}
