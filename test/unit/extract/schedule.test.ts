import { describe, expect, it } from 'vitest';
import { extractScheduleGames, finalityOf, teamsAndVenuesFromSchedule } from '../../../src/extract/index.js';
import { cloneFixture, describeRecorded, fixture, fixtureNames } from '../../fixtures.js';
import type { GameRow } from '../../../src/db/schema/rows.js';

describeRecorded('schedule over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  const bodies = [...fixtureNames('schedule'), ...fixtureNames('game_changes')];
  const SUSPENDED = 'schedule/2024-08-13_to_2024-09-29_with_suspended.json';

  function listings(body: Body): Array<{ date: string; game: Body }> {
    return (body.dates ?? []).flatMap((d: Body) => d.games.map((game: Body) => ({ date: d.date, game })));
  }

  /** Per gamePk the listing that is the game's current state: the latest `gameDate` (ties: the later listing). */
  function currentListings(body: Body): Body[] {
    const current = new Map<number, Body>();
    for (const { game } of listings(body)) {
      const seen = current.get(game.gamePk);
      if (!seen || Date.parse(game.gameDate) >= Date.parse(seen.gameDate)) current.set(game.gamePk, game);
    }
    return [...current.values()];
  }

  function gameOf(name: string, gamePk: number): GameRow {
    const row = extractScheduleGames(fixture(name)).rows.find((g) => g.game_pk === gamePk);
    if (!row) throw new Error(`game ${gamePk} not extracted from ${name}`);
    return row;
  }

  describe.each(bodies)('extractScheduleGames over %s', (name) => {
    const body: Body = fixture(name);
    const { rows, rejects } = extractScheduleGames(body);

    it('makes one row per distinct gamePk and rejects nothing', () => {
      expect(rejects).toEqual([]);
      const distinct = new Set(listings(body).map((l) => l.game.gamePk));
      expect(rows.map((r) => r.game_pk).sort()).toEqual([...distinct].sort());
    });

    it('takes official_date from officialDate, else the enclosing dates[].date; never from the UTC gameDate', () => {
      for (const { date, game } of listings(body)) {
        const row = rows.find((r) => r.game_pk === game.gamePk);
        expect(row?.official_date).toBe(game.officialDate ?? date);
      }
    });

    it('copies state, teams and scores as listed (a game listed twice: its latest listing)', () => {
      for (const game of currentListings(body)) {
        const row = rows.find((r) => r.game_pk === game.gamePk);
        expect(row).toMatchObject({
          season: Number(game.season),
          game_type: game.gameType,
          coded_game_state: game.status.codedGameState,
          // Postseason placeholders ("if necessary", TBD opponents) have `teams: {}`.
          home_team_id: game.teams?.home?.team?.id ?? null,
          away_score: game.teams?.away?.score ?? null,
          home_is_winner: game.teams?.home?.isWinner ?? null,
        });
      }
    });
  });

  describe('official_date', () => {
    it('is the local officialDate for a night game whose UTC gameDate is the next day', () => {
      const row = gameOf('schedule/2023-08-22_sportId1.json', 716895);
      expect(row.game_date).toBe('2023-08-23T00:10:00.000Z');
      expect(row.official_date).toBe('2023-08-22');
    });

    it('ignores dates[].date when a body groups games by UTC day (tweeres04 captures)', () => {
      // Listed under 2024-08-13 (the UTC day of its gameDate) while its officialDate is 2024-08-12.
      const row = gameOf(SUSPENDED, 746762);
      expect(row.official_date).toBe('2024-08-12');
    });

    it('falls back to dates[].date in 2018–2019 bodies without officialDate', () => {
      expect(gameOf('schedule/2018-09-27_with_postponed.json', 531788).official_date).toBe('2018-09-27');
    });
  });

  describe('postponed, suspended and makeup games', () => {
    it.each([
      ['schedule/2018-09-27_with_postponed.json', 531788, '2018-09-29T03:33:00.000Z', null, 'Rain'],
      [
        'schedule/2019-09-11_with_postponed_no-copyright.json',
        565579,
        '2019-09-12T03:33:00.000Z',
        '2019-09-12',
        'Rain',
      ],
      [
        'schedule/2022-04-07_with_postponed.json',
        661333,
        '2022-04-08T17:05:00.000Z',
        '2022-04-08',
        'Inclement Weather',
      ],
      [
        'schedule/2022-04-07_with_postponed.json',
        661750,
        '2022-04-08T20:10:00.000Z',
        '2022-04-08',
        'Inclement Weather',
      ],
      [
        'schedule/2022-10-11_to_2022-10-13_divisionseries_postponed.json',
        715752,
        '2022-10-14T17:07:00.000Z',
        '2022-10-14',
        'Inclement Weather',
      ],
    ])(
      '%s: game %i is postponed with its reschedule link',
      (name, gamePk, rescheduleDate, rescheduleGameDate, reason) => {
        const row = gameOf(name, gamePk);
        expect(finalityOf(row.coded_game_state)).toBe('postponed');
        expect(row).toMatchObject({ reschedule_date: rescheduleDate, reschedule_game_date: rescheduleGameDate });
        expect(row).toMatchObject({ home_score: null, away_score: null, status_reason: reason });
      },
    );

    it('dates a postponed game by its officialDate (the makeup day) although it is listed under the original day', () => {
      // 2019-09-11 body: 565579 sits under dates[].date 2019-09-11 with officialDate 2019-09-12.
      expect(gameOf('schedule/2019-09-11_with_postponed_no-copyright.json', 565579).official_date).toBe('2019-09-12');
    });

    it('keeps the suspended game 746942 with its resumedFrom link and reason', () => {
      const row = gameOf(SUSPENDED, 746942);
      expect(finalityOf(row.coded_game_state)).toBe('suspended');
      expect(row).toMatchObject({
        coded_game_state: 'U',
        status_code: 'UR',
        status_reason: 'Rain',
        official_date: '2024-06-26',
        game_date: '2024-08-26T18:05:00.000Z',
        resumed_from: '2024-06-26T23:10:00.000Z',
        resumed_from_date: '2024-06-26',
        double_header: 'N',
      });
    });

    it('keeps makeup games with their rescheduledFrom links', () => {
      expect(gameOf(SUSPENDED, 746628)).toMatchObject({
        rescheduled_from: '2024-06-05T22:40:00.000Z',
        rescheduled_from_date: '2024-06-05',
        double_header: 'S',
      });
    });

    it('keeps both games of a split doubleheader as two rows, the second with game_number 2', () => {
      const rows = extractScheduleGames(fixture(SUSPENDED)).rows;
      const seconds = rows.filter((r) => r.double_header === 'S' && r.game_number === 2).map((r) => r.game_pk);
      // 747090 (2024-09-09) is listed as game 2 with no game 1 in the capture.
      expect(seconds.sort()).toEqual([746596, 746665, 747090]);
      const pairs = [
        [746628, 746596],
        [746730, 746665],
      ];
      for (const [one, two] of pairs) {
        const [g1, g2] = [rows.find((r) => r.game_pk === one), rows.find((r) => r.game_pk === two)];
        expect(g1).toMatchObject({
          double_header: 'S',
          game_number: 1,
          official_date: g2?.official_date,
          home_team_id: g2?.home_team_id,
        });
      }
    });
  });

  describe('duplicate listings of one gamePk merge into one row', () => {
    /** A body with the given listings under their dates, in order. */
    const bodyOf = (...entries: Array<[string, Body]>) => ({
      dates: entries.map(([date, game]) => ({ date, games: [game] })),
    });

    it('suspended game listed under both dates: current state from the later listing, links from both', () => {
      const resumption = listings(cloneFixture(SUSPENDED)).find((l) => l.game.gamePk === 746942)?.game;
      const original = structuredClone(resumption);
      Object.assign(original, {
        gameDate: '2024-06-26T23:10:00Z',
        resumeDate: '2024-08-26T18:05:00Z',
        resumeGameDate: '2024-08-26',
      });
      delete original.resumedFrom;
      delete original.resumedFromDate;
      original.status = { ...original.status, codedGameState: 'T', statusCode: 'TR' };
      for (const body of [
        bodyOf(['2024-06-26', original], ['2024-08-26', resumption]),
        bodyOf(['2024-08-26', resumption], ['2024-06-26', original]),
      ]) {
        const { rows, rejects } = extractScheduleGames(body);
        expect(rejects).toEqual([]);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          coded_game_state: 'U',
          game_date: '2024-08-26T18:05:00.000Z',
          official_date: '2024-06-26',
          resume_date: '2024-08-26T18:05:00.000Z',
          resume_game_date: '2024-08-26',
          resumed_from: '2024-06-26T23:10:00.000Z',
          resumed_from_date: '2024-06-26',
        });
      }
    });

    it('postponed game and its makeup: the makeup is the current state, the reschedule link survives', () => {
      const postponed = listings(cloneFixture('schedule/2022-04-07_with_postponed.json')).find(
        (l) => l.game.gamePk === 661333,
      )?.game;
      const makeup = structuredClone(postponed);
      delete makeup.rescheduleDate;
      delete makeup.rescheduleGameDate;
      Object.assign(makeup, {
        gameDate: '2022-04-08T17:05:00Z',
        rescheduledFrom: postponed.gameDate,
        rescheduledFromDate: '2022-04-07',
      });
      makeup.status = { abstractGameState: 'Final', codedGameState: 'F', detailedState: 'Final', statusCode: 'F' };
      makeup.teams.home.score = 4;
      makeup.teams.away.score = 2;
      const { rows } = extractScheduleGames(bodyOf(['2022-04-07', postponed], ['2022-04-08', makeup]));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        coded_game_state: 'F',
        home_score: 4,
        official_date: '2022-04-08',
        reschedule_date: '2022-04-08T17:05:00.000Z',
        reschedule_game_date: '2022-04-08',
        rescheduled_from: '2022-04-07T17:05:00.000Z',
        rescheduled_from_date: '2022-04-07',
      });
    });

    it('the same capture twice (scheduled, then final) yields the later listing', () => {
      const scheduled: Body = fixture('schedule/2026-03-14_wbc_and_spring_scheduled.json');
      const final: Body = fixture('schedule/2026-03-14_wbc_and_spring_final.json');
      const body = { dates: [...scheduled.dates, ...final.dates] };
      const { rows } = extractScheduleGames(body);
      expect(rows).toHaveLength(new Set(listings(final).map((l) => l.game.gamePk)).size);
      expect(new Set(rows.map((r) => r.coded_game_state))).toEqual(new Set(['F']));
    });
  });

  describe('malformed listings', () => {
    it('rejects a listing without gamePk and one without codedGameState, keeping the others', () => {
      const body = cloneFixture('schedule/2023-08-22_sportId1.json');
      delete body.dates[0].games[0].gamePk;
      delete body.dates[0].games[1].status.codedGameState;
      const { rows, rejects } = extractScheduleGames(body);
      expect(rejects.map((r) => [r.target, r.path, r.reason])).toEqual([
        ['games', 'dates[0].games[0]', 'game without an integer gamePk'],
        ['games', 'dates[0].games[1]', 'missing coded_game_state'],
      ]);
      expect(rows).toHaveLength(body.dates[0].games.length - 2);
    });

    it('returns nothing for an empty day and a non-schedule body', () => {
      expect(extractScheduleGames(fixture('schedule/2024-10-27_empty.json'))).toEqual({ rows: [], rejects: [] });
      expect(extractScheduleGames({ messageNumber: 13 })).toEqual({ rows: [], rejects: [] });
    });
  });

  describe('sport_id', () => {
    it('is the hydrated team sport, else opts.sportId, else 1', () => {
      const hydrated = 'schedule/2024-07-01_hydrate-team_1game.json';
      expect(extractScheduleGames(fixture(hydrated), { sportId: 11 }).rows[0]?.sport_id).toBe(1);
      const plain = 'schedule/2024-07-01_sportId1.json';
      expect(extractScheduleGames(fixture(plain), { sportId: 11 }).rows[0]?.sport_id).toBe(11);
      expect(extractScheduleGames(fixture(plain)).rows[0]?.sport_id).toBe(1);
    });
  });

  describe('finalityOf', () => {
    it.each([
      ['F', 'final'],
      ['O', 'provisional'],
      ['D', 'postponed'],
      ['C', 'cancelled'],
      ['T', 'suspended'],
      ['U', 'suspended'],
      ['Q', 'final'],
      ['R', 'final'],
      ['S', 'not_final'],
      ['P', 'not_final'],
      ['I', 'not_final'],
      ['M', 'not_final'],
      ['W', 'not_final'],
      ['X', 'not_final'],
      [undefined, 'not_final'],
      [null, 'not_final'],
    ])('%s → %s', (code, finality) => {
      expect(finalityOf(code)).toBe(finality);
    });
  });

  describe('teamsAndVenuesFromSchedule', () => {
    it('finds the 30 clubs and their venues in a full season, with id and name only', () => {
      const { teams, venues } = teamsAndVenuesFromSchedule(fixture('schedule/2025_full_regular_season.json'));
      expect(teams).toHaveLength(30);
      expect(teams.every((t) => Object.keys(t).sort().join() === 'name,team_id')).toBe(true);
      expect(venues.length).toBeGreaterThanOrEqual(30);
      expect(teams.find((t) => t.team_id === 147)).toEqual({ team_id: 147, name: 'New York Yankees' });
    });

    it('carries the extra columns of hydrate=team, and nothing for listings without teams', () => {
      const { teams } = teamsAndVenuesFromSchedule(fixture('schedule/2024-07-01_hydrate-team_1game.json'));
      expect(teams.find((t) => t.team_id === 141)).toMatchObject({ abbreviation: 'TOR', league_id: 103, sport_id: 1 });
      expect(teamsAndVenuesFromSchedule(fixture('game_changes/zavant_example_EDITED.json'))).toEqual({
        teams: [],
        venues: [],
      });
    });
  });
});
