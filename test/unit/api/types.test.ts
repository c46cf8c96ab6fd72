import { describe, expect, it } from 'vitest';
import { createApiClient, type ParamsOf, type ResponseOf } from '../../../src/api/index.js';
import { ParamError, OperationUnavailableError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';

// `npx tsc --noEmit` checks this file: every `@ts-expect-error` below must be a compile error, or
// tsc fails with "Unused '@ts-expect-error' directive". The runtime assertions check that the same
// calls are refused before any request when the types are bypassed (e.g. from the CLI).

const log = createSilentLogger();
const queue = createRequestQueue({ maxRps: 5, concurrency: 1, maxAttempts: 1, retryAfterCapMs: 1000, log });
const client = createApiClient({
  baseUrl: 'http://127.0.0.1:9',
  timeoutMs: 1000,
  queue,
  log,
  fetch: () => Promise.reject(new Error('no request may be sent')),
});

describe('the typed client', () => {
  it('refuses at compile time and at run time a call without a required parameter', () => {
    // @ts-expect-error game_pk is required
    expect(() => client.buildUrl('boxscore', {})).toThrow(ParamError);
    // @ts-expect-error updatedSince is required
    expect(() => client.buildUrl('game.currentGameStats', { sportId: 1 })).toThrow(ParamError);
    // @ts-expect-error stats and group are required
    expect(() => client.buildUrl('stats.stats', { personId: 1 })).toThrow(ParamError);
  });

  it('refuses at compile time and at run time a parameter of the wrong type or an unknown one', () => {
    // @ts-expect-error game_pk is an integer
    expect(() => client.buildUrl('boxscore', { game_pk: true })).toThrow(ParamError);
    // @ts-expect-error gamePk is not a parameter of boxscore (game_pk is)
    expect(() => client.buildUrl('boxscore', { gamePk: 1 })).toThrow(ParamError);
  });

  it('refuses at compile time and at run time an ambiguous or unavailable operation name', () => {
    // @ts-expect-error `stats` is used by two groups: team.stats or stats.stats
    expect(() => client.buildUrl('stats', { stats: 'season', group: 'hitting' })).toThrow(OperationUnavailableError);
    // @ts-expect-error affiliates is not available in this interface
    expect(() => client.buildUrl('affiliates', {})).toThrow(OperationUnavailableError);
  });

  it('accepts well-typed calls under bare and qualified names', () => {
    expect(client.buildUrl('boxscore', { game_pk: 1 })).toBe('http://127.0.0.1:9/v1/game/1/boxscore');
    expect(client.buildUrl('game.boxscore', { game_pk: 1, fields: ['teams'] })).toBe(
      'http://127.0.0.1:9/v1/game/1/boxscore?fields=teams',
    );
    expect(client.buildUrl('person', { personIds: [1, 2] })).toBe('http://127.0.0.1:9/v1/people?personIds=1,2');
    expect(client.buildUrl('gameTypes', {})).toBe('http://127.0.0.1:9/v1/gameTypes');
  });

  it('types the bodies the pipeline extracts', () => {
    const games = (body: ResponseOf<'schedule'>) => body.dates.flatMap((d) => d.games.map((g) => g.gamePk));
    const people = (body: ResponseOf<'person.currentGameStats'>) => body.people.map((p) => p.id);
    const plays = (body: ResponseOf<'playByPlay'>) => body.allPlays.map((p) => p.about.atBatIndex);
    const params: ParamsOf<'schedule'> = { sportId: [1, 11], startDate: '2024-07-01', hydrate: 'linescore' };
    expect(games({ dates: [{ date: '2024-07-01', games: [{ gamePk: 7, status: { codedGameState: 'F' } }] }] })).toEqual(
      [7],
    );
    expect(people({ people: [{ id: 3 }] })).toEqual([3]);
    expect(plays({ allPlays: [{ about: { atBatIndex: 0 }, playEvents: [] }] })).toEqual([0]);
    expect(params.sportId).toEqual([1, 11]);
  });
});
