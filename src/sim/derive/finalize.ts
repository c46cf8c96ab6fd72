/**
 * Post-pass over a play log: RBI and earned-run flags. Runs after the engine and again after a
 * scoring change, so both stay consistent with the (possibly corrected) plays.
 */

import { at } from '../checked.js';
import type { Play } from '../types.js';

const NO_RBI = new Set(['field_error', 'grounded_into_double_play', 'strikeout', 'strikeout_double_play']);

/** Index of the event that ended the plate appearance (the last pitch or no-pitch). */
export function finalEventIndex(play: Play): number {
  for (let i = play.events.length - 1; i >= 0; i--) {
    const k = at(play.events, i).kind;
    if (k === 'pitch' || k === 'no_pitch') return i;
  }
  return play.events.length - 1;
}

/**
 * Sets `rbi` on runner movements and plays, and `earned` on scoring movements: a run is unearned
 * when the runner reached on an error (or was the automatic extra-inning runner), scored on an
 * error, or scored after the inning would have ended but for an error.
 */
export function finalizePlays(plays: Play[], ghostRunners: ReadonlySet<string>): void {
  let half = '';
  let phantom = 0;
  let unearned = new Set<number>();
  for (const play of plays) {
    const key = `${play.inning}${play.top ? 't' : 'b'}`;
    if (key !== half) {
      half = key;
      phantom = 0;
      unearned = new Set();
      for (const id of play.basesBefore) if (id && ghostRunners.has(`${key}:${id}`)) unearned.add(id);
    }
    const last = finalEventIndex(play);
    const rbiEligible = !NO_RBI.has(play.eventType);
    const isError = play.eventType === 'field_error';
    let rbi = 0;
    for (const m of play.runners) {
      m.rbi = false;
      m.earned = false;
      if (m.end !== 4) continue;
      if (rbiEligible && m.playIndex === last) {
        m.rbi = true;
        rbi++;
      }
      m.earned = !unearned.has(m.runner) && !(isError && m.playIndex === last) && play.outsBefore + phantom < 3;
    }
    play.rbi = rbi;
    if (isError) {
      phantom += 1;
      unearned.add(play.batter);
    }
  }
}
