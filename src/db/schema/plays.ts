import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** The columns of `mlb.plays` (its history table repeats them). */
export const playColumns = () => ({
  gamePk: integer('game_pk').notNull(),
  atBatIndex: integer('at_bat_index').notNull(),
  inning: integer('inning').notNull(),
  /** `top` or `bottom`. */
  halfInning: text('half_inning').notNull(),
  batterId: integer('batter_id'),
  pitcherId: integer('pitcher_id'),
  batSide: text('bat_side'),
  pitchHand: text('pitch_hand'),
  event: text('event'),
  eventType: text('event_type'),
  description: text('description'),
  rbi: integer('rbi'),
  /** Score after the play. */
  awayScore: integer('away_score'),
  homeScore: integer('home_score'),
  isOut: boolean('is_out'),
  isScoringPlay: boolean('is_scoring_play'),
  hasReview: boolean('has_review'),
  isComplete: boolean('is_complete'),
  /** Count at the end of the plate appearance. */
  balls: integer('balls'),
  strikes: integer('strikes'),
  outs: integer('outs'),
  /** Runs that scored on this play (from `runners[]`). */
  runsScored: integer('runs_scored'),
  pitchCount: integer('pitch_count'),
  startTime: timestamp('start_time', tz),
  endTime: timestamp('end_time', tz),
  /** Base-out state and score when the play began (replayed from the previous plays' runners). */
  outsBefore: integer('outs_before'),
  on1bBefore: integer('on_1b_before'),
  on2bBefore: integer('on_2b_before'),
  on3bBefore: integer('on_3b_before'),
  awayScoreBefore: integer('away_score_before'),
  homeScoreBefore: integer('home_score_before'),
  /** The batter completed a plate appearance (false: a runner made the inning's last out first). */
  isPlateAppearance: boolean('is_plate_appearance'),
  runId: bigint('run_id', { mode: 'number' }),
});

/**
 * One row per plate appearance (`allPlays[]`), keyed by `about.atBatIndex`. Its `run_id` is the
 * writing run's by default ({@link gameRowRunId}); the history table keeps each version's as recorded.
 */
export const plays = mlb.table('plays', { ...playColumns(), runId: gameRowRunId() }, (t) => [
  primaryKey({ columns: [t.gamePk, t.atBatIndex] }),
  index('plays_batter_idx').on(t.batterId),
  index('plays_pitcher_idx').on(t.pitcherId),
  // A game's plate appearances with their batter, pitcher, result and base-out state: situational
  // splits of a season (with runners in scoring position, …) read them index-only, game by game.
  index('plays_plate_appearances_idx')
    .on(t.gamePk, t.batterId, t.pitcherId, t.eventType, t.rbi, t.outsBefore, t.on1bBefore, t.on2bBefore, t.on3bBefore)
    .where(sql`${t.isPlateAppearance}`),
]);
