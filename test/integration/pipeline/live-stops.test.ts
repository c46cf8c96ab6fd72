import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveJob } from '../../../jobs/live.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { LiveLoopResult, LivePassResult } from '../../../src/pipeline/live.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { startRewritingProxy } from '../../helpers/rewriting-proxy.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: bodies are read by their documented paths
type J = any;

const STEP_MS = 97_000;

/** The schedule's status of a game that stopped, as the API writes it. */
const STOPPED: Record<string, J> = {
  U: { abstractGameState: 'Live', codedGameState: 'U', detailedState: 'Suspended', statusCode: 'UR', reason: 'Rain' },
  D: { abstractGameState: 'Final', codedGameState: 'D', detailedState: 'Postponed', statusCode: 'DR', reason: 'Rain' },
  C: { abstractGameState: 'Final', codedGameState: 'C', detailedState: 'Cancelled', statusCode: 'CR', reason: 'Rain' },
};

/**
 * Issue 46 §4: `dugout live --once` fails when every followed game failed and names the failures
 * when some did; a game the schedule says is suspended, postponed or cancelled is no longer
 * requested and its stored live feed is dropped.
 */
describe('live --once failures, and games that stop mid-day', () => {
  let h: SimHarness;
  let proxy: { url: string; close(): Promise<void> };
  let t: TestDatabase;
  let playing: number[] = [];
  /** Games whose feed answers are not feeds. */
  let broken: (gamePk: number) => boolean = () => false;
  /** Games the schedule now shows stopped, with their new coded state. */
  const stopped = new Map<number, string>();

  beforeAll(async () => {
    const probe = await startSim({ seed: 3 });
    const day = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 3, now: new Date(`${day}T23:20:00Z`) });
    proxy = await startRewritingProxy(h.url, (path, body: J) => {
      const pk = Number(/\/game\/(\d+)\/feed\/live/.exec(path)?.[1]);
      if (pk && broken(pk)) return { notAFeed: true };
      if (path.startsWith('/v1/schedule'))
        for (const d of body.dates ?? [])
          for (const g of d.games ?? []) {
            const code = stopped.get(g.gamePk);
            if (code) g.status = { ...STOPPED[code], abstractGameCode: STOPPED[code].abstractGameState[0] };
          }
      return body;
    });
    // On disk: the CLI's child process opens it too.
    t = await createTestDatabase({ onDisk: true });
    playing = h.sim
      .listGames()
      .filter((g) => g.officialDate === day && g.codedGameState === 'I' && g.sportId === 1)
      .map((g) => g.gamePk)
      .sort((a, b) => a - b);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await h?.close();
    await t?.drop();
  });

  const pass = async (): Promise<LivePassResult> => {
    const run = await liveJob.run(runDeps(t.database, { ...h, url: proxy.url }, { sportIds: [1], maxAttempts: 1 }), {
      once: true,
      untilIdle: false,
    });
    expect(run.error).toBeUndefined();
    return (run.result as LiveLoopResult).last!;
  };
  const cli = () =>
    withDatabaseClosed(t, () =>
      runCli(['live', '--once', '--json', '--now', h.sim.now().toISOString()], {
        env: { ...cliEnv(t, proxy), DUGOUT_SPORT_IDS: '1', STATSAPI_MAX_ATTEMPTS: '1' },
        timeoutMs: 90_000,
      }),
    );

  it('exits 0 naming the games that failed when some did, 1 when every followed game failed', {
    timeout: 200_000,
  }, async () => {
    expect(playing.length).toBeGreaterThanOrEqual(5);
    const first = await pass();
    expect(first.failedGames).toEqual([]);
    expect(first.followed).toBeGreaterThanOrEqual(playing.length);

    h.sim.advance(STEP_MS);
    const two = playing.slice(0, 2);
    broken = (pk) => two.includes(pk);
    const some = await cli();
    expect(some.code, some.stderr).toBe(0);
    const summary = JSON.parse(some.stdout);
    expect(summary.status).toBe('succeeded');
    expect([...summary.result.last.failedGames].sort()).toEqual(two);

    h.sim.advance(STEP_MS);
    broken = () => true;
    const all = await cli();
    expect(all.code, all.stderr).toBe(1);
    const failed = JSON.parse(all.stdout);
    expect(failed.status).toBe('failed');
    expect(failed.result.last.followed).toBeGreaterThanOrEqual(playing.length);
    expect(failed.result.last.failedGames.length).toBe(failed.result.last.followed);
    broken = () => false;
  });

  it('stops requesting a game once the schedule says suspended, postponed or cancelled, and drops its live feed', {
    timeout: 120_000,
  }, async () => {
    const [u, d, c] = playing;
    await pass();
    const before = await queryRows<{ pk: number }>(t.database.db, sql`select game_pk as pk from raw.live_feeds`);
    for (const pk of [u, d, c]) expect(before.map((r) => Number(r.pk))).toContain(pk);
    stopped.set(u!, 'U').set(d!, 'D').set(c!, 'C');
    for (let i = 0; i < 2; i++) {
      h.sim.advance(STEP_MS);
      const from = h.sim.requestLog.length;
      const r = await pass();
      const asked = h.sim.requestLog.slice(from).map((e) => e.path);
      for (const pk of [u, d, c])
        expect(
          asked.filter((p) => p.includes(`/game/${pk}/`)),
          `game ${pk}`,
        ).toEqual([]);
      // The others are still followed.
      for (const pk of playing.slice(3))
        expect(
          asked.some((p) => p.includes(`/game/${pk}/`)),
          `game ${pk}`,
        ).toBe(true);
      expect(r.failedGames).toEqual([]);
      const feeds = await queryRows<{ pk: number }>(t.database.db, sql`select game_pk as pk from raw.live_feeds`);
      for (const pk of [u, d, c]) expect(feeds.map((f) => Number(f.pk))).not.toContain(pk);
    }
    const states = await queryRows<{ pk: number; s: string; plays: number }>(
      t.database.db,
      sql`select g.game_pk as pk, g.coded_game_state as s,
                 (select count(*) from mlb.plays p where p.game_pk = g.game_pk)::int as plays
          from mlb.games g where g.game_pk in (${u}, ${d}, ${c}) order by g.game_pk`,
    );
    expect(Object.fromEntries(states.map((s) => [Number(s.pk), s.s]))).toEqual({ [u!]: 'U', [d!]: 'D', [c!]: 'C' });
    // Their plays so far stay.
    for (const s of states) expect(s.plays, `game ${s.pk}`).toBeGreaterThan(0);
  });
});
