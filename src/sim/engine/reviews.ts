/**
 * Manager challenges and umpire reviews beyond the ones the game draws while it is played (a home
 * run reviewed, a tag play challenged): the reason fits the play (a force play, a hit by pitch), and
 * now and then the other manager challenges the same play again (`additionalReviews` in the feed).
 *
 * Like ABS challenges they are decided after the game from a generator of their own and only say
 * how the call on the field was reached, so the game, its counts and its outcome are unchanged.
 */

import { createRng, hashSeed } from '../prng.js';
import type { Play } from '../types.js';

/** Share of hit-by-pitch plays the fielding side challenges (was the batter hit?). */
const HBP_CHALLENGE_RATE = 0.06;
/** Share of hit-by-pitch challenges that overturn the call. */
const HBP_OVERTURN_RATE = 0.45;
/** Share of manager challenges the other manager answers with a challenge of the same play. */
const SECOND_CHALLENGE_RATE = 0.12;
/** Share of manager challenges that overturn the call (about half in recent seasons). */
const OVERTURN_RATE = 0.45;

/** Reasons of the `reviewReasons` list the simulator uses, by the play they fit. */
const FORCE_PLAY = 'MF';
const TAG_PLAY = 'MA';
const HIT_BY_PITCH = 'MI';

/** Adds reasons, outcomes and second challenges to the reviews of a finished game's plays. */
export function assignReviews(
  plays: readonly Play[],
  seed: number,
  gamePk: number,
  teams: { away: number; home: number },
): void {
  const rng = createRng(hashSeed(seed, gamePk, 0x4e7));
  for (const play of plays) {
    const fielding = play.top ? teams.home : teams.away;
    const batting = play.top ? teams.away : teams.home;
    if (!play.review && play.eventType === 'hit_by_pitch' && rng.chance(HBP_CHALLENGE_RATE))
      play.review = { type: HIT_BY_PITCH, overturned: rng.chance(HBP_OVERTURN_RATE), challengeTeamId: fielding };
    const review = play.review;
    if (!review?.challengeTeamId) continue;
    if (review.type === TAG_PLAY && play.eventType === 'force_out') review.type = FORCE_PLAY;
    if (review.type !== HIT_BY_PITCH) review.overturned = rng.chance(OVERTURN_RATE);
    if (review.type === FORCE_PLAY || review.type === TAG_PLAY) {
      if (rng.chance(SECOND_CHALLENGE_RATE)) {
        const other = review.challengeTeamId === fielding ? batting : fielding;
        review.additional = [{ type: review.type, overturned: rng.chance(OVERTURN_RATE), challengeTeamId: other }];
      }
    }
  }
}
