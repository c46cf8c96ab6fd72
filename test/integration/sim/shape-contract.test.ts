import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { keyPaths, missingPaths } from '../../helpers/shape.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

/**
 * Fields that appear in some real bodies but that the simulator does not produce. Each entry is a
 * field that is optional upstream (a hydration we do not implement, or a legacy/situational field).
 */
const ALLOW: Record<string, RegExp[]> = {
  game: [
    // Hot/cold zone stats are a per-batter hydration; the simulator sends the (real, often empty) arrays only.
    /HotColdZone(s\[\]|Stats)[.:]/,
    // Pre-2020 Gameday fields, gone from modern feeds.
    /\.pfxId:/,
    /\.nastyFactor:/,
    // 2015/2019 feeds carry `isOut: null` on some runner movements; modern ones always send a boolean.
    /\.movement\.isOut:null$/,
    // Upstream sends lastPlayedDate only for some players.
    /gameData\.players\.\*\.lastPlayedDate:/,
    // A pinch hitter's "a-" note inside topPerformers only when a pinch hitter is a top performer.
    /topPerformers\[\]\.player\.stats\.batting\.note:/,
    // Minor-league clubs name their MLB parent; the simulator has no minor leagues yet.
    /gameData\.teams\.(home|away)\.parentOrg(Id|Name):/,
    // Injury substitutions and a second challenge on one play are not simulated yet.
    /playEvents\[\]\.injuryType:/,
    /reviewDetails\.additionalReviews/,
  ],
  schedule: [
    // hydrate=game(content(...)) / tickets: media, editorial and ticket links are not simulated.
    /\.games\[\]\.content\.(?!link:)/,
    /\.games\[\]\.tickets/,
    // hydrate=stats expands every person in a schedule game and adds stat splits; we hydrate
    // probablePitcher, decisions and linescore with person references only.
    /\.(probablePitcher|winner|loser|save|pitcher|batter|onDeck|inHole)\.(?!(id|fullName|link):)/,
  ],
  winProbability: [
    // The real body's playEvents carry the fielders and batter on the field, the count before the
    // event, its umpire, and a win probability after each base-running action; the simulator sends
    // the play-by-play's playEvents (our extraction reads only the play-level fields).
    /\$\[\]\.playEvents\[\]\.(defense|offense|preCount|officials|homeTeamWinProbability|awayTeamWinProbability|homeTeamWinProbabilityAdded|leverageIndex|contextMetrics)[.:[]/,
    // Situational play-level extras: a drama index and scoring flags (ground-rule double, sac fly).
    /\$\[\]\.dramaIndex:/,
    /\$\[\]\.flags\[\]/,
  ],
  people: [
    // hydrate=stats(...) on /people: stat splits are not simulated.
    /\.people\[\]\.stats/,
  ],
};

/** currentPlay is one element of allPlays, so its paths are compared as allPlays[] paths. */
const normalize = (paths: Set<string>) =>
  new Set([...paths].map((p) => p.replace('.currentPlay.', '.allPlays[].').replace('.currentPlay:', '.allPlays[]:')));

function union(bodies: unknown[]): Set<string> {
  const out = new Set<string>();
  for (const b of bodies) keyPaths(b, out);
  return normalize(out);
}

let s: RunningSim;
let gamePks: number[] = [];

beforeAll(async () => {
  s = await startSim({ seed: 7 });
  const games = s.sim.listGames().filter((g) => g.codedGameState === 'F');
  const regular = games.filter((g) => g.gameType === 'R');
  // A spread of regular-season games plus every World Series game and a few spring games.
  gamePks = [
    ...regular.filter((_, i) => i % 100 === 0).map((g) => g.gamePk),
    ...games.filter((g) => g.gameType === 'W').map((g) => g.gamePk),
    ...games
      .filter((g) => g.gameType === 'S')
      .slice(0, 3)
      .map((g) => g.gamePk),
  ];
}, 60_000);

afterAll(() => s?.close());

async function simUnion(paths: string[]): Promise<Set<string>> {
  const bodies = [];
  for (const p of paths) bodies.push(await s.json(p));
  return union(bodies);
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
      const expected = union(fixtureBodies(folder).map((f) => f.body));
      const actual = await simUnion(gamePks.map(path));
      expect(
        missingPaths(
          expected,
          actual,
          folder === 'getWinProbability' ? [...ALLOW.game!, ...ALLOW.winProbability!] : ALLOW.game,
        ),
      ).toEqual([]);
    }, 60_000);
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
    ]) {
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
