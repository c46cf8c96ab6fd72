import { bigserial, date, index, integer, numeric, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { analytics } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Standings through every regular-season date, precomputed per season so a dashboard reads rows
 * instead of re-deriving a season of results on each refresh. `analytics.standings` is a view over it;
 * seasons are recomputed by `analytics.refresh_stale_seasons()` after each run that changed them.
 */
export const standingsDaily = analytics.table(
  'standings_daily',
  {
    season: integer('season').notNull(),
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    teamId: integer('team_id').notNull(),
    teamName: text('team_name'),
    teamAbbreviation: text('team_abbreviation'),
    leagueId: integer('league_id'),
    leagueName: text('league_name'),
    divisionId: integer('division_id'),
    divisionName: text('division_name'),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    pct: numeric('pct', { precision: 4, scale: 3 }),
    gamesBack: numeric('games_back', { precision: 5, scale: 1 }),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.asOfDate, t.teamId] }),
    index('standings_daily_as_of_date_idx').on(t.asOfDate),
  ],
);

/** Run expectancy (RE24) per season and base-out state, recomputed with the standings. */
export const runExpectancy = analytics.table(
  'run_expectancy',
  {
    season: integer('season').notNull(),
    outsBefore: integer('outs_before').notNull(),
    /** '1' '2' '3' or '_' per base: '1_3' = runners on first and third. */
    baseState: text('base_state').notNull(),
    plays: integer('plays').notNull(),
    runsToEndOfInning: integer('runs_to_end_of_inning').notNull(),
    expectedRuns: numeric('expected_runs', { precision: 6, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.outsBefore, t.baseState] })],
);

/**
 * Seasons whose precomputed analytics are out of date: appended by triggers and game loads (no key,
 * so concurrent loads never wait on each other), consumed by `analytics.refresh_stale_seasons()`.
 */
export const staleSeasons = analytics.table('stale_seasons', {
  markId: bigserial('mark_id', { mode: 'number' }).primaryKey(),
  season: integer('season').notNull(),
  markedAt: timestamp('marked_at', tz).notNull().defaultNow(),
});
