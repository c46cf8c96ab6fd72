import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxscoreSchema, peopleSchema, playByPlaySchema, scheduleSchema } from '../../src/api/index.js';
import { FIXTURES_DIR, fixture } from './support/test-server.js';

const files = (dir: string) => readdirSync(`${FIXTURES_DIR}${dir}`).map((f) => `${dir}/${f}`);
const parse = (file: string) => JSON.parse(fixture(file)) as Record<string, unknown>;

const CASES = [
  ...files('schedule').map((f) => [f, scheduleSchema] as const),
  ...files('game_changes').map((f) => [f, scheduleSchema] as const),
  ...files('person').map((f) => [f, peopleSchema] as const),
  ...files('boxscore').map((f) => [f, boxscoreSchema] as const),
  ...files('playByPlay').map((f) => [f, playByPlaySchema] as const),
];

describe('the lenient response schemas', () => {
  it.each(CASES)('accept the real body %s', (file, schema) => {
    const result = schema.safeParse(parse(file));
    expect(result.success, result.success ? '' : JSON.stringify(result.error.issues[0])).toBe(true);
  });

  it('accept the boxscore and plays inside every recorded live feed', () => {
    for (const file of files('liveGameV1')) {
      const feed = parse(file) as { liveData: { boxscore: unknown; plays: unknown } };
      expect(boxscoreSchema.safeParse(feed.liveData.boxscore).success, file).toBe(true);
      expect(playByPlaySchema.safeParse(feed.liveData.plays).success, file).toBe(true);
    }
  });

  it('keep unknown keys', () => {
    const body = { copyright: 'c', extra: { deep: 1 }, people: [{ id: 1, fullName: 'A', newField: [1, 2] }] };
    expect(peopleSchema.parse(body)).toEqual(body);
  });

  it('refuse bodies missing what the pipeline keys on', () => {
    expect(scheduleSchema.safeParse({ dates: [{ date: '2024-07-01', games: [{ gamePk: '1', status: { codedGameState: 'F' } }] }] }).success).toBe(false);
    expect(scheduleSchema.safeParse({ dates: [{ date: '2024-07-01', games: [{ gamePk: 1, status: {} }] }] }).success).toBe(false);
    expect(scheduleSchema.safeParse({ totalItems: 0 }).success).toBe(false);
    expect(peopleSchema.safeParse({ people: [{ fullName: 'no id' }] }).success).toBe(false);
    expect(boxscoreSchema.safeParse({ teams: { home: { team: { id: 1 }, players: {} } } }).success).toBe(false);
    expect(playByPlaySchema.safeParse({ allPlays: [{ about: {}, playEvents: [] }] }).success).toBe(false);
  });

  it('check a full season schedule (4 MB, 2,400+ games) in well under a second', () => {
    const body = parse('schedule/2025_full_regular_season.json');
    const started = performance.now();
    expect(scheduleSchema.safeParse(body).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
