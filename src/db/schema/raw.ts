import { bigint, boolean, index, integer, json, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { raw } from './schemas.js';

const tz = { withTimezone: true } as const;

/** Columns every raw body table carries. */
const bodyColumns = () => ({
  /** The body exactly as received (`json` keeps the text; the server only validates it). */
  body: json('body').notNull(),
  /** SHA-256 hex of the body without `copyright` (and, for boxscores, without `seasonStats`). */
  bodySha256: text('body_sha256').notNull(),
  fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
});

/** One boxscore body per game (from /boxscore, or from feed/live's liveData.boxscore). */
export const rawBoxscores = raw.table('boxscores', {
  gamePk: integer('game_pk').primaryKey(),
  ...bodyColumns(),
  /** `boxscore` or `feed`: which request the body came from. */
  source: text('source').notNull().default('boxscore'),
  /** The feed's `gameData.absChallenges` as received (source `feed`), so a rebuild needs no request. */
  absChallenges: json('abs_challenges'),
});

/** One playByPlay body per game (from /playByPlay, or from feed/live's liveData.plays). */
export const rawPlayByPlay = raw.table('play_by_play', {
  gamePk: integer('game_pk').primaryKey(),
  ...bodyColumns(),
  source: text('source').notNull().default('boxscore'),
  /** feed/live `metaData.timeStamp` when the body came from the feed. */
  feedTimestamp: text('feed_timestamp'),
});

/** One /v1/game/{pk}/winProbability body per game (DUGOUT_GAME_EXTRAS=winProbability). */
export const rawWinProbability = raw.table('win_probability', {
  gamePk: integer('game_pk').primaryKey(),
  ...bodyColumns(),
});

/** One person object from /v1/people. */
export const rawPeople = raw.table('people', {
  personId: integer('person_id').primaryKey(),
  ...bodyColumns(),
});

/** Any other operation's body: schedule pages, reference lists, teams, rosters… */
export const rawResponses = raw.table(
  'responses',
  {
    operation: text('operation').notNull(),
    /** Canonical query string of the request (sorted keys). */
    paramsKey: text('params_key').notNull(),
    ...bodyColumns(),
  },
  (t) => [primaryKey({ columns: [t.operation, t.paramsKey] }), index('responses_fetched_at_idx').on(t.fetchedAt)],
);

/**
 * The current feed/live body of each game the live loop follows: one row per game, replaced at
 * every change, deleted when the game's final load stores it.
 */
export const rawLiveFeeds = raw.table('live_feeds', {
  gamePk: integer('game_pk').primaryKey(),
  /** The whole feed as of `feed_timecode` (the full feed, or the stored one with the patches applied). */
  body: json('body').notNull(),
  /** `metaData.timeStamp` of the feed (`YYYYMMDD_HHMMSS`, UTC): the next diffPatch's startTimecode. */
  feedTimecode: text('feed_timecode').notNull(),
  /** The last diffPatch answer failed (an error, a gap, a patch that did not apply): the next fetch is a full feed. */
  fullFeedDue: boolean('full_feed_due').notNull().default(false),
  /** When this version was stored. */
  storedAt: timestamp('stored_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
  /**
   * The pass's clock when the game's last full feed was stored: a patched feed is checked against a
   * full feed once this is LIVE_FULL_CHECK_SECONDS old. Null until a full feed is stored (then due).
   */
  fullFeedAt: timestamp('full_feed_at', tz),
});
