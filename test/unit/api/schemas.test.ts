import { describe, expect, it } from 'vitest';
import {
  boxscoreSchema,
  peopleSchema,
  playByPlaySchema,
  responseShapes,
  scheduleSchema,
} from '../../../src/api/index.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';
import { golden } from '../../helpers/test-server.js';

const parse = (file: string) => fixture(file) as Record<string, unknown>;

describeRecorded('the lenient response schemas over the recorded bodies', () => {
  const CASES = [
    ...fixtureNames('schedule').map((f) => [f, scheduleSchema] as const),
    ...fixtureNames('game_changes').map((f) => [f, scheduleSchema] as const),
    ...fixtureNames('person').map((f) => [f, peopleSchema] as const),
    ...fixtureNames('boxscore').map((f) => [f, boxscoreSchema] as const),
    ...fixtureNames('playByPlay').map((f) => [f, playByPlaySchema] as const),
  ];

  it.each(CASES)('accept the real body %s', (file, schema) => {
    const result = schema.safeParse(parse(file));
    expect(result.success, result.success ? '' : JSON.stringify(result.error.issues[0])).toBe(true);
  });

  it('accept the boxscore and plays inside every recorded live feed', () => {
    for (const file of fixtureNames('liveGameV1')) {
      const feed = parse(file) as { liveData: { boxscore: unknown; plays: unknown } };
      expect(boxscoreSchema.safeParse(feed.liveData.boxscore).success, file).toBe(true);
      expect(playByPlaySchema.safeParse(feed.liveData.plays).success, file).toBe(true);
    }
  });

  it('check a full season schedule (4 MB, 2,400+ games)', () => {
    expect(scheduleSchema.safeParse(parse('schedule/2025_full_regular_season.json')).success).toBe(true);
  });
});

describe('the lenient response schemas', () => {
  it('accept a simulated boxscore', () => {
    expect(boxscoreSchema.safeParse(JSON.parse(golden('boxscore.json'))).success).toBe(true);
  });

  it('keep unknown keys', () => {
    const body = { copyright: 'c', extra: { deep: 1 }, people: [{ id: 1, fullName: 'A', newField: [1, 2] }] };
    expect(peopleSchema.parse(body)).toEqual(body);
  });

  it('refuse bodies missing what the pipeline keys on', () => {
    expect(
      scheduleSchema.safeParse({
        dates: [{ date: '2024-07-01', games: [{ gamePk: '1', status: { codedGameState: 'F' } }] }],
      }).success,
    ).toBe(false);
    expect(
      scheduleSchema.safeParse({ dates: [{ date: '2024-07-01', games: [{ gamePk: 1, status: {} }] }] }).success,
    ).toBe(false);
    expect(scheduleSchema.safeParse({ totalItems: 0 }).success).toBe(false);
    expect(peopleSchema.safeParse({ people: [{ fullName: 'no id' }] }).success).toBe(false);
    expect(boxscoreSchema.safeParse({ teams: { home: { team: { id: 1 }, players: {} } } }).success).toBe(false);
    expect(playByPlaySchema.safeParse({ allPlays: [{ about: {}, playEvents: [] }] }).success).toBe(false);
  });

  it('are stricter than what the client refuses: a bad element is left to extraction', () => {
    // Refusing the body would lose every other game of the page (or the whole game): the client
    // checks the body's shape only, and extraction rejects the bad element alone, with its reason.
    const page = {
      dates: [
        {
          date: '2024-07-01',
          games: [
            { gamePk: null, status: {} },
            { gamePk: 1, status: { codedGameState: 'F' } },
          ],
        },
      ],
    };
    expect(scheduleSchema.safeParse(page).success).toBe(false);
    expect(responseShapes['schedule.schedule'].safeParse(page).success).toBe(true);
    expect(responseShapes['person.person'].safeParse({ people: [{ fullName: 'no id' }, { id: 1 }] }).success).toBe(
      true,
    );
    expect(responseShapes['game.playByPlay'].safeParse({ allPlays: [{ about: {}, playEvents: [] }] }).success).toBe(
      true,
    );
    // The shape itself is still checked: a truncated or foreign body is refused and retried.
    expect(responseShapes['schedule.schedule'].safeParse({ totalItems: 0 }).success).toBe(false);
    expect(responseShapes['person.person'].safeParse({ copyright: 'c' }).success).toBe(false);
    expect(
      responseShapes['game.boxscore'].safeParse({ teams: { home: { team: { id: 1 }, players: {} } } }).success,
    ).toBe(false);
    expect(responseShapes['game.playByPlay'].safeParse({ allPlays: {} }).success).toBe(false);
  });
});
