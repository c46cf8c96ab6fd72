/**
 * Scoring changes the simulator makes by itself after final games (SimOptions.scoringChanges): a
 * share of the season's games is corrected once or twice, from sixteen hours to a week after it ends,
 * by each kind an official scorer makes: a hit ruled an error or the reverse (the play's event,
 * fielder credits, earned runs, RBI and both lines change), the error charged to another fielder, a
 * run ruled earned or unearned, an RBI given or taken, the win credited to another pitcher, a save
 * or a hold moved, given or taken. Half of them are absent from the change log (only a re-poll of
 * the game sees them). Two changes of one game touch different half-innings (and at most one is a
 * decision), so each shows as itself whichever revisions it falls between. Deterministic by seed;
 * the changes take effect as the clock passes them.
 */

import type { Core } from '../core.js';
import type { GameView } from '../game-view.js';
import { createRng, hashSeed, type Rng } from '../prng.js';
import type { Correction } from '../state.js';
import { halfOf, pickCorrectablePlay, pickRuling } from './corrections.js';
import { pickHoldChange, pickSaveChange } from './decision-corrections.js';

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

/** The kinds of change, by the share of draws up to each (the first three change a decision). */
const KINDS: ReadonlyArray<readonly [string, number]> = [
  ['decision', 0.14],
  ['save', 0.24],
  ['hold', 0.34],
  ['scoring', 0.58],
  ['credit', 0.72],
  ['earned', 0.86],
  ['rbi', 1],
];
const DECISION_SHARE = 0.34;

function planGames(core: Core, rate: number, planned: Correction[]): void {
  for (const g of core.model.baseGames) {
    if (g.cancelled) continue;
    const rng = createRng(hashSeed(core.seed, g.gamePk, 0x5c03));
    if (rng.next() >= rate) continue;
    const endMs = core.model.outcome(g.gamePk).endMs;
    const view = core.view(g, endMs + HOUR);
    if (view.phase !== 'final' && view.phase !== 'over') continue;
    const log = view.log;
    if (!log) continue;
    const count = rng.next() < 0.3 ? 2 : 1;
    // Half-innings an earlier change of this game touched: a second one keeps out of them.
    const halves = new Set<string>();
    for (let i = 0; i < count; i++) {
      const atMs = endMs + rng.int(16 * HOUR, 7 * 24 * HOUR);
      const silent = rng.next() < 0.5;
      const r = rng.next();
      const kind = KINDS.find(([, upTo]) => (i === 0 ? r : DECISION_SHARE + (1 - DECISION_SHARE) * r) < upTo)![0];
      const base = { gamePk: g.gamePk, atMs, ...(silent ? { silent } : {}) };
      const open = (ab: number) => !halves.has(halfOf(log.plays[ab]!));
      const made = plan(view, kind, open, rng) ?? (kind === 'scoring' ? undefined : plan(view, 'scoring', open, rng));
      if (!made) continue;
      planned.push({ ...base, ...made });
      if (made.ab >= 0) halves.add(halfOf(log.plays[made.ab]!));
    }
  }
}

type Made = Omit<Correction, 'gamePk' | 'atMs' | 'silent'>;

/** One change of `kind` to the game as it ended, on the plays `open` allows; undefined when it has none. */
function plan(view: GameView, kind: string, open: (ab: number) => boolean, rng: Rng): Made | undefined {
  const log = view.log!;
  if (kind === 'decision') {
    const other = otherWinner(view);
    return other === undefined ? undefined : { ab: -1, from: 'decision', to: String(other) };
  }
  if (kind === 'save' || kind === 'hold') {
    if (!view.decisions || !view.boxes) return undefined;
    const pick = (kind === 'save' ? pickSaveChange : pickHoldChange)(view.decisions, view.boxes, rng);
    return pick ? { ab: -1, ...pick } : undefined;
  }
  if (kind === 'scoring') {
    const closed = new Set(log.plays.filter((p) => !open(p.ab)).map((p) => p.ab));
    return pickCorrectablePlay(log, closed);
  }
  return pickRuling(log, kind as 'credit' | 'earned' | 'rbi', (p) => open(p.ab), rng);
}
