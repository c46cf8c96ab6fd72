import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { missingPaths } from '../../helpers/shape.js';
import { ALLOW, isMinorLeagueFeed, union } from '../../helpers/shape-allow.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

let s: RunningSim;
/** A 2026 season: the first with ABS challenges (reviews with a challenger). */
let s2026: RunningSim;
/** A 2015 season: the PITCHf/x era (`nastyFactor`, `pfxId`) of the oldest recorded feed. */
let s2015: RunningSim;
let gamePks: number[] = [];
let gamePks2026: number[] = [];
let gamePks2015: number[] = [];

/** A spread of final regular-season games plus every World Series game and a few spring games. */
function sampleGames(sim: RunningSim, every: number): number[] {
  const games = sim.sim.listGames().filter((g) => g.codedGameState === 'F');
  return [
    ...games.filter((g) => g.gameType === 'R').filter((_, i) => i % every === 0),
    ...games.filter((g) => g.gameType === 'W'),
    ...games.filter((g) => g.gameType === 'S').slice(0, 3),
  ].map((g) => g.gamePk);
}

beforeAll(async () => {
  s = await startSim({ seed: 7 });
  s2026 = await startSim({ seed: 7, season: 2026 });
  s2015 = await startSim({ seed: 7, season: 2015 });
  gamePks = sampleGames(s, 100);
  gamePks2026 = sampleGames(s2026, 200);
  gamePks2015 = sampleGames(s2015, 400);
}, 180_000);

afterAll(async () => {
  await s?.close();
  await s2026?.close();
  await s2015?.close();
});

async function simUnion(paths: string[], sim: RunningSim = s): Promise<Set<string>> {
  const bodies = [];
  for (const p of paths) bodies.push(await sim.json(p));
  return union(bodies);
}

/** The union over the simulated seasons' sampled games. */
async function gamesUnion(path: (pk: number) => string): Promise<Set<string>> {
  const out = await simUnion(gamePks.map(path));
  for (const p of await simUnion(gamePks2026.map(path), s2026)) out.add(p);
  for (const p of await simUnion(gamePks2015.map(path), s2015)) out.add(p);
  return out;
}

