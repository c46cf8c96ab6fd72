/** One plate appearance, pitch by pitch, with the base running that can happen between pitches. */

import { entry } from '../checked.js';
import { eraOf } from '../era.js';
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

/** Chance of a pickoff throw between two pitches, by the pitcher's disengagements so far in the plate appearance. */
const PICKOFF_THROW = [0.03, 0.08, 0.05];

/** Between pitches: a steal attempt (of 2nd or 3rd), a pickoff throw (now and then an out), a balk or a mound visit. */
function betweenPitches(c: Ctx): void {
  const r1 = c.bases[0];
  if (r1 && !c.bases[1] && c.outs < 2) {
    const runner = personOf(c, r1.id);
    if (c.rng.chance(0.004 + runner.speed * 0.025)) {
      steal(c, r1, 1, c.rng.chance(0.62 + runner.speed * 0.3));
      return;
    }
    // A pitcher who has thrown over once often throws again; a third throw risks a balk.
    if (c.rng.chance(PICKOFF_THROW[c.disengagements] ?? 0.05)) {
      // About one throw in twenty-five catches the runner (an out only with fewer than two outs,
      // so a pickoff never ends a plate appearance here).
      if (c.rng.chance(0.04)) pickoffOut(c, r1);
      else pickoffThrow(c);
      return;
    }
  }
  const r2 = c.bases[1];
  if (r2 && !c.bases[2] && c.outs < 2) {
    const runner = personOf(c, r2.id);
    if (c.rng.chance(0.001 + runner.speed * 0.006)) {
      steal(c, r2, 2, c.rng.chance(0.6 + runner.speed * 0.3));
      return;
    }
  }
  if ((r1 || r2 || c.bases[2]) && !walkOffRisk(c) && c.rng.chance(0.0004)) {
    advanceAll(c, 'balk', defense(c).pitcher);
    return;
  }
  if (c.rng.chance(0.003))
    pushEvent(c, { kind: 'action', eventType: 'mound_visit', player: 0 }, c.rng.int(25000, 60000), 5000);
}

/**
 * A pickoff throw that gets no out: one of the pitcher's two disengagements of the plate
 * appearance. A third is a balk (`forced_balk`, "Disengagement Violation"): every runner moves up.
 */
function pickoffThrow(c: Ctx): void {
  c.disengagements += 1;
  pushEvent(c, { kind: 'pickoff', base: 1, disengagementNum: c.disengagements }, 3000, c.rng.int(5000, 9000));
  if (c.disengagements < 3 || walkOffRisk(c) || !eraOf(c.league.season, c.league.sportId).pitchTimer) return;
  advanceAll(c, 'forced_balk', defense(c).pitcher);
}

/** A steal of the next base by the runner on `from` (1 or 2): stolen or caught (catcher to the covering fielder). */
function steal(c: Ctx, r: Runner, from: 1 | 2, success: boolean): void {
  const to = from + 1;
  const eventType = `${success ? 'stolen_base' : 'caught_stealing'}_${to}b`;
  const name = `${success ? 'Stolen Base' : 'Caught Stealing'} ${to}B`;
  const ev = pushEvent(
    c,
    { kind: 'action', eventType, player: r.id, isBaseRunning: true, isOut: !success },
    c.rng.int(9000, 22000),
    c.rng.int(6000, 12000),
  );
  const index = c.events.length - 1;
  const covering = to === 3 ? '5' : c.rng.chance(0.6) ? '6' : '4';
  const credits = success ? [] : [credit(c, '2', 'f_assist'), credit(c, covering, 'f_putout')];
  c.bases[from - 1] = null;
  c.moves.push(
    makeMove(c, r, from, from, success ? (to as BaseNum) : 0, [name, eventType], `r_${eventType}`, index, credits),
  );
  if (success) c.bases[to - 1] = r;
  settleEvent(c, ev);
}

/** The pitcher picks off the runner on first (pitcher to first baseman); the out is made at 1st. */
function pickoffOut(c: Ctx, r1: Runner): void {
  const ev = pushEvent(
    c,
    { kind: 'action', eventType: 'pickoff_1b', player: r1.id, isBaseRunning: true, isOut: true },
    c.rng.int(6000, 15000),
    c.rng.int(6000, 12000),
  );
  const index = c.events.length - 1;
  c.bases[0] = null;
  const move = makeMove(c, r1, 1, 1, 0, ['Pickoff 1B', 'pickoff_1b'], 'r_pickoff_1b', index, [
    credit(c, '1', 'f_assist'),
    credit(c, '3', 'f_putout'),
  ]);
  move.outBase = 1;
  c.moves.push(move);
  settleEvent(c, ev);
}

const ADVANCE_NAMES = {
  wild_pitch: 'Wild Pitch',
  passed_ball: 'Passed Ball',
  balk: 'Balk',
  forced_balk: 'Disengagement Violation',
};

/** Every runner moves up one base (lead runner first): a wild pitch, a passed ball or a balk. */
function advanceAll(c: Ctx, eventType: 'wild_pitch' | 'passed_ball' | 'balk' | 'forced_balk', player: number): void {
  const name = ADVANCE_NAMES[eventType];
  const forced = eventType === 'forced_balk';
  const ev = pushEvent(
    c,
    forced ? { kind: 'action', eventType, player, isBaseRunning: true } : { kind: 'action', eventType, player },
    c.rng.int(4000, 12000),
    c.rng.int(5000, 10000),
  );
  const index = c.events.length - 1;
  for (let base = 3; base >= 1; base--) {
    const r = c.bases[base - 1];
    if (!r) continue;
    c.bases[base - 1] = null;
    c.moves.push(
      makeMove(c, r, base as BaseNum, base as BaseNum, (base + 1) as BaseNum, [name, eventType], 'r_adv_play', index),
    );
    if (base < 3) c.bases[base] = r;
  }
  settleEvent(c, ev);
}

