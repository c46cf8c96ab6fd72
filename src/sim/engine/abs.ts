/**
 * The ABS challenge system of MLB from 2026: the batter, the pitcher or the catcher may ask the
 * Automated Ball-Strike system to check a called ball or strike. A team starts a game with two
 * challenges and keeps one that succeeds.
 *
 * Challenges are decided after the game is played, from a generator of their own, and only say how
 * the call on the field was reached: the pitch's call in the log is the final one (an overturned
 * challenge means the umpire had called the opposite). So the game itself, its counts and its
 * outcome are the same with or without them, and seasons before 2026 are untouched.
 */

import { createRng, hashSeed } from '../prng.js';
import { at } from '../checked.js';
import type { League, PitchEv, Play } from '../types.js';

type PitchAbs = NonNullable<PitchEv['abs']>;

export const ABS_FIRST_SEASON = 2026;
export const ABS_CHALLENGES_PER_GAME = 2;
/** Share of called balls and strikes that are challenged while the side has challenges left. */
const CHALLENGE_RATE = 0.025;
/** Share of challenges that overturn the call (about half in 2026). */
const OVERTURN_RATE = 0.5;
/** Of the fielding side's challenges, the share the catcher makes (the pitcher makes the rest). */
const CATCHER_SHARE = 0.75;

/** Whether a league's games carry ABS challenges. */
export function playsAbs(league: League): boolean {
  return league.sportId === 1 && league.season >= ABS_FIRST_SEASON;
}

/** Marks the challenged pitches of a finished game (`abs` on the pitch event). */
export function assignAbsChallenges(
  plays: readonly Play[],
  seed: number,
  gamePk: number,
  teams: { away: number; home: number },
): void {
  const rng = createRng(hashSeed(seed, gamePk, 0xab5));
  const left = { away: ABS_CHALLENGES_PER_GAME, home: ABS_CHALLENGES_PER_GAME };
  for (const play of plays) {
    const batting = play.top ? 'away' : 'home';
    const fielding = play.top ? 'home' : 'away';
    for (const ev of play.events) {
      if (ev.kind !== 'pitch' || (ev.call !== 'B' && ev.call !== 'C') || !rng.chance(CHALLENGE_RATE)) continue;
      const overturned = rng.chance(OVERTURN_RATE);
      // A called strike helps the fielding side: it challenged a ball that was overturned, or the
      // batter challenged the strike and it stood; the other way round for a called ball.
      const helpsFielding = ev.call === 'C';
      const side = helpsFielding === overturned ? fielding : batting;
      if (left[side] === 0) continue;
      const challengerId =
        side === batting ? play.batter : rng.chance(CATCHER_SHARE) ? (play.fielders['2'] ?? ev.pitcher) : ev.pitcher;
      ev.abs = { challengerId, teamId: teams[side], overturned };
      if (!overturned) left[side] -= 1;
    }
  }
}

/**
 * The challenge of the pitch that ended a plate appearance (called strike three, ball four): the
 * feed puts it on the play, not on the pitch event.
 */
export function endingAbs(play: Play): PitchAbs | undefined {
  if (play.eventType !== 'strikeout' && play.eventType !== 'walk') return undefined;
  for (let i = play.events.length - 1; i >= 0; i--) {
    const ev = at(play.events, i);
    if (ev.kind === 'pitch') return ev.abs;
    if (ev.kind === 'no_pitch') return undefined;
  }
  return undefined;
}