describeRecorded('simulator bodies carry every key path of the real recorded bodies', () => {
  const gameCases: Array<[string, string, (pk: number) => string]> = [
    ['liveGameV1', 'feed/live', (pk) => `/v1.1/game/${pk}/feed/live`],
    ['boxscore', 'boxscore', (pk) => `/v1/game/${pk}/boxscore`],
    ['playByPlay', 'playByPlay', (pk) => `/v1/game/${pk}/playByPlay`],
    ['linescore', 'linescore', (pk) => `/v1/game/${pk}/linescore`],
    ['getWinProbability', 'winProbability', (pk) => `/v1/game/${pk}/winProbability`],
  ];
  for (const [folder, label, path] of gameCases) {
    it(`${label} covers fixtures/${folder}`, async () => {
      const expected = union(
        fixtureBodies(folder)
          .map((f) => f.body)
          .filter((b) => !isMinorLeagueFeed(b)),
      );
      const actual = await gamesUnion(path);
      expect(
        missingPaths(
          expected,
          actual,
          folder === 'getWinProbability' ? [...ALLOW.game, ...ALLOW.winProbability] : ALLOW.game,
        ),
      ).toEqual([]);
    }, 180_000);
  }

  it('schedule (plain and hydrated) covers fixtures/schedule', async () => {
    const expected = union(fixtureBodies('schedule').map((f) => f.body));
    const actual = await simUnion([
      '/v1/schedule?sportId=1&season=2025',
      '/v1/schedule?sportId=1&startDate=2025-03-10&endDate=2025-03-12&hydrate=team,linescore,decisions,probablePitcher,flags',
      '/v1/schedule?sportId=1&startDate=2025-06-01&endDate=2025-06-07&hydrate=team,linescore,decisions,probablePitcher,flags',
    ]);
    expect(missingPaths(expected, actual, ALLOW.schedule)).toEqual([]);
  }, 60_000);

  it('game changes cover fixtures/game_changes', async () => {
    const expected = union(fixtureBodies('game_changes').map((f) => f.body));
    const actual = await simUnion(['/v1/game/changes?updatedSince=2025-01-01T00:00:00Z&sportId=1']);
    expect(missingPaths(expected, actual, [])).toEqual([]);
  });

  it('people cover fixtures/person', async () => {
    const expected = union(fixtureBodies('person').map((f) => f.body));
    const actual = await simUnion(['/v1/people/changes?updatedSince=2000-01-01T00:00:00Z']);
    expect(missingPaths(expected, actual, ALLOW.people)).toEqual([]);
  });

  it('teams cover fixtures/teams', async () => {
    const expected = union(fixtureBodies('teams').map((f) => f.body));
    const actual = await simUnion(['/v1/teams?sportId=1', '/v1/teams/147']);
    expect(missingPaths(expected, actual, [])).toEqual([]);
  });

  it('rosters cover fixtures/roster', async () => {
    const expected = union(fixtureBodies('roster').map((f) => f.body));
    const teams = (await s.json('/v1/teams?sportId=1')).teams.map((t: { id: number }) => t.id);
    const actual = await simUnion([
      ...teams.map((id: number) => `/v1/teams/${id}/roster/40Man?hydrate=person`),
      '/v1/teams/147/roster',
    ]);
    expect(missingPaths(expected, actual, [])).toEqual([]);
  });

  it('umpires cover fixtures/umpires', async () => {
    const expected = union(fixtureBodies('umpires').map((f) => f.body));
    expect(missingPaths(expected, await simUnion(['/v1/jobs/umpires?sportId=1']), [])).toEqual([]);
  });

  it('transactions cover fixtures/transactions', async () => {
    // A world with a Triple-A level: its recalls and options name the club moved from.
    const levels = await startSim({ seed: 7, sportIds: [1, 11], now: new Date('2025-09-20T18:00:00Z') });
    try {
      const expected = union(fixtureBodies('transactions').map((f) => f.body));
      const actual = union([await levels.json('/v1/transactions?startDate=2025-02-01&endDate=2025-09-20')]);
      expect(missingPaths(expected, actual, [])).toEqual([]);
    } finally {
      await levels.close();
    }
  });

  it('the draft covers fixtures/draftPicks', async () => {
    // Late September: every pick of the June draft made, most of them signed, the first pick's debut passed.
    const august = await startSim({ seed: 7, now: new Date('2025-09-20T18:00:00Z') });
    try {
      const expected = union(fixtureBodies('draftPicks').map((f) => f.body));
      const actual = union([await august.json('/v1/draft/2025')]);
      expect(missingPaths(expected, actual, [])).toEqual([]);
    } finally {
      await august.close();
    }
  });

  it("hydrated venues carry the field of the feeds' venues (fieldInfo)", async () => {
    const feeds = fixtureBodies('liveGameV1')
      .map((f) => (f.body as { gameData?: { venue?: { fieldInfo?: unknown } } }).gameData?.venue?.fieldInfo)
      .filter((v) => v !== undefined)
      .map((fieldInfo) => ({ venues: [{ fieldInfo }] }));
    const actual = await simUnion(['/v1/venues?sportIds=1&season=2025&hydrate=fieldInfo']);
    expect(missingPaths(union(feeds), actual, [])).toEqual([]);
  });

  it('the award catalogue covers fixtures/awards', async () => {
    const expected = union(fixtureBodies('awards').map((f) => f.body));
    expect(missingPaths(expected, await simUnion(['/v1/awards']), [])).toEqual([]);
  });

  it('season stats cover fixtures/stats', { timeout: 120_000 }, async () => {
    const expected = union(
      fixtureBodies('stats')
        .filter((f) => f.file.startsWith('season'))
        .map((f) => f.body),
    );
    const actual = await simUnion([
      '/v1/stats?stats=season&group=hitting&playerPool=QUALIFIED&limit=50',
      '/v1/stats?stats=season&group=pitching&playerPool=QUALIFIED&limit=50',
    ]);
    expect(missingPaths(expected, actual, [])).toEqual([]);
  });

  it('seasons, venues and gameTypes cover their fixtures', async () => {
    for (const [folder, path] of [
      ['seasons', '/v1/seasons/2025?sportId=1'],
      ['allSeasons', '/v1/seasons/all?sportId=1'],
      ['venues', '/v1/venues/15'],
      ['config/gameTypes', '/v1/gameTypes'],
      ['coaches', '/v1/teams/147/coaches?season=2025'],
      ['postseasonScheduleSeries', '/v1/schedule/postseason/series?season=2025&sportId=1'],
    ] as const) {
      const expected = union(fixtureBodies(folder).map((f) => f.body));
      expect({ folder, missing: missingPaths(expected, await simUnion([path]), []) }).toEqual({ folder, missing: [] });
    }
  });

  it('unknown paths answer 404 with the real error body shape', async () => {
    const res = await s.get('/v1/noSuchThing');
    expect(res.status).toBe(404);
    const expected = union(
      fixtureBodies('errors')
        .filter((f) => f.file === '404.json')
        .map((f) => f.body),
    );
    // traceId is null in the real 404 and in ours.
    expect(missingPaths(expected, union([await res.json()]), [])).toEqual([]);
  });
});
