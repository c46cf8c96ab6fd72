import { bigint, boolean, doublePrecision, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** One row per team, from /v1/teams and the games. */
export const teams = mlb.table('teams', {
  teamId: integer('team_id').primaryKey(),
  name: text('name').notNull(),
  teamName: text('team_name'),
  shortName: text('short_name'),
  abbreviation: text('abbreviation'),
  teamCode: text('team_code'),
  fileCode: text('file_code'),
  locationName: text('location_name'),
  franchiseName: text('franchise_name'),
  clubName: text('club_name'),
  leagueId: integer('league_id'),
  leagueName: text('league_name'),
  divisionId: integer('division_id'),
  divisionName: text('division_name'),
  sportId: integer('sport_id'),
  venueId: integer('venue_id'),
  parentOrgId: integer('parent_org_id'),
  firstYearOfPlay: text('first_year_of_play'),
  season: integer('season'),
  active: boolean('active'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
});

/** One row per venue, from /v1/teams (hydrated venue) and the games. */
export const venues = mlb.table('venues', {
  venueId: integer('venue_id').primaryKey(),
  name: text('name').notNull(),
  city: text('city'),
  state: text('state'),
  stateAbbrev: text('state_abbrev'),
  country: text('country'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  timeZone: text('time_zone'),
  capacity: integer('capacity'),
  turfType: text('turf_type'),
  roofType: text('roof_type'),
  active: boolean('active'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
});

/** Each club as it was in one season (`/v1/teams?season=Y&sportId=S`). */
export const teamSeasons = mlb.table(
  'team_seasons',
  {
    teamId: integer('team_id').notNull(),
    season: integer('season').notNull(),
    sportId: integer('sport_id'),
    name: text('name').notNull(),
    teamName: text('team_name'),
    abbreviation: text('abbreviation'),
    locationName: text('location_name'),
    leagueId: integer('league_id'),
    leagueName: text('league_name'),
    divisionId: integer('division_id'),
    divisionName: text('division_name'),
    venueId: integer('venue_id'),
    venueName: text('venue_name'),
    parentOrgId: integer('parent_org_id'),
    parentOrgName: text('parent_org_name'),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.season] })],
);
