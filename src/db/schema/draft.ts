import { bigint, boolean, date, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

/**
 * The picks of a year's Rule 4 draft (`/v1/draft/{year}`): one row per pick, as of the latest
 * snapshot of that year's draft. A re-load replaces the year's rows whole (a pick the API drops
 * disappears); the bodies themselves, every version, stay in raw.snapshots.
 */
export const draftPicks = mlb.table(
  'draft_picks',
  {
    year: integer('year').notNull(),
    /** The pick's number in the whole draft (`pickNumber`). */
    pickNumber: integer('pick_number').notNull(),
    displayPickNumber: integer('display_pick_number'),
    /** The pick's number within its round (`roundPickNumber`). */
    roundPickNumber: integer('round_pick_number'),
    /** The round as the API names it: '1', 'PPI', '1C', 'CB-A', '2'… */
    pickRound: text('pick_round'),
    teamId: integer('team_id'),
    teamName: text('team_name'),
    personId: integer('person_id'),
    personName: text('person_name'),
    bisPlayerId: integer('bis_player_id'),
    primaryPosition: text('primary_position'),
    /** The prospect's pre-draft rank, when ranked. */
    rank: integer('rank'),
    /** The slot value of the pick in dollars, when it has one. */
    pickValue: bigint('pick_value', { mode: 'number' }),
    /** The signing bonus in dollars; null while unsigned (or not reported). */
    signingBonus: bigint('signing_bonus', { mode: 'number' }),
    schoolName: text('school_name'),
    schoolClass: text('school_class'),
    schoolCity: text('school_city'),
    schoolState: text('school_state'),
    schoolCountry: text('school_country'),
    homeCity: text('home_city'),
    homeState: text('home_state'),
    homeCountry: text('home_country'),
    draftTypeCode: text('draft_type_code'),
    isDrafted: boolean('is_drafted'),
    isPass: boolean('is_pass'),
    /** The UTC day the body in force was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.year, t.pickNumber] })],
);
