import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { ingest, mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Every review of a game: a manager's challenge or an umpire's review of a play, an ABS challenge
 * of a called ball or strike (since 2026), and the further reviews of one play (`additionalReviews`).
 * Derived from the play-by-play (`reviewDetails` of a play or of one of its play events).
 */
export const reviews = mlb.table(
  'reviews',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    /** The play event carrying the review; null for the play's own review. */
    playEventIndex: integer('play_event_index'),
    /** 0 for the review, 1… for its additionalReviews. */
    reviewIndex: integer('review_index').notNull(),
    /** A code of the reviewReasons list (`MJ` is an ABS challenge). */
    reviewType: text('review_type').notNull(),
    /** The code's description in mlb.reference_codes (reviewReasons), set as the row is written. */
    reviewDescription: text('review_description'),
    isOverturned: boolean('is_overturned'),
    inProgress: boolean('in_progress'),
    challengeTeamId: integer('challenge_team_id'),
    /** The challenger, where the feed names one (ABS challenges). */
    playerId: integer('player_id'),
    pitchCallBefore: text('pitch_call_before'),
    pitchCallAfter: text('pitch_call_after'),
    runId: gameRowRunId(),
  },
  (t) => [unique('reviews_key').on(t.gamePk, t.atBatIndex, t.playEventIndex, t.reviewIndex).nullsNotDistinct()],
);

/** A game's ABS challenge counts per side: from `gameData.absChallenges`, else derived from its reviews. */
export const absChallenges = mlb.table(
  'abs_challenges',
  {
    gamePk: integer('game_pk').notNull(),
    /** `away` or `home`. */
    side: text('side').notNull(),
    teamId: integer('team_id'),
    usedSuccessful: integer('used_successful').notNull(),
    usedFailed: integer('used_failed').notNull(),
    /** Only the feed says it; null when the counts were derived from the reviews. */
    remaining: integer('remaining'),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.side] })],
);

/** Key paths seen in loaded bodies that the known set of their kind lacks: the API's new fields. */
export const newFields = ingest.table(
  'new_fields',
  {
    /** `feed`, `boxscore`, `playByPlay`, `person`, `schedule`, `changes`, `teams`, or the snapshot's kind. */
    bodyKind: text('body_kind').notNull(),
    /** The path in full, of any length (a body's keys are the API's to choose). */
    path: text('path').notNull(),
    /** md5 of the path: the key, so that a path longer than a btree entry can hold is still recorded. */
    pathKey: text('path_key').notNull().generatedAlwaysAs(sql`md5(path)`),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    /** The game (its game_pk) or request (operation?params) it first came in. */
    firstKey: text('first_key').notNull(),
    /** How many loaded bodies carried it. */
    seen: bigint('seen', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bodyKind, t.pathKey] })],
);
