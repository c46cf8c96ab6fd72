/** The mutable part of a simulator: its clock, scoring corrections and person-record changes. */

export interface Correction {
  gamePk: number;
  atMs: number;
  /** atBatIndex of the corrected play. */
  ab: number;
  from: string;
  to: string;
}

export interface PersonChange {
  personId: number;
  atMs: number;
  /** trade and number come from the control API; move is a planned promotion, option or rehab assignment. */
  change: 'trade' | 'number' | 'move';
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

/** Corrections of one game that are in effect at `atMs`. */
export function correctionsFor(state: SimState, gamePk: number, atMs: number): Correction[] {
  return state.corrections.filter((c) => c.gamePk === gamePk && c.atMs <= atMs);
}
