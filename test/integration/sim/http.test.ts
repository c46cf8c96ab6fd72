import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_LISTS } from '../../../src/sim/data/config-lists.js';
import { runSim } from '../../../src/sim/main.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

let s: RunningSim;

beforeAll(async () => {
  s = await startSim({ seed: 4, now: new Date('2025-05-20T12:00:00Z') });
});

afterAll(() => s?.close());

/** Raw GET that does not decompress, so headers and bytes can be checked as sent. */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(s.url + path);
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('HTTP surface', () => {
  it('serves compact JSON with the real content type and an exact Content-Length', async () => {
    const res = await raw('/v1/teams?sportId=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const text = res.body.toString('utf8');
    expect(text).not.toContain('\n');
    expect(JSON.parse(text).copyright).toMatch(/^Copyright 2026 MLB Advanced Media, L\.P\./);
  });

  it('honours Accept-Encoding: gzip', async () => {
    const pk = (await s.json('/v1/schedule?sportId=1&startDate=2025-05-10&endDate=2025-05-12')).dates[0].games[0]
      .gamePk;
    const plain = await raw(`/v1/game/${pk}/boxscore`);
    const gz = await raw(`/v1/game/${pk}/boxscore`, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('puts the copyright on every game, schedule, people and team body', async () => {
    const pk = (await s.json('/v1/schedule?sportId=1&startDate=2025-05-10&endDate=2025-05-12')).dates[0].games[0]
      .gamePk;
    for (const p of [
      `/v1.1/game/${pk}/feed/live`,
      `/v1/game/${pk}/boxscore`,
      `/v1/game/${pk}/playByPlay`,
      `/v1/game/${pk}/linescore`,
      '/v1/schedule?sportId=1',
      '/v1/people/changes?updatedSince=2025-05-01T00:00:00Z',
      '/v1/teams/147',
      '/v1/teams/147/roster',
      '/v1/venues',
      '/v1/seasons',
    ]) {
      expect((await s.json(p)).copyright, p).toContain('MLB Advanced Media');
    }
  });

  it('answers /seasons for the seasons its season parameter lists, as the API does', async () => {
    const one = (await s.json('/v1/seasons?season=2021&sportId=1')).seasons;
    expect(one.map((x: { seasonId: string }) => x.seasonId)).toEqual(['2021']);
    expect(one[0].seasonStartDate).toMatch(/^2021-/);
    const two = (await s.json('/v1/seasons?season=2023,2024&sportId=1')).seasons;
    expect(two.map((x: { seasonId: string }) => x.seasonId)).toEqual(['2023', '2024']);
    const current = (await s.json('/v1/seasons?sportId=1')).seasons;
    expect(current.map((x: { seasonId: string }) => x.seasonId)).toEqual([String(s.sim.season)]);
  });

  it('answers /people without personIds with a 400 error body, and unknown people with 404', async () => {
    const res = await s.get('/v1/people');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      messageNumber: expect.any(Number),
      message: expect.stringContaining('personIds'),
    });
    expect((await s.get('/v1/people/1')).status).toBe(404);
    expect((await s.get('/v1/game/1/boxscore')).status).toBe(404);
  });

  it('serves every configuration list as an array of objects', async () => {
    const names = [
      'gameTypes',
      'gameStatus',
      'positions',
      'statGroups',
      'statTypes',
      'eventTypes',
      'pitchTypes',
      'pitchCodes',
      'rosterTypes',
      'jobTypes',
      'hitTrajectories',
      'standingsTypes',
      'windDirection',
      'sky',
      'languages',
      'baseballStats',
      'leagueLeaderTypes',
      'metrics',
      'platforms',
      'playerStatusCodes',
      'reviewReasons',
      'scheduleEventTypes',
      'transactionTypes',
      'logicalEvents',
      'fielderDetailTypes',
      'runnerDetailTypes',
      'groupByTypes',
      'sortModifiers',
      'gamedayTypes',
      'statFields',
      'situationCodes',
    ];
    expect(Object.keys(CONFIG_LISTS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const body = await s.json(`/v1/${name}`);
      expect(Array.isArray(body), name).toBe(true);
      expect(body.length, name).toBeGreaterThan(1);
      expect(
        body.every((x: unknown) => typeof x === 'object' && x !== null),
        name,
      ).toBe(true);
    }
    const status = await s.json('/v1/gameStatus');
    expect(status.find((x: { codedGameState: string }) => x.codedGameState === 'U')).toMatchObject({
      abstractGameState: 'Live',
      detailedState: 'Suspended',
    });
  });

  it('serves teams, venues and the simulated season with its dates', async () => {
    const teams = (await s.json('/v1/teams?sportId=1&season=2025')).teams;
    expect(teams).toHaveLength(30);
    expect(new Set(teams.map((t: { league: { id: number } }) => t.league.id))).toEqual(new Set([103, 104]));
    expect(new Set(teams.map((t: { division: { id: number } }) => t.division.id)).size).toBe(6);
    expect((await s.json('/v1/teams?sportId=11')).teams).toEqual([]);
    const roster = (await s.json('/v1/teams/147/roster/40Man')).roster;
    expect(roster.length).toBeGreaterThanOrEqual(36);
    expect((await s.json('/v1/teams/147/roster')).roster).toHaveLength(26);
    expect((await s.json('/v1/venues/3313')).venues[0].name).toBe('Yankee Stadium');
    const all = (await s.json('/v1/seasons/all?sportId=1')).seasons;
    expect(all).toEqual([expect.objectContaining({ seasonId: '2025', regularSeasonStartDate: '2025-03-27' })]);
    expect((await s.json('/v1/seasons?sportId=1')).seasons[0].seasonId).toBe('2025');
  });

  it('has about 1,200 players with real-looking records', async () => {
    const body = await s.json('/v1/people/changes?updatedSince=2000-01-01T00:00:00Z');
    const players = body.people.filter((p: { isPlayer: boolean }) => p.isPlayer);
    expect(players.length).toBe(1200);
    for (const p of players.slice(0, 50)) {
      expect(p.height).toMatch(/^\d' \d+"$/);
      expect(p.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['L', 'R', 'S']).toContain(p.batSide.code);
      expect(p.fullName.split(' ').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('starts from command-line style arguments (dugout sim --port P --seed S)', async () => {
    const lines: string[] = [];
    const started = await runSim({ port: 0, seed: 9, now: '2025-06-01T00:00:00Z' }, (l) => lines.push(l));
    try {
      expect(lines[0]).toMatch(
        /^sim listening http:\/\/127\.0\.0\.1:\d+\/api seed=9 season=2025 now=2025-06-01T00:00:00\.000Z$/,
      );
      const res = await fetch(`${started.url}/v1/teams/147`);
      expect(res.status).toBe(200);
    } finally {
      await started.close();
    }
  });
});
