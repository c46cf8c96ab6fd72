/** Resolves a ball put in play: hit type, outs, fielders' credits and every runner's movement. */

import type { BaseNum, BattedBall, Credit, Person } from '../types.js';
import { at } from '../checked.js';
import { type Ctx, credit, makeMove, type Runner } from './context.js';

export const EVENTS = {
  single: ['Single', 'single'],
  double: ['Double', 'double'],
  triple: ['Triple', 'triple'],
  home_run: ['Home Run', 'home_run'],
  groundout: ['Groundout', 'field_out'],
  flyout: ['Flyout', 'field_out'],
  lineout: ['Lineout', 'field_out'],
  popout: ['Pop Out', 'field_out'],
  force_out: ['Forceout', 'force_out'],
  grounded_into_double_play: ['Grounded Into DP', 'grounded_into_double_play'],
  sac_fly: ['Sac Fly', 'sac_fly'],
  sac_bunt: ['Sac Bunt', 'sac_bunt'],
  field_error: ['Field Error', 'field_error'],
  strikeout: ['Strikeout', 'strikeout'],
  walk: ['Walk', 'walk'],
  intent_walk: ['Intent Walk', 'intent_walk'],
  hit_by_pitch: ['Hit By Pitch', 'hit_by_pitch'],
} satisfies Record<string, [string, string]>;

export interface InPlayResult {
  /** Key of EVENTS. */
  kind: string;
  batted: BattedBall;
}

/** Moves the runner on `from` (1..3) to `to` (2..4 or 0 = out) and records it. */
export function advance(
  c: Ctx,
  from: 1 | 2 | 3,
  to: BaseNum,
  ev: [string, string],
  reason: string | null,
  playIndex: number,
  credits: Credit[] = [],
): void {
  const r = c.bases[from - 1];
  if (!r) return;
  c.bases[from - 1] = null;
  c.moves.push(makeMove(c, r, from as BaseNum, from as BaseNum, to, ev, reason, playIndex, credits));
  if (to >= 1 && to <= 3) c.bases[to - 1] = r;
}

/** Puts the batter on base `to` (1..4) or out (0). */
export function batterTo(
  c: Ctx,
  batter: Runner,
  to: BaseNum,
  ev: [string, string],
  playIndex: number,
  credits: Credit[] = [],
): void {
  c.moves.push(makeMove(c, batter, 0, 0, to, ev, null, playIndex, credits));
  if (to >= 1 && to <= 3) c.bases[to - 1] = batter;
}

/** Forced advance of everyone behind the batter (walk, hit by pitch). */
export function forceAdvance(c: Ctx, ev: [string, string], playIndex: number): void {
  if (c.bases[0] && c.bases[1] && c.bases[2]) advance(c, 3, 4, ev, 'r_adv_force', playIndex);
  if (c.bases[0] && c.bases[1]) advance(c, 2, 3, ev, 'r_adv_force', playIndex);
  if (c.bases[0]) advance(c, 1, 2, ev, 'r_adv_force', playIndex);
}

function isForced(c: Ctx, base: 1 | 2 | 3): boolean {
  for (let b = 0; b < base; b++) if (!c.bases[b]) return false;
  return true;
}

function advReason(c: Ctx, b: 1 | 2 | 3): string {
  return isForced(c, b) ? 'r_adv_force' : 'r_adv_play';
}

function hitAdvance(c: Ctx, kind: string, ev: [string, string], pi: number): void {
  const rng = c.rng;
  if (kind === 'single') {
    if (c.bases[2]) advance(c, 3, 4, ev, advReason(c, 3), pi);
    if (c.bases[1]) advance(c, 2, rng.chance(0.6) ? 4 : 3, ev, advReason(c, 2), pi);
    if (c.bases[0]) advance(c, 1, !c.bases[2] && rng.chance(0.28) ? 3 : 2, ev, advReason(c, 1), pi);
  } else if (kind === 'double') {
    if (c.bases[2]) advance(c, 3, 4, ev, advReason(c, 3), pi);
    if (c.bases[1]) advance(c, 2, 4, ev, advReason(c, 2), pi);
    if (c.bases[0]) advance(c, 1, rng.chance(0.4) ? 4 : 3, ev, advReason(c, 1), pi);
  } else {
    for (const b of [3, 2, 1] as const) if (c.bases[b - 1]) advance(c, b, 4, ev, advReason(c, b), pi);
  }
}

