import { describe, expect, it } from 'vitest';
import * as schema from '../../../src/db/schema/index.js';
import {
  extractBoxscore,
  extractGameDetail,
  extractPeople,
  extractPlayByPlay,
  extractPlayDetail,
  extractReferenceList,
  extractScheduleGames,
  extractTeamSeasons,
  extractTeams,
  extractVenues,
  gameFromFeed,
  teamsAndVenuesFromSchedule,
} from '../../../src/extract/index.js';
import { conformanceProblems } from '../../helpers/conformance.js';
import { first } from '../../helpers/defined.js';
import { cloneFixture, describeRecorded, fixture, fixtureNames, gamePkOf } from '../../fixtures.js';

describeRecorded('columns over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  const feeds = fixtureNames('liveGameV1');

  /** The games columns a game's load writes (not the schedule): null in schedule rows. */
  const NO_CONTEXT = {
    attendance: null,
    first_pitch: null,
    duration_minutes: null,
    delay_minutes: null,
    weather_condition: null,
    temperature_f: null,
    wind: null,
  };
  const pbpBodies = [
    ...feeds.map((f) => fixture<Body>(f).liveData.plays),
    ...fixtureNames('playByPlay').map((f) => fixture(f)),
  ];
  const boxBodies = [
    ...feeds.map((f) => fixture<Body>(f).liveData.boxscore),
    ...fixtureNames('boxscore').map((f) => fixture(f)),
  ];
  const scheduleBodies = [...fixtureNames('schedule'), ...fixtureNames('game_changes')].map((f) => fixture(f));

  /** A schedule game row of the first feed, to complete a game-context update into a whole row. */
  const SCHEDULE_GAME = feeds.length ? gameFromFeed(fixture(feeds[0]!)).rows : {};

  describe('extracted rows carry exactly the SQL columns of their table, with values Postgres accepts', () => {
    it('plays and pitches from every play-by-play body', () => {
      const rows = pbpBodies.map((body, i) => extractPlayByPlay(1000 + i, body).rows);
      expect(
        conformanceProblems(
          schema.plays,
          rows.flatMap((r) => r.plays),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.pitches,
          rows.flatMap((r) => r.pitches),
        ),
      ).toEqual([]);
    });

    it('batting and pitching lines from every boxscore body', () => {
      const rows = boxBodies.map((body, i) => extractBoxscore(1000 + i, body).rows);
      expect(
        conformanceProblems(
          schema.battingLines,
          rows.flatMap((r) => r.battingLines),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.pitchingLines,
          rows.flatMap((r) => r.pitchingLines),
        ),
      ).toEqual([]);
    });

    it('runners, credits, actions, fielding lines, officials, innings and game context of every game', () => {
      const games = feeds.map((f, i) => {
        const feed = fixture<Body>(f);
        const plays = extractPlayByPlay(2000 + i, feed.liveData.plays).rows.plays;
        return {
          play: extractPlayDetail(2000 + i, feed.liveData.plays).rows,
          game: extractGameDetail(2000 + i, feed.liveData.boxscore, feed.liveData.plays, plays).rows,
        };
      });
      expect(
        conformanceProblems(
          schema.runners,
          games.flatMap((g) => g.play.runners),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.fieldingCredits,
          games.flatMap((g) => g.play.fieldingCredits),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.playActions,
          games.flatMap((g) => g.play.playActions),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.fieldingLines,
          games.flatMap((g) => g.game.fieldingLines),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.gameOfficials,
          games.flatMap((g) => g.game.officials),
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.linescoreInnings,
          games.flatMap((g) => g.game.linescoreInnings),
        ),
      ).toEqual([]);
      // The game context is an update of mlb.games by game_pk: its keys are games columns, typed as they are.
      expect(
        conformanceProblems(
          schema.games,
          games.map((g) => ({ ...SCHEDULE_GAME, ...g.game.gameContext })),
        ),
      ).toEqual([]);
      const teamSeasons = fixtureNames('teams').flatMap((f) => extractTeamSeasons(fixture(f), 2024).rows);
      expect(conformanceProblems(schema.teamSeasons, teamSeasons)).toEqual([]);
    });

    it('games from every schedule and game-changes body, and from every feed', () => {
      const fromSchedules = scheduleBodies.flatMap((body) => extractScheduleGames(body).rows);
      const fromFeeds = feeds.map((f) => gameFromFeed(fixture(f)).rows).filter((r) => r !== null);
      expect(fromSchedules.length).toBeGreaterThan(3000);
      const rows = [...fromSchedules, ...fromFeeds].map((r) => ({ ...NO_CONTEXT, ...r }));
      expect(conformanceProblems(schema.games, rows)).toEqual([]);
    });

    it('people, teams, venues and reference codes', () => {
      const people = fixtureNames('person').flatMap((f) => extractPeople(fixture(f)).rows);
      const teams = fixtureNames('teams').map((f) => extractTeams(fixture(f)).rows);
      const venues = [
        ...extractVenues(fixture('venues/15.json')).rows,
        ...extractVenues({ venues: feeds.map((f) => fixture<Body>(f).gameData.venue) }).rows,
      ];
      expect(conformanceProblems(schema.people, people)).toEqual([]);
      expect(
        conformanceProblems(
          schema.teams,
          teams.flatMap((t) => t.teams),
        ),
      ).toEqual([]);
      expect(conformanceProblems(schema.venues, venues)).toEqual([]);
      expect(
        conformanceProblems(
          schema.venues,
          teams.flatMap((t) => t.venues),
          { partial: true },
        ),
      ).toEqual([]);
      const codes = extractReferenceList('gameTypes', fixture('config/gameTypes/gameTypes.json'));
      expect(conformanceProblems(schema.referenceCodes, codes)).toEqual([]);
    });

    it('team and venue refs from schedules carry only present, non-null columns', () => {
      const refs = scheduleBodies.map((body) => teamsAndVenuesFromSchedule(body));
      expect(
        conformanceProblems(
          schema.teams,
          refs.flatMap((r) => r.teams),
          { partial: true },
        ),
      ).toEqual([]);
      expect(
        conformanceProblems(
          schema.venues,
          refs.flatMap((r) => r.venues),
          { partial: true },
        ),
      ).toEqual([]);
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
      const play = first(extractPlayByPlay(1, fixture('playByPlay/747175_2024R_TOR-at-AZ.json')).rows.plays);
      const broken = { ...play, inning: null, rbi: '1', startTime: play.start_time };
      expect(conformanceProblems(schema.plays, [broken])).toEqual([
        'row 0: unknown column startTime',
        'row 0: null in NOT NULL inning',
        'row 0: rbi="1" not an integer',
      ]);
    });
  });
});
