import { describe, expect, it } from 'vitest';
import { createApiClient, type OperationName } from '../../../src/api/index.js';
import { ParamError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';

const log = createSilentLogger();
let fetched = 0;
const client = createApiClient({
  baseUrl: 'http://127.0.0.1:9/api',
  timeoutMs: 1000,
  log,
  queue: createRequestQueue({ maxRps: 100, concurrency: 1, maxAttempts: 1, retryAfterCapMs: 1000, log }),
  fetch: async () => {
    fetched++;
    throw new Error('validation must fail before any request');
  },
});

/** Untyped access, as the CLI has it. */
const build = (name: string, params: Record<string, unknown>) =>
  client.buildUrl(name as OperationName, params as never);
const path = (name: string, params: Record<string, unknown>) =>
  build(name, params).replace('http://127.0.0.1:9/api', '');

function problem(name: string, params: Record<string, unknown>): string {
  try {
    build(name, params);
  } catch (err) {
    expect(err).toBeInstanceOf(ParamError);
    expect((err as Error).message).not.toContain('\n');
    return (err as Error).message;
  }
  throw new Error(`expected ${name} ${JSON.stringify(params)} to be refused`);
}

describe('parameter validation', () => {
  it('refuses a missing required parameter and names it with its type', () => {
    expect(problem('boxscore', {})).toBe('boxscore: missing required parameter game_pk (integer)');
    expect(problem('team.alumni', { teamId: 147 })).toContain('missing required parameter season (string)');
    expect(problem('stats.stats', { stats: 'season' })).toContain('missing required parameter group (array)');
    expect(problem('game.currentGameStats', {})).toContain('missing required parameter updatedSince');
  });

  it('refuses an integer that is not an integer', () => {
    for (const bad of [1.5, '1.5', 'abc', '', true, [1], Number.NaN, '1e3', 2 ** 60]) {
      expect(problem('boxscore', { game_pk: bad })).toMatch(/^boxscore: game_pk must be an integer, got /);
    }
    expect(path('boxscore', { game_pk: ' 7 ' })).toBe('/v1/game/7/boxscore');
    expect(path('content', { game_pk: 1, highlightLimit: '0' })).toBe('/v1/game/1/content?highlightLimit=0');
  });

  it('accepts true/false booleans only', () => {
    expect(path('allSeasons', { withGameTypeDates: false })).toBe('/v1/seasons/all?withGameTypeDates=false');
    expect(path('allSeasons', { withGameTypeDates: 'true' })).toBe('/v1/seasons/all?withGameTypeDates=true');
    for (const bad of ['yes', 1, 'TRUE'])
      expect(problem('allSeasons', { withGameTypeDates: bad })).toContain('must be true or false');
  });

  it('takes a list or a comma string for an array parameter, checks its elements and sends it comma-joined', () => {
    expect(path('person', { personIds: [1, 2, 3] })).toBe('/v1/people?personIds=1,2,3');
    expect(path('person', { personIds: '1, 2,3' })).toBe('/v1/people?personIds=1,2,3');
    expect(path('person', { personIds: 4 })).toBe('/v1/people?personIds=4');
    expect(problem('person', { personIds: '1,x' })).toContain('personIds must be a list of integers, got "x" in it');
    expect(problem('person', { personIds: [] })).toContain('personIds must not be an empty list');
    expect(problem('person', { personIds: '1,,2' })).toContain('personIds must be a list of integers');
    expect(problem('person', { fields: 'a,,b' })).toContain('fields must be a list of non-empty strings');
    expect(problem('person', { fields: { a: 1 } })).toContain('fields must be a list or a comma-separated string');
  });

  it('accepts only real calendar dates YYYY-MM-DD for LocalDate', () => {
    expect(path('coaches', { teamId: 1, date: '2024-02-29' })).toBe('/v1/teams/1/coaches?date=2024-02-29');
    expect(path('coaches', { teamId: 1, date: '2000-02-29' })).toBe('/v1/teams/1/coaches?date=2000-02-29');
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-7-1',
      '07/01/2024',
      '2024-07-01T00:00:00Z',
      20240701,
    ]) {
      expect(problem('coaches', { teamId: 1, date: bad })).toContain('date must be a calendar date YYYY-MM-DD');
    }
  });

  it('accepts only YYYYMMDD_HHMMSS for timecode', () => {
    expect(path('boxscore', { game_pk: 1, timecode: '20240701_214404' })).toBe(
      '/v1/game/1/boxscore?timecode=20240701_214404',
    );
    for (const bad of [
      '20240701_244404',
      '20240701_216004',
      '20240230_120000',
      '2024-07-01_214404',
      '20240701214404',
      '07012024_214404',
    ]) {
      expect(problem('boxscore', { game_pk: 1, timecode: bad })).toContain(
        'timecode must be a timecode YYYYMMDD_HHMMSS',
      );
    }
  });

  it('accepts only YYYY-MM-DDTHH:MM:SSZ for updatedSince', () => {
    expect(path('game.currentGameStats', { updatedSince: '2024-07-01T23:59:59Z' })).toBe(
      '/v1/game/changes?updatedSince=2024-07-01T23%3A59%3A59Z',
    );
    for (const bad of [
      '2024-07-01',
      '2024-07-01T00:00:00',
      '2024-07-01 00:00:00Z',
      '2024-07-01T00:00:00+02:00',
      '2024-07-01T00:00:00.000Z',
      '2024-07-32T00:00:00Z',
      '2024-07-01T24:00:00Z',
    ]) {
      expect(problem('game.currentGameStats', { updatedSince: bad })).toContain(
        'updatedSince must be a UTC time YYYY-MM-DDTHH:MM:SSZ',
      );
    }
  });

  it('accepts startTimecode and endTimecode as metaData.timeStamp writes them, and as the interface states', () => {
    expect(path('liveGameDiffPatchV1', { game_pk: 1, startTimecode: '20240612_041248' })).toBe(
      '/v1.1/game/1/feed/live/diffPatch?startTimecode=20240612_041248',
    );
    expect(path('liveGameDiffPatchV1', { game_pk: 1, startTimecode: '12312024_235959' })).toBe(
      '/v1.1/game/1/feed/live/diffPatch?startTimecode=12312024_235959',
    );
    for (const bad of ['20240230_000000', '02302024_000000', '20240612_241248', '2024061_041248', '20240612041248'])
      expect(problem('liveGameDiffPatchV1', { game_pk: 1, endTimecode: bad })).toContain(
        'endTimecode must be a timecode YYYYMMDD_HHMMSS (or MMDDYYYY_HHMMSS)',
      );
  });

  it('accepts fields and hydrate where listed, and refuses an unknown parameter listing the accepted ones', () => {
    expect(path('schedule', { sportId: 1, fields: 'dates,games', hydrate: 'linescore' })).toBe(
      '/v1/schedule?sportId=1&fields=dates,games&hydrate=linescore',
    );
    expect(problem('boxscore', { game_pk: 1, hydrate: 'x' })).toBe(
      'boxscore: unknown parameter hydrate (accepted: game_pk (required), timecode, fields)',
    );
    expect(problem('gameStatus', { fields: 'x' })).toBe('gameStatus: unknown parameter fields (accepted: none)');
    expect(problem('boxscore', { game_pk: 1, gamePk: 1, foo: 2 })).toContain(
      'unknown parameters gamePk, foo (accepted:',
    );
  });

  it('reports every problem of a call in one line', () => {
    const msg = problem('stats.stats', { group: 'hitting', startDate: '2024-02-30', limit: 'ten', nope: 1 });
    expect(msg).toContain('unknown parameter nope');
    expect(msg).toContain('missing required parameter stats');
    expect(msg).toContain('startDate must be a calendar date');
    expect(msg).toContain('limit must be an integer');
  });

  it('URL-encodes every value and never splices a raw value into the path', () => {
    expect(path('roster', { teamId: 1, rosterType: 'a/b c?d#e' })).toBe('/v1/teams/1/roster/a%2Fb%20c%3Fd%23e');
    expect(path('__schedule_scheduleType', { scheduleType: '../admin' })).toBe('/v1/schedule/..%2Fadmin');
    expect(problem('__seasons_seasonId', { seasonId: '..' })).toContain('seasonId must not be ".."');
    expect(problem('roster', { teamId: 1, rosterType: '.' })).toContain('rosterType must not be "."');
    expect(path('freeAgents', { season: '2024&x=1#y' })).toBe('/v1/people/freeAgents?season=2024%26x%3D1%23y');
    expect(path('getJobsByType', { jobType: 'Ümp 1+1' })).toBe('/v1/jobs?jobType=%C3%9Cmp%201%2B1');
  });

  it('sends no request when validation fails', async () => {
    await expect(client.call('boxscore' as OperationName, {} as never)).rejects.toBeInstanceOf(ParamError);
    await expect(client.call('stats' as OperationName, {} as never)).rejects.toThrow('ambiguous');
    await expect(client.call('affiliates' as OperationName, {} as never)).rejects.toThrow(
      'not available in this interface',
    );
    expect(fetched).toBe(0);
  });
});
