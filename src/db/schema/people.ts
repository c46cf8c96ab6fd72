import { bigint, boolean, date, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** One row per person, from /v1/people. */
export const people = mlb.table('people', {
  personId: integer('person_id').primaryKey(),
  fullName: text('full_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  useName: text('use_name'),
  middleName: text('middle_name'),
  boxscoreName: text('boxscore_name'),
  primaryNumber: text('primary_number'),
  birthDate: date('birth_date'),
  birthCity: text('birth_city'),
  birthStateProvince: text('birth_state_province'),
  birthCountry: text('birth_country'),
  deathDate: date('death_date'),
  /** As served, e.g. `6' 2"`. */
  height: text('height'),
  heightInches: integer('height_inches'),
  weight: integer('weight'),
  gender: text('gender'),
  /** `L`, `R` or `S`. */
  batSide: text('bat_side'),
  pitchHand: text('pitch_hand'),
  /** Position abbreviation, e.g. `SS`, `P`, `TWP`. */
  primaryPosition: text('primary_position'),
  primaryPositionCode: text('primary_position_code'),
  mlbDebutDate: date('mlb_debut_date'),
  lastPlayedDate: date('last_played_date'),
  currentTeamId: integer('current_team_id'),
  draftYear: integer('draft_year'),
  active: boolean('active'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
});
