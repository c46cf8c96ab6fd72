import { asArray, asObject, type JsonObject, toBool, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { RejectRow } from '../db/schema/rows.js';
import type { Extracted } from './types.js';

/**
 * Reviews and challenges of a game: manager challenges and umpire reviews of plays, and (since
 * 2026) ABS challenges of a called ball or strike by the batter, the pitcher or the catcher.
 *
 * The row shapes are plain here: they become the drizzle-inferred types of `mlb.reviews` and
 * `mlb.abs_challenges` when those tables exist.
 */

/** The review type of an ABS challenge in the `reviewReasons` list. */
export const ABS_REVIEW_TYPE = 'MJ';

/** One review: a play's or a play event's `reviewDetails`, or one of its `additionalReviews`. */
export interface ReviewRow {
  game_pk: number;
  at_bat_index: number;
  /** The play event that carries the review; null for a review of the play itself. */
  play_event_index: number | null;
  /** 0 for the review, 1… for its `additionalReviews` in order. */
  review_index: number;
  /** A code of the `reviewReasons` list (`MJ` ABS challenge, `MA` tag play, `NH` home run…). */
  review_type: string;
  is_overturned: boolean | null;
  in_progress: boolean | null;
  /** Null for an umpire's own review. */
  challenge_team_id: number | null;
  /** The challenger (ABS challenges name one). */
  player_id: number | null;
  /**
   * The call of the challenged pitch before and after an ABS challenge (`B`, `C`). The feed writes
   * the final call on the pitch, so the one on the field is its opposite when the challenge
   * overturned it. Null for reviews that are not of a ball/strike call.
   */
  pitch_call_before: string | null;
  pitch_call_after: string | null;
}

/** One side's ABS challenge counts of a game (`gameData.absChallenges`). */
export interface AbsChallengeRow {
  game_pk: number;
  side: 'away' | 'home';
  team_id: number | null;
  used_successful: number;
  used_failed: number;
  remaining: number | null;
}

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
