import { describe, expect, it } from 'vitest';
import {
  extractBoxscore,
  extractFeedProbables,
  extractPlayByPlay,
  extractScheduleGames,
  gameFromFeed,
  splitFeedLive,
} from '../../../src/extract/index.js';
import { describeRecorded, feedState, fixture, fixtureNames } from '../../fixtures.js';

describeRecorded('feed over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  describe.each(fixtureNames('liveGameV1'))('feed/live %s', (name) => {
    const feed: Body = fixture(name);

    it('splits into the liveData parts and the metaData timestamp', () => {
      const parts = splitFeedLive(feed);
      expect(parts.gamePk).toBe(feed.gamePk);
      expect(parts.boxscore).toBe(feed.liveData.boxscore);
      expect(parts.playByPlay).toBe(feed.liveData.plays);
      expect(parts.linescore).toBe(feed.liveData.linescore);
      expect(parts.gameData).toBe(feed.gameData);
      expect(parts.timeStamp).toMatch(/^\d{8}_\d{6}$/);
      expect(parts.timeStamp).toBe(feed.metaData.timeStamp);
    });

    it('gives a game row from gameData and the linescore', () => {
      const { rows, rejects } = gameFromFeed(feed);
      const gd = feed.gameData;
      expect(rejects).toEqual([]);
      expect(rows).toMatchObject({
        game_pk: feed.gamePk,
        season: Number(gd.game.season),
        game_type: gd.game.type,
        official_date: gd.datetime.officialDate ?? gd.datetime.originalDate,
        coded_game_state: gd.status.codedGameState,
        home_team_id: gd.teams.home.id,
        away_team_id: gd.teams.away.id,
        // A preview's linescore has no runs yet: no score, not 0-0.
        home_score: feed.liveData.linescore.teams.home.runs ?? null,
        away_score: feed.liveData.linescore.teams.away.runs ?? null,
        venue_id: gd.venue.id,
        sport_id: gd.teams.home.sport?.id ?? 1,
      });
      const final = feedState(feed) === 'final';
      const { home, away } = feed.liveData.linescore.teams;
      expect(rows?.home_is_winner).toBe(final ? home.runs > away.runs : null);
      if (feedState(feed) === 'preview') expect([rows?.home_score, rows?.away_score]).toEqual([null, null]);
    });

    it('gives the probables it names as announcements while the game is not started, else none', () => {
      const named = (['away', 'home'] as const)
        .filter((side) => feed.gameData.probablePitchers?.[side]?.id)
        .map((side) => ({
          game_pk: feed.gamePk,
          side,
          pitcher_id: feed.gameData.probablePitchers[side].id,
          pitcher_name: feed.gameData.probablePitchers[side].fullName ?? null,
          seen_in: 'feed',
        }));
      // Under way or over, the feed still names them, but when they were announced is not in it.
      expect(extractFeedProbables(feed)).toEqual(feedState(feed) === 'preview' ? named : []);
      // The same body not started yet: what it names, whatever its state.
      const before = { ...feed, gameData: { ...feed.gameData, status: { abstractGameState: 'Preview' } } };
      expect(extractFeedProbables(before)).toEqual(named);
      // Without the key (or with one side only): no row for what it does not name.
      const { probablePitchers: _, ...gameData } = before.gameData;
      expect(extractFeedProbables({ ...before, gameData })).toEqual([]);
      const awayOnly = { ...before.gameData, probablePitchers: { away: before.gameData.probablePitchers?.away } };
      expect(extractFeedProbables({ ...before, gameData: awayOnly })).toEqual(named.filter((r) => r.side === 'away'));
    });
  });

  describe('feed/live compared with the standalone endpoints', () => {
    const feed: Body = fixture('liveGameV1/747175_2024R_final_TOR-at-AZ.json');

    it('liveData.plays extracts to the same rows as /playByPlay of the same game', () => {
      const fromFeed = extractPlayByPlay(747175, feed.liveData.plays);
      expect(fromFeed).toEqual(extractPlayByPlay(747175, fixture('playByPlay/747175_2024R_TOR-at-AZ.json')));
    });

    it.each([
      ['liveGameV1/747175_2024R_final_TOR-at-AZ.json', 'boxscore/747175_2024R_TOR-at-AZ.json'],
      ['liveGameV1/744914_2024R_final_HOU-at-TOR.json', 'boxscore/744914_2024R_HOU-at-TOR.json'],
    ])('liveData.boxscore of %s extracts to the same lines as %s', (feedName, boxName) => {
      const fromFeed = extractBoxscore(1, fixture<Body>(feedName).liveData.boxscore);
      expect(fromFeed).toEqual(extractBoxscore(1, fixture(boxName)));
    });

    it('the feed agrees with the schedule row of the same game (744914) on every column both know', () => {
      const fromSchedule = extractScheduleGames(fixture('schedule/2024-07-01_sportId1.json')).rows.find(
        (g) => g.game_pk === 744914,
      );
      const fromFeed = gameFromFeed(fixture('liveGameV1/744914_2024R_final_HOU-at-TOR.json')).rows;
      const known = Object.fromEntries(Object.entries(fromFeed ?? {}).filter(([, v]) => v !== null));
      expect(Object.keys(known).length).toBeGreaterThan(15);
      expect(fromSchedule).toMatchObject(known);
    });
  });

  describe('gameFromFeed on a broken feed', () => {
    it('rejects a feed without gameData', () => {
      const { rows, rejects } = gameFromFeed({ gamePk: 5, liveData: {} });
      expect(rows).toBeNull();
      expect(rejects).toMatchObject([{ game_pk: 5, target: 'games', path: 'gameData' }]);
    });

    it('splits a non-feed body into nulls', () => {
      expect(splitFeedLive({ messageNumber: 13 })).toEqual({
        gamePk: null,
        boxscore: null,
        playByPlay: null,
        linescore: null,
        gameData: null,
        timeStamp: null,
      });
    });
  });
});
