/** The mutable state of a game being simulated, and small helpers shared by the engine files. */

import { entry } from '../checked.js';
import type { Rng } from '../prng.js';
import type { BaseNum, Credit, Ev, EvBody, League, Person, RunnerMove } from '../types.js';
import type { TeamState } from './team-state.js';

export interface Runner {
  id: number;
  /** Pitcher charged if this runner scores. */
  resp: number;
}

export interface Ctx {
  rng: Rng;
  league: League;
  t: number;
  inning: number;
  top: boolean;
  outs: number;
  bases: [Runner | null, Runner | null, Runner | null];
  away: TeamState;
  home: TeamState;
  awayScore: number;
  homeScore: number;
  // Current plate appearance under construction.
  events: Ev[];
  moves: RunnerMove[];
  balls: number;
  strikes: number;
  pitchNumber: number;
  /** Pickoff throws of the current plate appearance (a third one that gets no out is a balk). */
  disengagements: number;
  /** Base each runner stood on when the current play began. */
  origins: Map<number, BaseNum>;
}

export const offense = (c: Ctx): TeamState => (c.top ? c.away : c.home);
export const defense = (c: Ctx): TeamState => (c.top ? c.home : c.away);
export const personOf = (c: Ctx, id: number): Person => c.league.personById.get(id)!;

/** Appends an event lasting `durationMs` and moves the clock past it plus `gapMs`. */
export function pushEvent(c: Ctx, body: EvBody, durationMs: number, gapMs: number): Ev {
  const ev = body as Ev;
  ev.startMs = c.t;
  ev.endMs = c.t + durationMs;
  ev.balls = c.balls;
  ev.strikes = c.strikes;
  ev.outs = c.outs;
  ev.awayScore = c.awayScore;
  ev.homeScore = c.homeScore;
  c.events.push(ev);
  c.t += durationMs + gapMs;
  return ev;
}

/** Refreshes the count/outs/score snapshot of an event after its consequences were applied. */
export function settleEvent(c: Ctx, ev: Ev): void {
  ev.balls = c.balls;
  ev.strikes = c.strikes;
  ev.outs = c.outs;
  ev.awayScore = c.awayScore;
  ev.homeScore = c.homeScore;
}

/** Builds one runner movement. `end` 4 = scored, 0 = out. */
export function makeMove(
  c: Ctx,
  runner: Runner,
  origin: BaseNum,
  start: BaseNum,
  end: BaseNum,
  event: [string, string],
  reason: string | null,
  playIndex: number,
  credits: Credit[] = [],
): RunnerMove {
  const isOut = end === 0;
  if (isOut) c.outs += 1;
  const scored = end === 4;
  if (scored) {
    if (c.top) c.awayScore += 1;
    else c.homeScore += 1;
  }
  return {
    runner: runner.id,
    origin: start === 0 ? 0 : (c.origins.get(runner.id) ?? origin),
    start,
    end,
    outBase: isOut ? ((start + 1) as BaseNum) : 0,
    isOut,
    outNumber: isOut ? c.outs : 0,
    event: event[0],
    eventType: event[1],
    reason,
    responsiblePitcher: scored ? runner.resp : 0,
    rbi: false,
    earned: false,
    teamUnearned: false,
    playIndex,
    credits,
  };
}

/** A fielding credit for whoever plays `pos` for the defense right now. */
export function credit(c: Ctx, pos: string, kind: string): Credit {
  return { player: entry(defense(c).fielders, pos), pos, credit: kind };
}

/** Number of runners on base. */
export function runnersOn(c: Ctx): number {
  return (c.bases[0] ? 1 : 0) + (c.bases[1] ? 1 : 0) + (c.bases[2] ? 1 : 0);
}
