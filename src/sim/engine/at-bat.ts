/** One plate appearance, pitch by pitch, with the base running that can happen between pitches. */

import type { BaseNum, BattedBall, Ev, Person } from '../types.js';
import { type Ctx, credit, defense, makeMove, personOf, pushEvent, type Runner, settleEvent } from './context.js';
import { batterTo, EVENTS, forceAdvance, type InPlayResult, resolveInPlay, sacBunt } from './in-play.js';
import { currentPitchCount } from './team-state.js';

export interface PaResult {
  kind: string;
  batted?: BattedBall;
}

type Outcome = 'ball' | 'called' | 'swing' | 'foul' | 'inplay' | 'hbp';
const OUTCOMES: Outcome[] = ['ball', 'called', 'swing', 'foul', 'inplay', 'hbp'];

function pitchWeights(c: Ctx, batter: Person, pitcher: Person): number[] {
  const fatigue = Math.max(0, currentPitchCount(defense(c)) - pitcher.stamina) * 0.01;
  let ball = 0.335 * (1.25 - pitcher.control * 0.5 + fatigue) * (0.92 + batter.eye * 0.16);
  let called = 0.165 * (1.1 - batter.eye * 0.2);
  let swing = 0.105 * (0.7 + pitcher.stuff * 0.6 - fatigue) * (1.3 - batter.contact * 0.6);
  let foul = 0.18;
  let inplay = 0.175 * (1.15 - pitcher.stuff * 0.3) * (0.85 + batter.contact * 0.3);
  const hbp = 0.003;
  if (c.balls === 3 && c.strikes === 0) {
    called *= 1.8;
    swing *= 0.25;
    inplay *= 0.3;
    foul *= 0.4;
  }
  if (c.strikes === 2) {
    called *= 0.4;
    foul *= 1.45;
    swing *= 1.1;
    ball *= 0.9;
  }
  if (c.balls === 0 && c.strikes === 0) called *= 1.45;
  return [ball, called, swing, foul, inplay, hbp];
}

/** Between pitches: a steal attempt, a pickoff throw or a mound visit, now and then. */
function betweenPitches(c: Ctx): void {
  const r1 = c.bases[0];
  if (r1 && !c.bases[1] && c.outs < 2) {
    const runner = personOf(c, r1.id);
    if (c.rng.chance(0.004 + runner.speed * 0.025)) {
      const success = c.rng.chance(0.62 + runner.speed * 0.3);
      const eventType = success ? 'stolen_base_2b' : 'caught_stealing_2b';
      const name = success ? 'Stolen Base 2B' : 'Caught Stealing 2B';
      const ev = pushEvent(c, { kind: 'action', eventType, player: r1.id, isBaseRunning: true, isOut: !success }, c.rng.int(9000, 22000), c.rng.int(6000, 12000));
      const index = c.events.length - 1;
      const credits = success ? [] : [credit(c, '2', 'f_assist'), credit(c, c.rng.chance(0.6) ? '6' : '4', 'f_putout')];
      c.bases[0] = null;
      c.moves.push(makeMove(c, r1, 1, 1, success ? 2 : 0, [name, eventType], success ? 'r_stolen_base_2b' : 'r_caught_stealing_2b', index, credits));
      if (success) c.bases[1] = r1;
      settleEvent(c, ev);
      return;
    }
    if (c.rng.chance(0.03)) {
      pushEvent(c, { kind: 'pickoff', base: 1 }, 3000, c.rng.int(5000, 9000));
      return;
    }
  }
  if (c.rng.chance(0.003)) pushEvent(c, { kind: 'action', eventType: 'mound_visit', player: 0 }, c.rng.int(25000, 60000), 5000);
}

function pitchEvent(c: Ctx, call: string, inPlay: boolean): Ev {
  c.pitchNumber += 1;
  const team = c.top ? c.home : c.away;
  team.count += 1;
  const duration = inPlay ? c.rng.int(7000, 18000) : 3000;
  // One literal with every field keeps all pitch events on a single hidden class.
  const ev: Ev = {
    kind: 'pitch',
    type: '',
    call,
    pitcher: team.pitcher,
    pitchNumber: c.pitchNumber,
    startMs: c.t,
    endMs: c.t + duration,
    balls: c.balls,
    strikes: c.strikes,
    outs: c.outs,
    awayScore: c.awayScore,
    homeScore: c.homeScore,
  };
  c.events.push(ev);
  c.t += duration + (inPlay ? 0 : c.rng.int(11000, 24000));
  return ev;
}