const PIVOT: Record<string, string> = { '1': '6', '3': '6', '4': '6', '5': '4', '6': '4' };

function pick<T>(c: Ctx, items: readonly T[], weights: readonly number[]): T {
  return at(items, c.rng.weighted(weights));
}

function hardness(c: Ctx, hard: number): BattedBall['hardness'] {
  const r = c.rng.next();
  return r < hard ? 'hard' : r < hard + 0.45 ? 'medium' : 'soft';
}

/** Decides what happens to a ball in play and applies it to the bases and outs. */
export function resolveInPlay(c: Ctx, batter: Person, pitcher: Person, batterRunner: Runner, pi: number): InPlayResult {
  const rng = c.rng;
  const pHr = 0.042 * (0.45 + batter.power * 1.3) * (1.35 - pitcher.stuff * 0.7);
  const pHit = 0.285 * (0.82 + batter.contact * 0.36) * (1.2 - pitcher.stuff * 0.4);
  const pErr = 0.013;
  const r = rng.next();
  if (r < pHr) {
    const batted: BattedBall = {
      trajectory: rng.chance(0.88) ? 'fly_ball' : 'line_drive',
      location: pick(c, ['7', '8', '9'], [4, 3, 4]),
      hardness: 'hard',
    };
    hitAdvance(c, 'home_run', EVENTS.home_run, pi);
    batterTo(c, batterRunner, 4, EVENTS.home_run, pi);
    return { kind: 'home_run', batted };
  }
  if (r < pHr + pHit) {
    const h = rng.next();
    const kind = h < 0.7 ? 'single' : h < 0.97 ? 'double' : 'triple';
    const trajectory: BattedBall['trajectory'] =
      kind === 'single'
        ? pick(c, ['ground_ball', 'line_drive', 'fly_ball'] as const, [45, 45, 10])
        : pick(c, ['line_drive', 'fly_ball', 'ground_ball'] as const, [50, 40, 10]);
    const location =
      kind === 'single' && trajectory === 'ground_ball' && rng.chance(0.15)
        ? pick(c, ['6', '4', '5'], [1, 1, 1])
        : pick(c, ['7', '8', '9'], [1, 1, 1]);
    const batted: BattedBall = { trajectory, location, hardness: hardness(c, kind === 'single' ? 0.3 : 0.6) };
    const ev = EVENTS[kind];
    hitAdvance(c, kind, ev, pi);
    batterTo(c, batterRunner, kind === 'single' ? 1 : kind === 'double' ? 2 : 3, ev, pi, [
      credit(c, location, 'f_fielded_ball'),
    ]);
    return { kind, batted };
  }
  if (r < pHr + pHit + pErr) {
    const location = pick(c, ['6', '5', '4', '3', '1'], [30, 28, 22, 10, 5]);
    const ev = EVENTS.field_error;
    for (const b of [3, 2, 1] as const)
      if (c.bases[b - 1]) advance(c, b, (b + 1) as BaseNum, ev, isForced(c, b) ? 'r_adv_force' : 'r_adv_play', pi);
    const kind = rng.chance(0.6) ? 'f_fielding_error' : 'f_throwing_error';
    batterTo(c, batterRunner, 1, ev, pi, [credit(c, location, kind)]);
    return { kind: 'field_error', batted: { trajectory: 'ground_ball', location, hardness: hardness(c, 0.2) } };
  }
  return resolveOut(c, batterRunner, pi);
}

