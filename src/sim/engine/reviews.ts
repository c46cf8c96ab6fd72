/**
 * Manager challenges and umpire reviews beyond the ones the game draws while it is played (a home
 * run reviewed, a tag play challenged): the reason fits the play (a force play, a hit by pitch), and
 * now and then the other manager challenges the same play again (`additionalReviews` in the feed).
 *
 * Like ABS challenges they are decided after the game from a generator of their own and only say
 * how the call on the field was reached, so the game, its counts and its outcome are unchanged.
 */

import { createRng, hashSeed } from '../prng.js';
import type { Play, PlayReview } from '../types.js';

/** Share of hit-by-pitch plays the fielding side challenges (was the batter hit?). */
const HBP_CHALLENGE_RATE = 0.06;
/** Share of hit-by-pitch challenges that overturn the call. */
const HBP_OVERTURN_RATE = 0.45;
/** Share of manager challenges the other manager answers with a challenge of the same play. */
const SECOND_CHALLENGE_RATE = 0.12;
/** Share of manager challenges that overturn the call (about half in recent seasons). */
const OVERTURN_RATE = 0.45;

/** Reasons of the `reviewReasons` list the simulator uses, by the play they fit. */
const FORCE_PLAY = 'MC';
const TAG_PLAY = 'MA';
const HIT_BY_PITCH = 'MI';

/** Manager challenges a club starts a game with: one, two in the postseason (a successful one is kept). */
export function managerChallenges(gameType: string): number {
  return gameType === 'R' || gameType === 'S' || gameType === 'E' ? 1 : 2;
}

/**
 * Adds reasons, outcomes and second challenges to the reviews of a finished game's plays. A club
 * that has no challenge left makes none: its review is dropped, as is every manager challenge of a
 * season before they existed (`challenges` false).
 */
export function assignReviews(
  plays: Play[],
  seed: number,
  gamePk: number,
  teams: { away: number; home: number },
  gameType: string,
  challenges = true,
): void {
  const rng = createRng(hashSeed(seed, gamePk, 0x4e7));
  const left = new Map([
    [teams.away, managerChallenges(gameType)],
    [teams.home, managerChallenges(gameType)],
  ]);
  /** Spends a challenge of the club when it has one; a failed one is lost. */
  const spend = (review: PlayReview): boolean => {
    const n = left.get(review.challengeTeamId!) ?? 0;
    if (n === 0) return false;
    if (!review.overturned) left.set(review.challengeTeamId!, n - 1);
    return true;
  };
  for (const play of plays) {
    const fielding = play.top ? teams.home : teams.away;
    const batting = play.top ? teams.away : teams.home;
    if (!play.review && play.eventType === 'hit_by_pitch' && rng.chance(HBP_CHALLENGE_RATE))
      play.review = { type: HIT_BY_PITCH, overturned: rng.chance(HBP_OVERTURN_RATE), challengeTeamId: fielding };
    const review = play.review;
    if (!review?.challengeTeamId) continue;
    // Before manager challenges existed the call on the field stood (umpire reviews of home runs stay).
    if (!challenges) {
      delete play.review;
      continue;
    }
    if (review.type === TAG_PLAY && play.eventType === 'force_out') review.type = FORCE_PLAY;
    if (review.type !== HIT_BY_PITCH) review.overturned = rng.chance(OVERTURN_RATE);
    const second = (review.type === FORCE_PLAY || review.type === TAG_PLAY) && rng.chance(SECOND_CHALLENGE_RATE);
    const secondOverturned = rng.chance(OVERTURN_RATE);
    if (!spend(review)) {
      delete play.review;
      continue;
    }
    if (second) {
      const other = review.challengeTeamId === fielding ? batting : fielding;
      const again: PlayReview = { type: review.type, overturned: secondOverturned, challengeTeamId: other };
      if (spend(again)) review.additional = [again];
    }
  }
}
