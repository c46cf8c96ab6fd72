import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_PATHS_FILE, knownPathsFrom, SOURCES } from '../../../scripts/known-paths.js';
import {
  BODY_KINDS,
  type KnownPaths,
  keyPathsOf,
  newPaths,
  recordedPaths,
  simulatorOnlyPaths,
} from '../../../src/extract/new-paths.js';
import { createSimulator } from '../../../src/sim/index.js';
import { cloneFixture, describeRecorded, FIXTURES_DIR, fixtureNames } from '../../fixtures.js';
import { defined } from '../../helpers/defined.js';

// biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
type Body = any;

const FILE = JSON.parse(readFileSync(KNOWN_PATHS_FILE, 'utf8'));
/** The recorded bodies' paths only: what the simulator sends beyond them is checked against the file's own list. */
const KNOWN: KnownPaths = recordedPaths(FILE);

describe('newPaths', () => {
  const known: KnownPaths = { feed: [...keyPathsOf({ a: { b: [{ c: 1 }] }, liveData: { plays: { allPlays: [] } } })] };

  it('folds array indices and id keys, and reads currentPlay as one of allPlays', () => {
    expect([...keyPathsOf({ a: [{ b: 1 }, { c: [2] }], p: { ID660271: { x: 1 }, 147: 2 } })].sort()).toEqual([
      'a',
      'a[]',
      'a[].b',
      'a[].c',
      'a[].c[]',
      'p',
      'p.*',
      'p.*.x',
    ]);
    const feed = { liveData: { plays: { allPlays: [{ about: {} }], currentPlay: { about: {}, extra: 1 } } } };
    expect(
      newPaths('feed', feed, { feed: [...keyPathsOf({ liveData: { plays: { allPlays: [{ about: {} }] } } })] }),
    ).toEqual(['liveData.plays.allPlays[].extra']);
  });

  it('lists the outermost path of a new branch once, wherever it repeats', () => {
    const body = {
      a: {
        b: [
          { c: 1, d: { e: 1 } },
          { c: 2, d: { e: 2 } },
        ],
        z: [1],
      },
    };
    expect(newPaths('feed', body, known)).toEqual(['a.b[].d', 'a.z']);
  });

  it('has nothing to say about a kind it knows no paths of', () => {
    expect(newPaths('unknown', { x: 1 }, known)).toEqual([]);
  });
});

describeRecorded('known paths of the recorded bodies', () => {
  it('are the committed file, regenerated (npm run known-paths)', () => {
    expect(knownPathsFrom(FIXTURES_DIR)).toEqual(KNOWN);
    expect(Object.keys(KNOWN).sort()).toEqual([...BODY_KINDS].sort());
  });

  const bodies = BODY_KINDS.flatMap((kind) =>
    fixtureNames(SOURCES[kind].folder)
      .filter((name) => !SOURCES[kind].files || SOURCES[kind].files!.test(name.split('/')[1] ?? ''))
      .map((name) => ({ kind, name })),
  );

  it.each(bodies)('finds nothing new in $name ($kind) as recorded', ({ kind, name }) => {
    expect(newPaths(kind, cloneFixture(name), KNOWN)).toEqual([]);
  });

  it('finds exactly the two keys added to a recorded feed: under a pitch event and at the top of gameData', () => {
    const feed = cloneFixture<Body>('liveGameV1/823163_2026R_final_CLE-at-SEA_absChallenges.json');
    const pitch = feed.liveData.plays.allPlays[10].playEvents.find((e: Body) => e.isPitch);
    pitch.details.batTrackingVersion = 2;
    feed.gameData.pitchClock = { away: { violations: 0 } };
    expect(newPaths('feed', feed, KNOWN)).toEqual([
      'gameData.pitchClock',
      'liveData.plays.allPlays[].playEvents[].details.batTrackingVersion',
    ]);
  });
});

describeRecorded('known paths against the simulator', () => {
  const sim = createSimulator({ seed: 40, season: 2026 });
  const json = (path: string): Body => JSON.parse(sim.render(path).text);
  const games = sim
    .listGames()
    .filter((g) => g.gameType === 'R' && g.codedGameState === 'F')
    .filter((_, i) => i % 200 === 0);

  /**
   * What the simulator sends that no recorded body has: the file's simulatorOnly section, each path
   * with its reason. No feed path: a runner on third when the game ended, and isWinner of a home
   * team that won, are in no recorded feed, but their siblings are (first and second base, the away
   * team), and the known paths count a key of one side or base as known for the others.
   */
  const SIM_ONLY = simulatorOnlyPaths(FILE);
  const excused = (kind: string, paths: string[]) => paths.filter((p) => !SIM_ONLY[kind]?.includes(p));

  it.each([
    ['feed', (pk: number) => `/api/v1.1/game/${pk}/feed/live`],
    ['boxscore', (pk: number) => `/api/v1/game/${pk}/boxscore`],
    ['playByPlay', (pk: number) => `/api/v1/game/${pk}/playByPlay`],
  ] as const)('finds nothing new in simulated %s bodies', (kind, path) => {
    const found = new Set<string>();
    for (const g of games) for (const p of newPaths(kind, json(path(g.gamePk)), KNOWN)) found.add(p);
    expect([...found].sort()).toEqual([]);
  });

  it('finds in the other simulated kinds only what the simulator is known to add', () => {
    const g = defined(games[0], 'a simulated game');
    const feed = json(`/api/v1.1/game/${g.gamePk}/feed/live`);
    const personId = feed.gameData.probablePitchers.home.id;
    const teamId = feed.gameData.teams.home.id;
    const date = feed.gameData.datetime.officialDate;
    const urls: Array<[string, string]> = [
      ['person', `/api/v1/people/${personId}`],
      ['schedule', `/api/v1/schedule?sportId=1&date=${date}&hydrate=team,linescore,probablePitcher,decisions`],
      ['changes', '/api/v1/game/changes?updatedSince=2026-01-01T00:00:00Z&sportId=1&limit=100'],
      ['teams', '/api/v1/teams?sportId=1&season=2026'],
      ['roster', `/api/v1/teams/${teamId}/roster/40Man?date=${date}`],
      ['stats', '/api/v1/stats?stats=season&group=hitting&playerPool=ALL&sportId=1&season=2026&limit=50'],
      ['stats', '/api/v1/stats?stats=season&group=pitching&playerPool=ALL&sportId=1&season=2026&limit=50'],
      ['staff', '/api/v1/jobs/umpires?sportId=1'],
      ['awards', '/api/v1/awards'],
    ];
    const found: Record<string, Set<string>> = {};
    for (const [kind, url] of urls) {
      const paths = newPaths(kind, json(url), KNOWN);
      if (paths.length > 0) found[kind] = new Set([...(found[kind] ?? []), ...paths]);
    }
    // Only excused paths, each with a reason; the excused kinds of this sample are all met.
    for (const [kind, paths] of Object.entries(found)) expect(excused(kind, [...paths]), kind).toEqual([]);
    expect(Object.keys(found).sort()).toEqual(['changes', 'schedule', 'stats']);
    for (const [kind, paths] of Object.entries(SIM_ONLY))
      for (const p of paths) expect(KNOWN[kind], `${kind}: ${p} is excused but recorded`).not.toContain(p);
  });
});
