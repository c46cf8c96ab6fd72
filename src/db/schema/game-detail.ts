import { integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

/** Boxscore `stats.fielding` per player per team per game. */
export const fieldingLines = mlb.table(
  'fielding_lines',
  {
    gamePk: integer('game_pk').notNull(),
    teamId: integer('team_id').notNull(),
    personId: integer('person_id').notNull(),
    /** Position abbreviation of the player's boxscore `position`. */
    position: text('position'),
    putouts: integer('putouts'),
    assists: integer('assists'),
    errors: integer('errors'),
    chances: integer('chances'),
    passedBalls: integer('passed_balls'),
    stolenBases: integer('stolen_bases'),
    caughtStealing: integer('caught_stealing'),
    pickoffs: integer('pickoffs'),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.teamId, t.personId] })],
);

/** The umpires of a game from the boxscore `officials` list. */
export const gameOfficials = mlb.table(
  'game_officials',
  {
    gamePk: integer('game_pk').notNull(),
    /** 'Home Plate', 'First Base', 'Second Base', 'Third Base', 'Left Field', 'Right Field'. */
    officialType: text('official_type').notNull(),
    personId: integer('person_id'),
    fullName: text('full_name'),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.officialType] })],
);

/** Runs, hits, errors and left on base per inning, derived from the play-by-play. */
export const linescoreInnings = mlb.table(
  'linescore_innings',
  {
    gamePk: integer('game_pk').notNull(),
    inning: integer('inning').notNull(),
    awayRuns: integer('away_runs'),
    awayHits: integer('away_hits'),
    awayErrors: integer('away_errors'),
    awayLeftOnBase: integer('away_left_on_base'),
    homeRuns: integer('home_runs'),
    homeHits: integer('home_hits'),
    homeErrors: integer('home_errors'),
    homeLeftOnBase: integer('home_left_on_base'),
    runId: gameRowRunId(),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.inning] })],
);