function resolveOut(c: Ctx, batterRunner: Runner, pi: number): InPlayResult {
  const rng = c.rng;
  const t = rng.next();
  if (t < 0.46) {
    const fielder = pick(c, ['6', '4', '5', '3', '1'], [30, 28, 22, 14, 6]);
    const batted: BattedBall = { trajectory: 'ground_ball', location: fielder, hardness: hardness(c, 0.25) };
    const pivot = PIVOT[fielder] ?? '6';
    if (c.bases[0] && c.outs < 2 && rng.chance(0.45)) {
      const ev = EVENTS.grounded_into_double_play;
      advance(c, 1, 0, ev, 'r_force_out', pi, [credit(c, fielder, 'f_assist'), credit(c, pivot, 'f_putout')]);
      batterTo(c, batterRunner, 0, ev, pi, [credit(c, pivot, 'f_assist'), credit(c, '3', 'f_putout')]);
      if (c.outs < 3)
        for (const b of [3, 2] as const) if (c.bases[b - 1]) advance(c, b, (b + 1) as BaseNum, ev, 'r_adv_play', pi);
      return { kind: 'grounded_into_double_play', batted };
    }
    if (c.bases[0] && rng.chance(0.35)) {
      const ev = EVENTS.force_out;
      const loaded = !!(c.bases[1] && c.bases[2]);
      const second = !!c.bases[1];
      advance(c, 1, 0, ev, 'r_force_out', pi, [credit(c, fielder, 'f_assist'), credit(c, pivot, 'f_putout')]);
      if (c.outs < 3) {
        if (loaded) advance(c, 3, 4, ev, 'r_adv_force', pi);
        if (second) advance(c, 2, 3, ev, 'r_adv_force', pi);
      }
      batterTo(c, batterRunner, 1, ev, pi);
      return { kind: 'force_out', batted };
    }
    const ev = EVENTS.groundout;
    const credits =
      fielder === '3' ? [credit(c, '3', 'f_putout')] : [credit(c, fielder, 'f_assist'), credit(c, '3', 'f_putout')];
    batterTo(c, batterRunner, 0, ev, pi, credits);
    if (c.outs < 3) {
      if (c.bases[2] && rng.chance(0.55)) advance(c, 3, 4, ev, 'r_adv_play', pi);
      if (c.bases[1] && !c.bases[2] && rng.chance(0.55)) advance(c, 2, 3, ev, 'r_adv_play', pi);
      if (c.bases[0] && !c.bases[1] && rng.chance(0.8)) advance(c, 1, 2, ev, 'r_adv_play', pi);
    }
    return { kind: 'groundout', batted };
  }
  if (t < 0.78) {
    const fielder = pick(c, ['7', '8', '9'], [1, 1.2, 1]);
    const batted: BattedBall = { trajectory: 'fly_ball', location: fielder, hardness: hardness(c, 0.3) };
    const tagUp = c.bases[2] && c.outs < 2 && rng.chance(0.68);
    const ev = tagUp ? EVENTS.sac_fly : EVENTS.flyout;
    batterTo(c, batterRunner, 0, ev, pi, [credit(c, fielder, 'f_putout')]);
    if (tagUp) advance(c, 3, 4, ev, 'r_adv_play', pi);
    if (c.outs < 3 && c.bases[1] && !c.bases[2] && fielder !== '7' && rng.chance(0.3))
      advance(c, 2, 3, ev, 'r_adv_play', pi);
    return { kind: tagUp ? 'sac_fly' : 'flyout', batted };
  }
  if (t < 0.9) {
    const fielder = pick(c, ['3', '4', '5', '6', '7', '8', '9'], [1, 1.2, 1, 1.2, 1.3, 1.4, 1.3]);
    batterTo(c, batterRunner, 0, EVENTS.lineout, pi, [credit(c, fielder, 'f_putout')]);
    return { kind: 'lineout', batted: { trajectory: 'line_drive', location: fielder, hardness: hardness(c, 0.55) } };
  }
  const fielder = pick(c, ['2', '3', '4', '5', '6'], [1, 2, 2, 2, 2]);
  batterTo(c, batterRunner, 0, EVENTS.popout, pi, [credit(c, fielder, 'f_putout')]);
  return { kind: 'popout', batted: { trajectory: 'popup', location: fielder, hardness: 'soft' } };
}

/** A sacrifice bunt: batter out at first, every runner moves up one base. */
export function sacBunt(c: Ctx, batterRunner: Runner, pi: number): InPlayResult {
  const fielder = c.rng.pick(['1', '5', '3']);
  const ev = EVENTS.sac_bunt;
  batterTo(c, batterRunner, 0, ev, pi, [credit(c, fielder, 'f_assist'), credit(c, '4', 'f_putout')]);
  if (c.outs < 3)
    for (const b of [3, 2, 1] as const) if (c.bases[b - 1]) advance(c, b, (b + 1) as BaseNum, ev, 'r_adv_play', pi);
  return { kind: 'sac_bunt', batted: { trajectory: 'bunt_grounder', location: fielder, hardness: 'soft' } };
}
