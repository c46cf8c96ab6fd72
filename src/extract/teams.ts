import { asArray, asObject, pick, toBool, toInt, toNum, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Draft, Extracted } from './types.js';
import type {
  RejectRow,
  TeamRef,
  TeamRow,
  TeamSeasonRow,
  VenueFieldInfoRow,
  VenueRef,
  VenueRow,
} from '../db/schema/rows.js';

/** Map one team object (from /v1/teams, a hydrated schedule or a boxscore) to a team row draft. */
export function teamRow(team: unknown): Draft<TeamRow> {
  return {
    team_id: toInt(pick(team, 'id')),
    name: toText(pick(team, 'name')),
    team_name: toText(pick(team, 'teamName')),
    short_name: toText(pick(team, 'shortName')),
    abbreviation: toText(pick(team, 'abbreviation')),
    team_code: toText(pick(team, 'teamCode')),
    file_code: toText(pick(team, 'fileCode')),
    location_name: toText(pick(team, 'locationName')),
    franchise_name: toText(pick(team, 'franchiseName')),
    club_name: toText(pick(team, 'clubName')),
    league_id: toInt(pick(team, 'league', 'id')),
    league_name: toText(pick(team, 'league', 'name')),
    division_id: toInt(pick(team, 'division', 'id')),
    division_name: toText(pick(team, 'division', 'name')),
    sport_id: toInt(pick(team, 'sport', 'id')),
    venue_id: toInt(pick(team, 'venue', 'id')),
    parent_org_id: toInt(pick(team, 'parentOrgId')),
    first_year_of_play: toText(pick(team, 'firstYearOfPlay')),
    season: toInt(pick(team, 'season')),
    active: toBool(pick(team, 'active')),
  };
}

/** The fence distances of a venue's `fieldInfo` (feet), null where the body has none. */
export function fieldDistances(venue: unknown) {
  const info = pick(venue, 'fieldInfo');
  return {
    left_line: toInt(pick(info, 'leftLine')),
    left: toInt(pick(info, 'left')),
    left_center: toInt(pick(info, 'leftCenter')),
    center: toInt(pick(info, 'center')),
    right_center: toInt(pick(info, 'rightCenter')),
    right: toInt(pick(info, 'right')),
    right_line: toInt(pick(info, 'rightLine')),
  };
}

/** Map one venue object (from /v1/venues, a team, a game) to a venue row draft. */
export function venueRow(venue: unknown): Draft<VenueRow> {
  const location = pick(venue, 'location');
  return {
    venue_id: toInt(pick(venue, 'id')),
    name: toText(pick(venue, 'name')),
    city: toText(pick(location, 'city')),
    state: toText(pick(location, 'state')),
    state_abbrev: toText(pick(location, 'stateAbbrev')),
    country: toText(pick(location, 'country')),
    latitude: toNum(pick(location, 'defaultCoordinates', 'latitude')),
    longitude: toNum(pick(location, 'defaultCoordinates', 'longitude')),
    time_zone: toText(pick(venue, 'timeZone', 'id')),
    capacity: toInt(pick(venue, 'fieldInfo', 'capacity')),
    turf_type: toText(pick(venue, 'fieldInfo', 'turfType')),
    roof_type: toText(pick(venue, 'fieldInfo', 'roofType')),
    active: toBool(pick(venue, 'active')),
  };
}

/** Drop the null columns of a draft: what is left is what the source actually said. */
function compact<T extends object>(draft: T): Partial<T> {
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== null)) as Partial<T>;
}

/** A {@link TeamRef} for a team mentioned elsewhere, or null when it lacks an id or a name. */
export function teamRef(team: unknown): TeamRef | null {
  const draft = compact(teamRow(team));
  return draft.team_id != null && draft.name != null ? (draft as TeamRef) : null;
}

/** A {@link VenueRef} for a venue mentioned elsewhere, or null when it lacks an id or a name. */
export function venueRef(venue: unknown): VenueRef | null {
  const draft = compact(venueRow(venue));
  return draft.venue_id != null && draft.name != null ? (draft as VenueRef) : null;
}

/** Merge refs by key; a later mention adds or overwrites the columns it has. */
export function mergeRefs<T extends object>(refs: T[], key: keyof T): T[] {
  const byKey = new Map<unknown, T>();
  for (const ref of refs) byKey.set(ref[key], { ...byKey.get(ref[key]), ...ref });
  return [...byKey.values()];
}

/**
 * Rows of a /v1/teams body (`{teams:[…]}`): one full {@link TeamRow} per team (absent fields are
 * null, e.g. under `fields=`), and a {@link VenueRef} per home venue with whatever fields it has.
 * A team without an id or name, or repeating an id already seen, is rejected (target `teams`).
 */
