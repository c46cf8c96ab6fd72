import { boolean, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** One row per entry of a play's `runners[]`, in the feed's order. */
export const runners = mlb.table(
  'runners',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    runnerIndex: integer('runner_index').notNull(),
    runnerId: integer('runner_id'),
    /** `details.playIndex`: the playEvents[] entry during which the runner moved. */
    playEventIndex: integer('play_event_index'),
    /** '1B', '2B', '3B', 'score' or null (the batter / out). */
    originBase: text('origin_base'),
    startBase: text('start_base'),
    endBase: text('end_base'),
    outBase: text('out_base'),
    isOut: boolean('is_out'),
    outNumber: integer('out_number'),
    event: text('event'),
    eventType: text('event_type'),
    movementReason: text('movement_reason'),
    isScoringEvent: boolean('is_scoring_event'),
    rbi: boolean('rbi'),
    earned: boolean('earned'),
    teamUnearned: boolean('team_unearned'),
    responsiblePitcherId: integer('responsible_pitcher_id'),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.atBatIndex, t.runnerIndex] }), index('runners_runner_idx').on(t.runnerId)],
);

/** One row per fielder credit on a runner movement (`runners[].credits[]`). */
export const fieldingCredits = mlb.table(
  'fielding_credits',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    runnerIndex: integer('runner_index').notNull(),
    creditIndex: integer('credit_index').notNull(),
    personId: integer('person_id'),
    positionCode: text('position_code'),
    /** 'f_putout', 'f_assist', 'f_fielded_ball', 'f_error'… */
    credit: text('credit'),
    runId: gameRowRunId(),
  },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.atBatIndex, t.runnerIndex, t.creditIndex] }),
    index('fielding_credits_person_idx').on(t.personId),
  ],
);

/** Every non-pitch `playEvents[]` entry: substitutions, stolen bases, pickoffs, mound visits… */
export const playActions = mlb.table(
  'play_actions',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    playEventIndex: integer('play_event_index').notNull(),
    /** 'action', 'pickoff', 'stepoff', 'no_pitch'. */
    type: text('type'),
    event: text('event'),
    eventType: text('event_type'),
    description: text('description'),
    playerId: integer('player_id'),
    positionCode: text('position_code'),
    isSubstitution: boolean('is_substitution'),
    balls: integer('balls'),
    strikes: integer('strikes'),
    outs: integer('outs'),
    awayScore: integer('away_score'),
    homeScore: integer('home_score'),
    startTime: timestamp('start_time', tz),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.atBatIndex, t.playEventIndex] })],
);
