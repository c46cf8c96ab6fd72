import { index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { battingLineColumns, pitchingLineColumns } from './lines.js';
import { playColumns } from './plays.js';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * The usual type-2 layout: every version of a row its table ever held from a game's final bodies,
 * with the time it became what the warehouse said (`valid_from`, the fetch of the revision that
 * made it) and the time a later revision changed or removed it (`valid_to`, null while current).
 * As of time T: `valid_from <= T and (valid_to is null or valid_to > T)`.
 */
const validity = () => ({
  validFrom: timestamp('valid_from', tz).notNull(),
  validTo: timestamp('valid_to', tz),
});

/**
 * Every version of each `mlb.plays` row (game, at-bat). Reached by game only (its key): an index led
 * by `valid_from` made the planner answer a game's latest version by walking it backwards past every
 * other game's rows, and its open versions through every open row, at each load
 * (`mlb.record_game_history`), so a load cost grew with the table.
 */
export const playsHistory = mlb.table('plays_history', { ...playColumns(), ...validity() }, (t) => [
  primaryKey({ columns: [t.gamePk, t.atBatIndex, t.validFrom] }),
]);

/** Every version of each `mlb.batting_lines` row (game, team, person). */
export const battingLinesHistory = mlb.table(
  'batting_lines_history',
  { ...battingLineColumns(), ...validity() },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.teamId, t.personId, t.validFrom] }),
    index('batting_lines_history_season_idx').on(t.season, t.validFrom),
  ],
);

/** Every version of each `mlb.pitching_lines` row (game, team, person). */
export const pitchingLinesHistory = mlb.table(
  'pitching_lines_history',
  { ...pitchingLineColumns(), ...validity() },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.teamId, t.personId, t.validFrom] }),
    index('pitching_lines_history_season_idx').on(t.season, t.validFrom),
  ],
);

/**
 * One row per fact a later revision of a game body changed (src/extract/scoring-changes.ts): the
 * game, the body kind and the two revisions, the fact (`play.event_type`, `play.fielder_credits`,
 * `runner.earned`, `batting.hits`, `pitching.decision`…), where (play, player, club), the value
 * before and after, and when each revision was fetched.
 */
export const scoringChanges = mlb.table(
  'scoring_changes',
  {
    gamePk: integer('game_pk').notNull(),
    kind: text('kind').notNull(),
    beforeRevision: integer('before_revision').notNull(),
    afterRevision: integer('after_revision').notNull(),
    fact: text('fact').notNull(),
    atBatIndex: integer('at_bat_index'),
    personId: integer('person_id'),
    teamId: integer('team_id'),
    before: text('before'),
    after: text('after'),
    beforeFetchedAt: timestamp('before_fetched_at', tz).notNull(),
    afterFetchedAt: timestamp('after_fetched_at', tz).notNull(),
  },
  (t) => [
    index('scoring_changes_game_idx').on(t.gamePk, t.kind, t.afterRevision),
    index('scoring_changes_after_fetched_at_idx').on(t.afterFetchedAt),
  ],
);
