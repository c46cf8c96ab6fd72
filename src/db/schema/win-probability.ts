import { doublePrecision, index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

/**
 * Win probability around each play of a game, from /v1/game/{pk}/winProbability (opted into with
 * DUGOUT_GAME_EXTRAS=winProbability; one request per game). Percent, as the API gives them.
 */
export const playWinProbability = mlb.table(
  'play_win_probability',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    inning: integer('inning'),
    halfInning: text('half_inning'),
    batterId: integer('batter_id'),
    pitcherId: integer('pitcher_id'),
    /** Home win probability before the play (after − added), percent. */
    homeWinProbabilityBefore: doublePrecision('home_win_probability_before'),
    /** Home win probability after the play (`homeTeamWinProbability`), percent. */
    homeWinProbability: doublePrecision('home_win_probability'),
    awayWinProbability: doublePrecision('away_win_probability'),
    /** `homeTeamWinProbabilityAdded`: after − before, percentage points, from the home side. */
    homeWinProbabilityAdded: doublePrecision('home_win_probability_added'),
    /** Leverage of the situation the play began in (1 = average); absent on some plays. */
    leverageIndex: doublePrecision('leverage_index'),
    runId: gameRowRunId(),
  },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.atBatIndex] }),
    index('play_win_probability_batter_idx').on(t.batterId),
    index('play_win_probability_pitcher_idx').on(t.pitcherId),
    // What win probability added credits, after the game: a season's WPA reads it index-only, game by game.
    index('play_win_probability_game_credit_idx').on(
      t.gamePk,
      t.halfInning,
      t.batterId,
      t.pitcherId,
      t.homeWinProbabilityAdded,
      t.leverageIndex,
    ),
  ],
);
