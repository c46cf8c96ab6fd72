/** The mutable part of a simulator: its clock, scoring corrections and person-record changes. */

export interface Correction {
  gamePk: number;
  atMs: number;
  /** atBatIndex of the corrected play (-1 for a decision, a save or a hold). */
  ab: number;
  /**
   * What the official scorer changed:
   * - `single`/`field_error`: the play's event (the play's new event type in `to`);
   * - `decision`: the win, credited to the pitcher in `to`;
   * - `credit`: the fielder charged with the play's error (`runner`'s move): `player` → `to`;
   * - `earned`: whether `runner`'s run (runner `player`, charged to pitcher `charged`) is earned (`to`: true/false);
   * - `rbi`: whether `runner`'s run (runner `player`) is an RBI of the batter `charged` (`to`: true/false);
   * - `save`/`hold`: taken from `player` (when set) and given to `to` (when not empty).
   */
  from: string;
  /** The new value: an event type, a person id, `true`/`false`, or '' (nobody). */
  to: string;
  /** Index of the changed runner movement in the play's `runners` (credit, earned, rbi). */
  runner?: number;
  /** The person the fact is taken from: the fielder, the runner, the pitcher losing the save or hold. */
  player?: number;
  /** The line the change also shows on: the pitcher charged with the run (earned), the batter (rbi). */
  charged?: number;
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
