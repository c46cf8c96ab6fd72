import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';
import {
  extractBoxscore,
  extractPeople,
  extractPlayByPlay,
  extractReferenceList,
  extractScheduleGames,
  extractTeams,
  extractVenues,
  gameFromFeed,
  teamsAndVenuesFromSchedule,
} from '../../src/extract/index.js';
import { conformanceProblems } from './conformance.js';
import { cloneFixture, fixture, fixtureNames, gamePkOf } from './fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
type Body = any;

const feeds = fixtureNames('liveGameV1');
const pbpBodies = [...feeds.map((f) => fixture<Body>(f).liveData.plays), ...fixtureNames('playByPlay').map((f) => fixture(f))];
const boxBodies = [...feeds.map((f) => fixture<Body>(f).liveData.boxscore), ...fixtureNames('boxscore').map((f) => fixture(f))];
const scheduleBodies = [...fixtureNames('schedule'), ...fixtureNames('game_changes')].map((f) => fixture(f));

describe('extracted rows carry exactly the SQL columns of their table, with values Postgres accepts', () => {
  it('plays and pitches from every play-by-play body', () => {
    const rows = pbpBodies.map((body, i) => extractPlayByPlay(1000 + i, body).rows);
    expect(conformanceProblems(schema.plays, rows.flatMap((r) => r.plays))).toEqual([]);
    expect(conformanceProblems(schema.pitches, rows.flatMap((r) => r.pitches))).toEqual([]);
  });

  it('batting and pitching lines from every boxscore body', () => {
    const rows = boxBodies.map((body, i) => extractBoxscore(1000 + i, body).rows);
    expect(conformanceProblems(schema.battingLines, rows.flatMap((r) => r.battingLines))).toEqual([]);
    expect(conformanceProblems(schema.pitchingLines, rows.flatMap((r) => r.pitchingLines))).toEqual([]);
  });

  it('games from every schedule and game-changes body, and from every feed', () => {
    const fromSchedules = scheduleBodies.flatMap((body) => extractScheduleGames(body).rows);
    const fromFeeds = feeds.map((f) => gameFromFeed(fixture(f)).rows).filter((r) => r !== null);
    expect(fromSchedules.length).toBeGreaterThan(3000);
    expect(conformanceProblems(schema.games, [...fromSchedules, ...fromFeeds])).toEqual([]);
  });

  it('people, teams, venues and reference codes', () => {
    const people = fixtureNames('person').flatMap((f) => extractPeople(fixture(f)).rows);
    const teams = fixtureNames('teams').map((f) => extractTeams(fixture(f)).rows);
    const venues = [
      ...extractVenues(fixture('venues/15.json')).rows,
      ...extractVenues({ venues: feeds.map((f) => fixture<Body>(f).gameData.venue) }).rows,
    ];
    expect(conformanceProblems(schema.people, people)).toEqual([]);
    expect(conformanceProblems(schema.teams, teams.flatMap((t) => t.teams))).toEqual([]);
    expect(conformanceProblems(schema.venues, venues)).toEqual([]);
    expect(conformanceProblems(schema.venues, teams.flatMap((t) => t.venues), { partial: true })).toEqual([]);
    const codes = extractReferenceList('gameTypes', fixture('config/gameTypes/gameTypes.json'));
    expect(conformanceProblems(schema.referenceCodes, codes)).toEqual([]);
  });

  it('team and venue refs from schedules carry only present, non-null columns', () => {
    const refs = scheduleBodies.map((body) => teamsAndVenuesFromSchedule(body));
    expect(conformanceProblems(schema.teams, refs.flatMap((r) => r.teams), { partial: true })).toEqual([]);
    expect(conformanceProblems(schema.venues, refs.flatMap((r) => r.venues), { partial: true })).toEqual([]);
  });

  it('rejects', () => {
    const pbp = cloneFixture('playByPlay/747175_2024R_TOR-at-AZ.json');
    pbp.allPlays[2] = null;
    pbp.allPlays[4].playEvents[0] = 'not an event';
    const box = cloneFixture('boxscore/747175_2024R_TOR-at-AZ.json');
    box.teams.home.pitchers.push(1);
    const rejects = [
      ...extractPlayByPlay(gamePkOf('x/747175_'), pbp).rejects,
      ...extractBoxscore(747175, box).rejects,
      ...extractPeople({ people: [{ fullName: 'no id' }] }).rejects,
    ];
    expect(rejects).toHaveLength(4);
    expect(conformanceProblems(schema.rejects, rejects)).toEqual([]);
  });
});

describe('conformanceProblems', () => {
  it('catches a wrong key, a wrong type and a null in a NOT NULL column', () => {
    const [play] = extractPlayByPlay(1, fixture('playByPlay/747175_2024R_TOR-at-AZ.json')).rows.plays;
    const broken = { ...play, inning: null, rbi: '1', startTime: play.start_time };
    expect(conformanceProblems(schema.plays, [broken])).toEqual([
      'row 0: unknown column startTime',
      'row 0: null in NOT NULL inning',
      'row 0: rbi="1" not an integer',
    ]);
  });
});
