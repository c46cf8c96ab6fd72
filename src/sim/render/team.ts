/** Team and venue bodies (/teams, /venues, gameData.teams, gameData.venue). */

import type { TeamInfo, VenueInfo } from '../data/teams.js';
import { divisionInfo, leagueInfo, sportInfo } from '../data/levels.js';
import { SPRING_LEAGUES } from '../data/teams.js';
import { venueOffset } from '../time.js';

/** The full team object as /v1/teams serves it. */
export function renderTeam(t: TeamInfo, season: number, venueName: string) {
  const league = leagueInfo(t.leagueId)!;
  const division = divisionInfo(t.divisionId)!;
  const spring = SPRING_LEAGUES.find((s) => s.id === t.springLeagueId)!;
  const sport = sportInfo(t.sportId ?? 1);
  return {
    springLeague: { ...spring },
    allStarStatus: 'N',
    id: t.id,
    name: t.name,
    link: `/api/v1/teams/${t.id}`,
    season,
    venue: { id: t.venueId, name: venueName, link: `/api/v1/venues/${t.venueId}` },
    springVenue: { id: t.springVenueId, link: `/api/v1/venues/${t.springVenueId}` },
    teamCode: t.teamCode,
    fileCode: t.fileCode,
    abbreviation: t.abbreviation,
    teamName: t.teamName,
    locationName: t.locationName,
    firstYearOfPlay: t.firstYearOfPlay,
    league: { id: league.id, name: league.name, link: `/api/v1/league/${league.id}` },
    division: { id: division.id, name: division.name, link: `/api/v1/divisions/${division.id}` },
    sport: { id: sport.id, link: `/api/v1/sports/${sport.id}`, name: sport.name },
    shortName: t.shortName,
    ...(t.parentOrgId !== undefined ? { parentOrgName: t.parentOrgName, parentOrgId: t.parentOrgId } : {}),
    franchiseName: t.franchiseName,
    clubName: t.clubName,
    active: true,
  };
}

/** The season the simulated parks moved their fences in: every third venue had a deeper center field before it. */
export const FENCES_MOVED_SEASON = 2023;

/** A venue's field in a season: capacity, turf, roof and the fence distances (feet) in force that season. */
export function fieldInfoOf(v: VenueInfo, season: number) {
  const [leftLine, leftCenter0, center0, rightCenter, rightLine] = v.dims;
  const moved = season < FENCES_MOVED_SEASON && v.id % 3 === 0;
  const leftCenter = moved ? leftCenter0 + 5 : leftCenter0;
  const center = moved ? center0 + 8 : center0;
  return {
    capacity: v.capacity,
    turfType: v.turfType,
    roofType: v.roofType,
    leftLine,
    left: leftLine + 20,
    leftCenter,
    center,
    rightCenter,
    right: rightLine + 20,
    rightLine,
  };
}

/** The short venue object of /v1/venues; with `fieldInfo` hydrated, its field that season. */
export function renderVenueShort(v: VenueInfo, season: number, hydrate: readonly string[] = []) {
  return {
    id: v.id,
    name: v.name,
    link: `/api/v1/venues/${v.id}`,
    ...(hydrate.includes('fieldInfo') ? { fieldInfo: fieldInfoOf(v, season) } : {}),
    active: true,
    season: String(season),
  };
}

/** The full venue object of gameData.venue (location, time zone on the date, field info). */
export function renderVenueFull(v: VenueInfo, season: number, date: string) {
  const offset = venueOffset(v, date);
  return {
    id: v.id,
    name: v.name,
    link: `/api/v1/venues/${v.id}`,
    location: {
      address1: v.address1,
      ...(v.address2 ? { address2: v.address2 } : {}),
      city: v.city,
      state: v.state,
      stateAbbrev: v.stateAbbrev,
      postalCode: v.postalCode,
      defaultCoordinates: { latitude: v.latitude, longitude: v.longitude },
      azimuthAngle: v.azimuthAngle,
      elevation: v.elevation,
      country: v.country,
      phone: v.phone,
    },
    timeZone: { id: v.tzId, offset, offsetAtGameTime: offset, tz: offset === v.stdOffset ? v.tzStd : v.tzDst },
    fieldInfo: fieldInfoOf(v, season),
    active: true,
    season: String(season),
  };
}
