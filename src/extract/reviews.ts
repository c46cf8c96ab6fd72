import { asArray, asObject, type JsonObject, toBool, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { AbsChallengeRow, RejectRow, ReviewRow } from '../db/schema/rows.js';
import type { Extracted } from './types.js';

/**
 * Reviews and challenges of a game: manager challenges and umpire reviews of plays, and (since
 * 2026) ABS challenges of a called ball or strike by the batter, the pitcher or the catcher.
 * Rows of `mlb.reviews` and `mlb.abs_challenges`.
 */

/** The review type of an ABS challenge in the `reviewReasons` list. */
export const ABS_REVIEW_TYPE = 'MJ';

/** The call on the field of an overturned ball/strike call, from the final one. */
const OPPOSITE_CALL: Record<string, string> = { C: 'B', B: 'C', '*B': 'C' };

/**
 * Every review of a game's plays: `body` is a /playByPlay body or feed/live's `liveData.plays`
 * (`{allPlays}`). A play's own review and each play event's come with their `additionalReviews`.
 * A review without a type, or a play without an integer atBatIndex, is rejected (target `reviews`).
 */
export function extractReviews(gamePk: number, body: unknown): Extracted<ReviewRow[]> {
  const out: Extracted<ReviewRow[]> = { rows: [], rejects: [] };
  const allPlays = asArray(asObject(body)?.allPlays) ?? [];
  for (let i = 0; i < allPlays.length; i++) {
    const play = asObject(allPlays[i]);
    if (!play) continue;
    const events = asArray(play.playEvents) ?? [];
    const hasReview = play.reviewDetails !== undefined || events.some((e) => asObject(e)?.reviewDetails !== undefined);
    if (!hasReview) continue;
    const atBatIndex = toInt(play.atBatIndex ?? asObject(play.about)?.atBatIndex);
    if (atBatIndex === null) {
      out.rejects.push(reject(gamePk, 'reviews', `allPlays[${i}]`, 'a reviewed play has no integer atBatIndex', play));
      continue;
    }
    const at = { gamePk, atBatIndex, rejects: out.rejects };
    if (play.reviewDetails !== undefined) {
      const pitch = lastPitch(events);
      pushReviews(out.rows, at, null, play.reviewDetails, pitch, `allPlays[${i}].reviewDetails`);
    }
    for (let j = 0; j < events.length; j++) {
      const ev = asObject(events[j]);
      if (ev?.reviewDetails === undefined) continue;
      const index = toInt(ev.index) ?? j;
      const pitch = ev.isPitch === true ? ev : null;
      pushReviews(out.rows, at, index, ev.reviewDetails, pitch, `allPlays[${i}].playEvents[${j}].reviewDetails`);
    }
  }
  return out;
}

interface At {
  gamePk: number;
  atBatIndex: number;
  rejects: RejectRow[];
}

function pushReviews(
  rows: ReviewRow[],
  at: At,
  eventIndex: number | null,
  details: unknown,
  pitch: JsonObject | null,
  path: string,
): void {
  const review = asObject(details);
  const more = asArray(review?.additionalReviews) ?? [];
  const all = [review, ...more.map(asObject)];
  for (let k = 0; k < all.length; k++) {
    const r = all[k];
    const where = k === 0 ? path : `${path}.additionalReviews[${k - 1}]`;
    const type = r ? toText(r.reviewType) : null;
    if (!r || type === null) {
      at.rejects.push(
        reject(at.gamePk, 'reviews', where, 'a review without a reviewType', k === 0 ? details : more[k - 1]),
      );
      continue;
    }
    const overturned = toBool(r.isOverturned);
    const after = type === ABS_REVIEW_TYPE && pitch ? toText(asObject(asObject(pitch.details)?.call)?.code) : null;
    rows.push({
      game_pk: at.gamePk,
      at_bat_index: at.atBatIndex,
      play_event_index: eventIndex,
      review_index: k,
      review_type: type,
      // Set from the reviewReasons list as the row is written (the list is the database's).
      review_description: null,
      is_overturned: overturned,
      in_progress: toBool(r.inProgress),
      challenge_team_id: toInt(r.challengeTeamId),
      player_id: toInt(asObject(r.player)?.id),
      pitch_call_before:
        after === null || overturned === null ? null : overturned ? (OPPOSITE_CALL[after] ?? null) : after,
      pitch_call_after: after,
    });
  }
}

/** The last pitch of a play: the one a review of the play's ending call is about. */
function lastPitch(events: unknown[]): JsonObject | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = asObject(events[i]);
    if (ev?.isPitch === true) return ev;
  }
  return null;
}

/**
 * The per-side ABS challenge counts of a feed's `gameData` (`absChallenges`, with the team ids of
 * `teams`); [] when the game has none (before 2026, or a body without the block). A side whose
 * counts are not integers is rejected (target `abs_challenges`).
 */
export function extractAbsChallenges(gamePk: number, gameData: unknown): Extracted<AbsChallengeRow[]> {
  const out: Extracted<AbsChallengeRow[]> = { rows: [], rejects: [] };
  const data = asObject(gameData);
  const block = asObject(data?.absChallenges);
  if (!block) return out;
  for (const side of ['away', 'home'] as const) {
    const counts = asObject(block[side]);
    if (!counts) continue;
    const usedSuccessful = toInt(counts.usedSuccessful);
    const usedFailed = toInt(counts.usedFailed);
    if (usedSuccessful === null || usedFailed === null) {
      out.rejects.push(
        reject(
          gamePk,
          'abs_challenges',
          `absChallenges.${side}`,
          'usedSuccessful or usedFailed is not an integer',
          counts,
        ),
      );
      continue;
    }
    out.rows.push({
      game_pk: gamePk,
      side,
      team_id: toInt(asObject(asObject(data?.teams)?.[side])?.id),
      used_successful: usedSuccessful,
      used_failed: usedFailed,
      remaining: toInt(counts.remaining),
    });
  }
  return out;
}

/**
 * The per-side ABS challenge counts of a game whose feed was not fetched: the used counts of each
 * team's ABS reviews (`remaining` is not in the boxscore or play-by-play: null). [] when the game
 * has no ABS review, as a feed's block is absent before the rule.
 */
export function absChallengesFromReviews(
  gamePk: number,
  reviews: readonly ReviewRow[],
  teamIds: { away: number | null; home: number | null },
): AbsChallengeRow[] {
  const abs = reviews.filter((r) => r.review_type === ABS_REVIEW_TYPE);
  if (abs.length === 0) return [];
  return (['away', 'home'] as const).map((side) => {
    const teamId = teamIds[side];
    const mine = abs.filter((r) => teamId !== null && r.challenge_team_id === teamId);
    return {
      game_pk: gamePk,
      side,
      team_id: teamId,
      used_successful: mine.filter((r) => r.is_overturned === true).length,
      used_failed: mine.filter((r) => r.is_overturned !== true).length,
      remaining: null,
    };
  });
}
