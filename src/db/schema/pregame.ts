import { bigint, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * What was announced before a game's first pitch, as dugout saw it polling the schedule
 * (`dugout pregame`) and, for the probables, in the live feed of a game not started: one row per
 * announcement, from the sight that first saw it to the sight that saw it replaced. A row is never
 * rewritten but for `last_seen_at` and, once, `replaced_at`.
 */

/**
 * The probable pitchers: a side's pitcher as announced, first seen at `announced_at` (in the schedule
 * or in the game's feed, `seen_in`), until replaced.
 */
export const pregameProbables = mlb.table(
  'pregame_probables',
  {
    gamePk: integer('game_pk').notNull(),
    side: text('side').notNull(),
    pitcherId: integer('pitcher_id').notNull(),
    pitcherName: text('pitcher_name'),
    /** Where the announcement was first seen: `schedule` (dugout pregame) or `feed` (the live loop). */
    seenIn: text('seen_in').notNull().default('schedule'),
    announcedAt: timestamp('announced_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', tz),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.side, t.announcedAt] })],
);

/** The lineups as posted: a side's batting-order slot held by a player, until a change (a scratch) replaces him. */
export const pregameLineups = mlb.table(
  'pregame_lineups',
  {
    gamePk: integer('game_pk').notNull(),
    side: text('side').notNull(),
    battingOrder: integer('batting_order').notNull(),
    personId: integer('person_id').notNull(),
    fullName: text('full_name'),
    position: text('position'),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', tz),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.side, t.battingOrder, t.firstSeenAt] }),
    index('pregame_lineups_person_idx').on(t.personId),
  ],
);

/** The umpires assigned: an official of a position (Home Plate, First Base…) as assigned, until replaced. */
export const pregameOfficials = mlb.table(
  'pregame_officials',
  {
    gamePk: integer('game_pk').notNull(),
    officialType: text('official_type').notNull(),
    personId: integer('person_id').notNull(),
    fullName: text('full_name'),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', tz),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.officialType, t.firstSeenAt] })],
);

/** The weather as forecast before the game: one row per forecast, until a different one replaces it. */
export const pregameWeather = mlb.table(
  'pregame_weather',
  {
    gamePk: integer('game_pk').notNull(),
    condition: text('condition'),
    temperature: integer('temperature'),
    wind: text('wind'),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', tz),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.firstSeenAt] })],
);