export function extractTeams(body: unknown): Extracted<{ teams: TeamRow[]; venues: VenueRef[] }> {
  const teams: TeamRow[] = [];
  const venues: VenueRef[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'teams')) ?? []).forEach((team, i) => {
    const row = teamRow(team);
    if (row.team_id === null || row.name === null) {
      rejects.push(reject(null, 'teams', `teams[${i}]`, 'team without id or name', team));
    } else if (seen.has(row.team_id)) {
      rejects.push(reject(null, 'teams', `teams[${i}]`, `duplicate team_id ${row.team_id}`, team));
    } else {
      seen.add(row.team_id);
      teams.push(row as TeamRow);
      const venue = venueRef(pick(team, 'venue'));
      if (venue) venues.push(venue);
    }
  });
  return { rows: { teams, venues: mergeRefs(venues, 'venue_id') }, rejects };
}

/**
 * Rows of a /v1/venues body (`{venues:[…]}`): location (city, state, stateAbbrev, country,
 * defaultCoordinates), `timeZone.id` and `fieldInfo` (capacity, turfType, roofType) are filled when
 * the request hydrated them, else null. A venue without an id or name, or a repeated id, is rejected.
 */
export function extractVenues(body: unknown): Extracted<VenueRow[]> {
  const rows: VenueRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'venues')) ?? []).forEach((venue, i) => {
    const row = venueRow(venue);
    if (row.venue_id === null || row.name === null || !asObject(venue)) {
      rejects.push(reject(null, 'venues', `venues[${i}]`, 'venue without id or name', venue));
    } else if (seen.has(row.venue_id)) {
      rejects.push(reject(null, 'venues', `venues[${i}]`, `duplicate venue_id ${row.venue_id}`, venue));
    } else {
      seen.add(row.venue_id);
      rows.push(row as VenueRow);
    }
  });
  return { rows, rejects };
}

/**
 * Each venue's field for a season, from a `/v1/venues?season=Y&hydrate=fieldInfo` body: one row per
 * venue with an id (capacity, turf, roof and fence distances; null where the body has none). A venue
 * without an id, or a repeated id, is rejected.
 */
export function extractVenueFieldInfo(
  body: unknown,
  request: { season: number; asOfDate: string },
): Extracted<VenueFieldInfoRow[]> {
  const rows: VenueFieldInfoRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'venues')) ?? []).forEach((venue, i) => {
    const id = toInt(pick(venue, 'id'));
    if (id === null || !asObject(venue)) {
      rejects.push(reject(null, 'venue_field_info', `venues[${i}]`, 'venue without an id', venue ?? null));
      return;
    }
    if (seen.has(id)) {
      rejects.push(reject(null, 'venue_field_info', `venues[${i}]`, `duplicate venue_id ${id}`, venue));
      return;
    }
    seen.add(id);
    rows.push({
      venue_id: id,
      season: request.season,
      name: toText(pick(venue, 'name')),
      capacity: toInt(pick(venue, 'fieldInfo', 'capacity')),
      turf_type: toText(pick(venue, 'fieldInfo', 'turfType')),
      roof_type: toText(pick(venue, 'fieldInfo', 'roofType')),
      ...fieldDistances(venue),
      as_of_date: request.asOfDate,
    });
  });
  return { rows, rejects };
}

/**
 * Each club of a `/v1/teams?season=Y` body as it was that season: one row per team with an id and a
 * name, `season` from the request (else the team's own `season`). A team without an id or a name,
 * or without any season, is rejected; a repeated id keeps its first entry.
 */
export function extractTeamSeasons(body: unknown, season?: number): Extracted<TeamSeasonRow[]> {
  const rows: TeamSeasonRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'teams')) ?? []).forEach((team, i) => {
    const teamId = toInt(pick(team, 'id'));
    const name = toText(pick(team, 'name'));
    const teamSeason = season ?? toInt(pick(team, 'season'));
    if (teamId === null || name === null || teamSeason === null) {
      rejects.push(reject(null, 'team_seasons', `teams[${i}]`, 'team without id, name or season', team));
      return;
    }
    if (seen.has(teamId)) return;
    seen.add(teamId);
    rows.push({
      team_id: teamId,
      season: teamSeason,
      sport_id: toInt(pick(team, 'sport', 'id')),
      name,
      team_name: toText(pick(team, 'teamName')),
      abbreviation: toText(pick(team, 'abbreviation')),
      location_name: toText(pick(team, 'locationName')),
      league_id: toInt(pick(team, 'league', 'id')),
      league_name: toText(pick(team, 'league', 'name')),
      division_id: toInt(pick(team, 'division', 'id')),
      division_name: toText(pick(team, 'division', 'name')),
      venue_id: toInt(pick(team, 'venue', 'id')),
      venue_name: toText(pick(team, 'venue', 'name')),
      parent_org_id: toInt(pick(team, 'parentOrgId')),
      parent_org_name: toText(pick(team, 'parentOrgName')),
    });
  });
  return { rows, rejects };
}
