/** The mutable part of a simulator: its clock, scoring corrections and person-record changes. */

export interface Correction {
  gamePk: number;
  atMs: number;
  /** atBatIndex of the corrected play (-1 for a decision). */
  ab: number;
  /** `single`/`field_error` (a play's scoring), or `decision` (the win credited to another pitcher). */
  from: string;
  /** The play's new event type, or for a decision the pitcher now credited with the win. */
  to: string;
  /** Not listed by /v1/game/changes: only a fetch of the game (a re-poll) sees it. */
  silent?: boolean;
}

export interface PersonChange {
  personId: number;
  atMs: number;
  /**
   * trade and number come from the control API; move is a planned promotion, option or rehab
   * assignment; il a planned activation from the injured list (see transactions.ts).
   */
  change: 'trade' | 'number' | 'move' | 'il';
  teamId?: number;
  primaryNumber?: string;
  /** Roster status at the new club after a move. */
  rosterStatus?: string;
}

export interface SimState {
  nowMs: number;
  corrections: Correction[];
  personChanges: PersonChange[];
  /** Bumped on every correction/person change so cached bodies are not reused across them. */
  revision: number;
}

/** Creates the initial state. */
export function createSimState(nowMs: number): SimState {
  return { nowMs, corrections: [], personChanges: [], revision: 0 };
}

/**
 * Make the clock run: from now on it moves `speed` simulated milliseconds per real one (1 = real
 * time) from where it is. Setting it (setNow, advance, POST /__sim/clock) moves it, and it runs on
 * from there. Without this the clock stays where it is set (the tests' and the demo's clock).
 */
export function runClock(state: SimState, speed: number, realNow: () => number = Date.now): void {
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`clock speed must be a positive number, not ${speed}`);
  let base = state.nowMs;
  let since = realNow();
  Object.defineProperty(state, 'nowMs', {
    get: () => base + Math.floor((realNow() - since) * speed),
    set: (ms: number) => {
      base = ms;
      since = realNow();
    },
    enumerable: true,
    configurable: true,
  });
}

/** Corrections of one game that are in effect at `atMs`. */
export function correctionsFor(state: SimState, gamePk: number, atMs: number): Correction[] {
  return state.corrections.filter((c) => c.gamePk === gamePk && c.atMs <= atMs);
}
