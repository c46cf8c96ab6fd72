import { describe, expect, it } from 'vitest';
import { extractTeams, extractVenues } from '../../../src/extract/index.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';

describeRecorded('teams over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  describe.each(fixtureNames('teams'))('extractTeams over %s', (name) => {
    it('makes one row per team, a venue ref per home venue, and rejects nothing', () => {
      const body: Body = fixture(name);
      const { rows, rejects } = extractTeams(body);
      expect(rejects).toEqual([]);
      expect(rows.teams.map((t) => t.team_id)).toEqual(body.teams.map((t: Body) => t.id));
      const venueIds = new Set(body.teams.filter((t: Body) => t.venue).map((t: Body) => t.venue.id));
      expect(new Set(rows.venues.map((v) => v.venue_id))).toEqual(venueIds);
    });
  });

  describe('extractTeams', () => {
    it('maps every column of a real team', () => {
      const { rows } = extractTeams(fixture('teams/teamId147.json'));
      expect(rows.teams[0]).toEqual({
        team_id: 147,
        name: 'New York Yankees',
        team_name: 'Yankees',
        short_name: 'NY Yankees',
        abbreviation: 'NYY',
        team_code: 'nya',
        file_code: 'nyy',
        location_name: 'Bronx',
        franchise_name: 'New York',
        club_name: 'Yankees',
        league_id: 103,
        league_name: 'American League',
        division_id: 201,
        division_name: 'American League East',
        sport_id: 1,
        venue_id: 3313,
        parent_org_id: null,
        first_year_of_play: '1903',
        season: 2025,
        active: true,
      });
      expect(rows.venues).toEqual([{ venue_id: 3313, name: 'Yankee Stadium' }]);
    });

    it('leaves fields a fields= filter removed as null', () => {
      const { rows } = extractTeams(fixture('teams/sportIds1-51_fields-filtered.json'));
      expect(rows.teams.find((t) => t.team_id === 897)).toMatchObject({
        name: 'Puerto Rico',
        abbreviation: 'PUR',
        sport_id: 51,
        division_id: 310,
        league_id: null,
        venue_id: null,
      });
    });

    it('rejects a team without an id and a repeated team', () => {
      const teams: Body[] = fixture<Body>('teams/2019_30teams.json').teams;
      const { rows, rejects } = extractTeams({ teams: [{ name: 'No id' }, teams[0], teams[0]] });
      expect(rows.teams).toHaveLength(1);
      expect(rejects.map((r) => [r.target, r.path])).toEqual([
        ['teams', 'teams[0]'],
        ['teams', 'teams[2]'],
      ]);
    });
  });

  describe('extractVenues', () => {
    it('maps a plain /v1/venues body', () => {
      expect(extractVenues(fixture('venues/15.json'))).toEqual({
        rows: [
          {
            venue_id: 15,
            name: 'Chase Field',
            city: null,
            state: null,
            state_abbrev: null,
            country: null,
            latitude: null,
            longitude: null,
            time_zone: null,
            capacity: null,
            turf_type: null,
            roof_type: null,
            active: true,
          },
        ],
        rejects: [],
      });
    });

    it('maps location, time zone and field info of a hydrated venue (feed/live gameData.venue)', () => {
      const venue = fixture<Body>('liveGameV1/813047_2025D_final_CHC-at-MIL_divisionseries.json').gameData.venue;
      const { rows } = extractVenues({ venues: [venue] });
      expect(rows[0]).toEqual({
        venue_id: 32,
        name: 'American Family Field',
        city: 'Milwaukee',
        state: 'Wisconsin',
        state_abbrev: 'WI',
        country: venue.location.country,
        latitude: 43.02838,
        longitude: -87.97099,
        time_zone: venue.timeZone.id,
        capacity: venue.fieldInfo.capacity,
        turf_type: venue.fieldInfo.turfType,
        roof_type: venue.fieldInfo.roofType,
        active: venue.active ?? null,
      });
      expect(rows[0]?.capacity).toBeGreaterThan(30000);
      expect(rows[0]?.time_zone).toBe('America/Chicago');
    });
  });
});