function wantsIntentionalWalk(c: Ctx, batter: Person): boolean {
  return !c.bases[0] && !!(c.bases[1] || c.bases[2]) && c.inning >= 7 && batter.power + batter.contact > 1.15 && c.rng.chance(0.25);
}

function wantsBunt(c: Ctx, batter: Person): boolean {
  return !!c.bases[0] && !c.bases[1] && c.outs === 0 && c.inning >= 6 && batter.contact + batter.power < 0.75 && c.rng.chance(0.2);
}

/** Simulates the plate appearance of `batterId` against the defense's current pitcher. */
export function simulateAtBat(c: Ctx, batterId: number): PaResult {
  const batter = personOf(c, batterId);
  const pitcher = personOf(c, defense(c).pitcher);
  const batterRunner: Runner = { id: batterId, resp: pitcher.id };
  c.balls = 0;
  c.strikes = 0;
  c.pitchNumber = 0;
  c.origins = new Map<number, BaseNum>();
  for (let i = 0; i < 3; i++) {
    const r = c.bases[i];
    if (r) c.origins.set(r.id, (i + 1) as BaseNum);
  }
  if (c.rng.chance(0.004)) {
    c.strikes = 1;
    pushEvent(c, { kind: 'no_pitch', call: 'AC', pitchNumber: 0, player: batterId }, 5000, 8000);
  }
  if (c.strikes === 0 && wantsIntentionalWalk(c, batter)) {
    c.balls = 4;
    pushEvent(c, { kind: 'no_pitch', call: 'VB', pitchNumber: 1, player: batterId }, 3000, 0);
    forceAdvance(c, EVENTS.intent_walk, (c.events.length - 1));
    batterTo(c, batterRunner, 1, EVENTS.intent_walk, (c.events.length - 1));
    return { kind: 'intent_walk' };
  }
  if (wantsBunt(c, batter)) {
    const ev = pitchEvent(c, 'X', true);
    const res = sacBunt(c, batterRunner, (c.events.length - 1));
    settleEvent(c, ev);
    return res;
  }
  for (;;) {
    betweenPitches(c);
    const outcome = OUTCOMES[c.rng.weighted(pitchWeights(c, batter, pitcher))];
    if (outcome === 'inplay') {
      const ev = pitchEvent(c, 'X', true);
      const before = c.awayScore + c.homeScore;
      const res: InPlayResult = resolveInPlay(c, batter, pitcher, batterRunner, (c.events.length - 1));
      const scored = c.awayScore + c.homeScore > before;
      const batterOut = c.moves.some((m) => m.runner === batterId && m.isOut);
      const anyOut = c.moves.some((m) => m.isOut && m.playIndex === (c.events.length - 1));
      (ev as { call: string }).call = scored ? 'E' : anyOut || batterOut ? 'X' : 'D';
      settleEvent(c, ev);
      return res;
    }
    if (outcome === 'hbp') {
      const ev = pitchEvent(c, 'H', false);
      forceAdvance(c, EVENTS.hit_by_pitch, (c.events.length - 1));
      batterTo(c, batterRunner, 1, EVENTS.hit_by_pitch, (c.events.length - 1));
      settleEvent(c, ev);
      return { kind: 'hit_by_pitch' };
    }
    if (outcome === 'ball') {
      c.balls += 1;
      const call = c.bases[0] && c.rng.chance(0.004) ? 'P' : c.rng.chance(0.1) ? '*B' : 'B';
      const ev = pitchEvent(c, call, false);
      if (c.balls === 4) {
        forceAdvance(c, EVENTS.walk, (c.events.length - 1));
        batterTo(c, batterRunner, 1, EVENTS.walk, (c.events.length - 1));
        settleEvent(c, ev);
        return { kind: 'walk' };
      }
      continue;
    }
    let call: string;
    if (outcome === 'called') call = 'C';
    else if (outcome === 'swing') call = c.rng.chance(0.08) ? 'W' : 'S';
    else call = c.rng.chance(0.05) ? 'T' : 'F';
    if (call === 'F') {
      if (c.strikes < 2) c.strikes += 1;
      pitchEvent(c, call, false);
      continue;
    }
    c.strikes += 1;
    const ev = pitchEvent(c, call, false);
    if (c.strikes === 3) {
      batterTo(c, batterRunner, 0, EVENTS.strikeout, (c.events.length - 1), [credit(c, '2', 'f_putout')]);
      settleEvent(c, ev);
      return { kind: 'strikeout' };
    }
  }
}