/**
 * A run scoring in the middle of a plate appearance could end the game there (home team, late,
 * runner on third); the game loop ends games between plate appearances, so those are not simulated.
 */
function walkOffRisk(c: Ctx): boolean {
  return !c.top && c.inning >= 7 && c.bases[2] !== null;
}

/** After a pitch that did not end the plate appearance: now and then it gets away (runners on only). */
function maybeWildPitch(c: Ctx): void {
  if ((!c.bases[0] && !c.bases[1] && !c.bases[2]) || walkOffRisk(c)) return;
  const roll = c.rng.next();
  if (roll < 0.006) advanceAll(c, 'wild_pitch', defense(c).pitcher);
  else if (roll < 0.0085) advanceAll(c, 'passed_ball', entry(defense(c).fielders, '2'));
}

function pitchEvent(c: Ctx, call: string, inPlay: boolean): Ev {
  c.pitchNumber += 1;
  const team = c.top ? c.home : c.away;
  team.count += 1;
  const duration = inPlay ? c.rng.int(7000, 18000) : 3000;
  // Every pitch event starts with all its fields, so all have the same shape.
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
  return (
    !c.bases[0] &&
    !!(c.bases[1] || c.bases[2]) &&
    c.inning >= 7 &&
    batter.power + batter.contact > 1.15 &&
    c.rng.chance(0.25)
  );
}

function wantsBunt(c: Ctx, batter: Person): boolean {
  return (
    !!c.bases[0] &&
    !c.bases[1] &&
    c.outs === 0 &&
    c.inning >= 6 &&
    batter.contact + batter.power < 0.75 &&
    c.rng.chance(0.2)
  );
}

/** Simulates the plate appearance of `batterId` against the defense's current pitcher. */
export function simulateAtBat(c: Ctx, batterId: number): PaResult {
  const batter = personOf(c, batterId);
  const pitcher = personOf(c, defense(c).pitcher);
  const batterRunner: Runner = { id: batterId, resp: pitcher.id };
  c.balls = 0;
  c.strikes = 0;
  c.pitchNumber = 0;
  c.disengagements = 0;
  c.origins = new Map<number, BaseNum>();
  for (let i = 0; i < 3; i++) {
    const r = c.bases[i];
    if (r) c.origins.set(r.id, (i + 1) as BaseNum);
  }
  // A batter's pitch-timer violation (the draw is made in every era so the stream stays aligned).
  if (c.rng.chance(0.004) && eraOf(c.league.season, c.league.sportId).pitchTimer) {
    c.strikes = 1;
    pushEvent(c, { kind: 'no_pitch', call: 'AC', pitchNumber: 0, player: batterId }, 5000, 8000);
  }
  if (c.strikes === 0 && wantsIntentionalWalk(c, batter)) {
    c.balls = 4;
    pushEvent(c, { kind: 'no_pitch', call: 'VB', pitchNumber: 1, player: batterId }, 3000, 0);
    forceAdvance(c, EVENTS.intent_walk, c.events.length - 1);
    batterTo(c, batterRunner, 1, EVENTS.intent_walk, c.events.length - 1);
    return { kind: 'intent_walk' };
  }
  if (wantsBunt(c, batter)) {
    const ev = pitchEvent(c, 'X', true);
    const res = sacBunt(c, batterRunner, c.events.length - 1);
    settleEvent(c, ev);
    return res;
  }
  for (;;) {
    betweenPitches(c);
    const outcome = OUTCOMES[c.rng.weighted(pitchWeights(c, batter, pitcher))];
    if (outcome === 'inplay') {
      const ev = pitchEvent(c, 'X', true);
      const before = c.awayScore + c.homeScore;
      const res: InPlayResult = resolveInPlay(c, batter, pitcher, batterRunner, c.events.length - 1);
      const scored = c.awayScore + c.homeScore > before;
      const batterOut = c.moves.some((m) => m.runner === batterId && m.isOut);
      const anyOut = c.moves.some((m) => m.isOut && m.playIndex === c.events.length - 1);
      (ev as { call: string }).call = scored ? 'E' : anyOut || batterOut ? 'X' : 'D';
      settleEvent(c, ev);
      return res;
    }
    if (outcome === 'hbp') {
      const ev = pitchEvent(c, 'H', false);
      forceAdvance(c, EVENTS.hit_by_pitch, c.events.length - 1);
      batterTo(c, batterRunner, 1, EVENTS.hit_by_pitch, c.events.length - 1);
      settleEvent(c, ev);
      return { kind: 'hit_by_pitch' };
    }
    if (outcome === 'ball') {
      c.balls += 1;
      const call = c.bases[0] && c.rng.chance(0.004) ? 'P' : c.rng.chance(0.1) ? '*B' : 'B';
      const ev = pitchEvent(c, call, false);
      if (c.balls === 4) {
        forceAdvance(c, EVENTS.walk, c.events.length - 1);
        batterTo(c, batterRunner, 1, EVENTS.walk, c.events.length - 1);
        settleEvent(c, ev);
        return { kind: 'walk' };
      }
      maybeWildPitch(c);
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
      batterTo(c, batterRunner, 0, EVENTS.strikeout, c.events.length - 1, [credit(c, '2', 'f_putout')]);
      settleEvent(c, ev);
      return { kind: 'strikeout' };
    }
  }
}
