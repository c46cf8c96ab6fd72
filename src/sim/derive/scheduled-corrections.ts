/**
 * Scoring changes the simulator makes by itself after final games (SimOptions.scoringChanges): a
 * share of the season's games is corrected once or twice, from sixteen hours to a week after it ends,
 * by a hit ruled an error (or the reverse: the play's event, fielder credits, earned runs, RBI and
 * both lines change) or by the win credited to another pitcher; half of them are absent from the
 * change log (only a re-poll of the game sees them). Deterministic by seed; the changes take effect
 * as the clock passes them.
 */

import type { Core } from '../core.js';
import type { GameView } from '../game-view.js';
import { createRng, hashSeed } from '../prng.js';
import type { Correction } from '../state.js';
import { pickCorrectablePlay } from './corrections.js';

const HOUR = 3_600_000;

/** The pitcher of the winning club a decision correction credits the win to, if any. */
export function otherWinner(view: GameView): number | undefined {
  const winner = view.decisions?.winner;
  if (winner === undefined || !view.boxes) return undefined;
  const side = view.boxes.away.pitchers.includes(winner) ? 'away' : 'home';
  const pitchers = view.boxes[side].pitchers;
  const i = pitchers.indexOf(winner);
  return i < 0 ? undefined : (pitchers[i + 1] ?? pitchers[i - 1]);
}

/** Plan the corrections of `rate` of the core's games (0–1) into its state; returns how many. */
export function scheduleScoringChanges(core: Core, rate: number): number {
  if (!(rate > 0)) return 0;
  const planned: Correction[] = [];
  // A game's view is rendered as of the clock at most: the plan looks at each game once it is over,
  // with the clock set past the season meanwhile (before the clock runs; put back below).
  const now = core.state.nowMs;
  core.state.nowMs = Date.parse(`${core.model.dates.postEnd}T00:00:00Z`) + 30 * 24 * HOUR;
  try {
    planGames(core, rate, planned);
  } finally {
    core.state.nowMs = now;
  }
  // In time order: a correction applies to the play as the ones before left it.
  planned.sort((a, b) => a.atMs - b.atMs);
  core.state.corrections.push(...planned);
  core.state.revision += 1;
  return planned.length;
}

function planGames(core: Core, rate: number, planned: Correction[]): void {
  for (const g of core.model.baseGames) {
    if (g.cancelled) continue;
    const rng = createRng(hashSeed(core.seed, g.gamePk, 0x5c03));
    if (rng.next() >= rate) continue;
    const endMs = core.model.outcome(g.gamePk).endMs;
    const view = core.view(g, endMs + HOUR);
    if (view.phase !== 'final' && view.phase !== 'over') continue;
    const count = rng.next() < 0.3 ? 2 : 1;
    const done = new Set<number>();
    for (let i = 0; i < count; i++) {
      const atMs = endMs + rng.int(16 * HOUR, 7 * 24 * HOUR);
      const silent = rng.next() < 0.5;
      const other = i === 0 && rng.next() < 0.4 ? otherWinner(view) : undefined;
      if (other !== undefined) {
        planned.push({
          gamePk: g.gamePk,
          atMs,
          ab: -1,
          from: 'decision',
          to: String(other),
          ...(silent ? { silent } : {}),
        });
        continue;
      }
      const pick = view.log ? pickCorrectablePlay(view.log, done) : undefined;
      if (!pick) continue;
      done.add(pick.ab);
      planned.push({
        gamePk: g.gamePk,
        atMs,
        ab: pick.ab,
        from: pick.from,
        to: pick.to,
        ...(silent ? { silent } : {}),
      });
    }
  }
}
