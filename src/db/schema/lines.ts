import { bigint, boolean, index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

// Why the line tables carry their game's season and type (set by triggers from mlb.games, never by
// extraction: a boxscore does not say its season): a season's totals are then one range of an index.
// Reached through mlb.games instead, the planner must choose between probing each game of the season
// and scanning every season stored, and with nine pitching lines a game the two cost about the same
// at ten seasons: it took the scan often enough that a season's cost grew with the history stored.

/** The columns of a boxscore line the database copies from mlb.games; extraction never writes them. */
export const LINE_GAME_COLUMNS = ['season', 'game_type'] as const;

/** The columns of `mlb.batting_lines` (its history table repeats them). */
export const battingLineColumns = () => ({
  gamePk: integer('game_pk').notNull(),
  teamId: integer('team_id').notNull(),
  personId: integer('person_id').notNull(),
  /** The game's season and type, copied from mlb.games by the database (see the note at the top). */
  season: integer('season'),
  gameType: text('game_type'),
  /** `home` or `away`. */
  side: text('side').notNull(),
  /** Boxscore battingOrder: 100 = leadoff starter, 101 = first substitute in that slot… */
  battingOrder: integer('batting_order'),
  /** Position abbreviation (e.g. `SS`, `DH`, `PH`). */
  position: text('position'),
  allPositions: text('all_positions'),
  isSubstitute: boolean('is_substitute'),
  gamesPlayed: integer('games_played'),
  plateAppearances: integer('plate_appearances'),
  atBats: integer('at_bats'),
  runs: integer('runs'),
  hits: integer('hits'),
  doubles: integer('doubles'),
  triples: integer('triples'),
  homeRuns: integer('home_runs'),
  rbi: integer('rbi'),
  baseOnBalls: integer('base_on_balls'),
  intentionalWalks: integer('intentional_walks'),
  strikeOuts: integer('strike_outs'),
  hitByPitch: integer('hit_by_pitch'),
  stolenBases: integer('stolen_bases'),
  caughtStealing: integer('caught_stealing'),
  sacBunts: integer('sac_bunts'),
  sacFlies: integer('sac_flies'),
  groundIntoDoublePlay: integer('ground_into_double_play'),
  leftOnBase: integer('left_on_base'),
  totalBases: integer('total_bases'),
  runId: bigint('run_id', { mode: 'number' }),
});

/**
 * Boxscore batting line, keyed (game, team, person): in a suspended game one player can appear
 * for both teams. The team comes from the enclosing home/away object, not `parentTeamId`.
 */
export const battingLines = mlb.table(
  'batting_lines',
  { ...battingLineColumns(), runId: gameRowRunId() },
  // The season totals' columns after the season: a season's lines are one range of this index, read
  // index-only, so a season's totals cost that season's lines and not every season stored.
  (t) => [
    primaryKey({ columns: [t.gamePk, t.teamId, t.personId] }),
    index('batting_lines_season_totals_idx').on(
      t.season,
      t.gameType,
      t.gamePk,
      t.teamId,
      t.personId,
      t.plateAppearances,
      t.atBats,
      t.runs,
      t.hits,
      t.doubles,
      t.triples,
      t.homeRuns,
      t.rbi,
      t.baseOnBalls,
      t.hitByPitch,
      t.sacFlies,
      t.strikeOuts,
      t.stolenBases,
      t.totalBases,
    ),
  ],
);

/** The columns of `mlb.pitching_lines` (its history table repeats them). */
export const pitchingLineColumns = () => ({
  gamePk: integer('game_pk').notNull(),
  teamId: integer('team_id').notNull(),
  personId: integer('person_id').notNull(),
  /** The game's season and type, copied from mlb.games by the database (see the note at the top). */
  season: integer('season'),
  gameType: text('game_type'),
  side: text('side').notNull(),
  /** 1-based order of appearance from the boxscore `pitchers` list. */
  pitchingOrder: integer('pitching_order'),
  isStarter: boolean('is_starter'),
  outs: integer('outs'),
  inningsPitched: text('innings_pitched'),
  battersFaced: integer('batters_faced'),
  hits: integer('hits'),
  runs: integer('runs'),
  earnedRuns: integer('earned_runs'),
  baseOnBalls: integer('base_on_balls'),
  intentionalWalks: integer('intentional_walks'),
  strikeOuts: integer('strike_outs'),
  homeRuns: integer('home_runs'),
  hitByPitch: integer('hit_by_pitch'),
  /** numberOfPitches (absent upstream when 0 pitches were thrown → 0 if the pitcher has a line). */
  pitches: integer('pitches'),
  strikes: integer('strikes'),
  balls: integer('balls'),
  wildPitches: integer('wild_pitches'),
  balks: integer('balks'),
  inheritedRunners: integer('inherited_runners'),
  inheritedRunnersScored: integer('inherited_runners_scored'),
  /** `W`, `L`, `S` or null. */
  decision: text('decision'),
  holds: integer('holds'),
  blownSaves: integer('blown_saves'),
  runId: bigint('run_id', { mode: 'number' }),
});

/** Boxscore pitching line, keyed (game, team, person). `outs` comes from inningsPitched ("6.1" → 19). */
export const pitchingLines = mlb.table(
  'pitching_lines',
  { ...pitchingLineColumns(), runId: gameRowRunId() },
  // As for batting lines: a season's pitching totals are one range of this index, read index-only.
  (t) => [
    primaryKey({ columns: [t.gamePk, t.teamId, t.personId] }),
    index('pitching_lines_season_totals_idx').on(
      t.season,
      t.gameType,
      t.gamePk,
      t.teamId,
      t.personId,
      t.isStarter,
      t.decision,
      t.outs,
      t.hits,
      t.runs,
      t.earnedRuns,
      t.baseOnBalls,
      t.strikeOuts,
      t.homeRuns,
      t.pitches,
    ),
  ],
);
