import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { warehouseDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

describe('a backfill killed with SIGKILL', () => {
  let h: SimHarness;
  let interrupted: TestDatabase;
  let reference: TestDatabase;
  let range: { startDate: string; endDate: string };

  beforeAll(async () => {
    h = await startSim({ seed: 5 });
    const d0 = firstRegularDate(h.sim);
    range = { startDate: d0, endDate: addDays(d0, 4) };
    interrupted = await createTestDatabase({ onDisk: true });
    reference = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await interrupted?.drop();
    await reference?.drop();
  });

  it('finishes the rest when run again, and the tables equal an uninterrupted run', { timeout: 300_000 }, async () => {
    const args = ['backfill', '--start-date', range.startDate, '--end-date', range.endDate];
    await withDatabaseClosed(interrupted, async () => {
      const startCount = h.sim.requestLog.length;
      let pid = 0;
      const killed = runCli(args, { env: cliEnv(interrupted, h), onSpawn: (p) => (pid = p) });
      const watcher = setInterval(() => {
        const games = h.sim.requestLog.slice(startCount).filter((r) => r.path.includes('/feed/live')).length;
        if (games >= 25 && pid) {
          process.kill(pid, 'SIGKILL');
          clearInterval(watcher);
        }
      }, 20);
      const first = await killed;
      clearInterval(watcher);
      expect(first.signal).toBe('SIGKILL');
      const second = await runCli(args, { env: cliEnv(interrupted, h) });
      expect(second.code, second.stderr).toBe(0);
    });
    const runs = await queryRows<{ runId: number; status: string; gamesLoaded: number; stored: number }>(
      interrupted.database.db,
      sql`select r.run_id as "runId", r.status, r.games_loaded as "gamesLoaded",
                 (select count(*)::int from raw.boxscores b where b.run_id = r.run_id) as stored
          from ingest.runs r where job = 'backfill' order by run_id`,
    );
    expect(runs.map((r) => r.status)).toEqual(['interrupted', 'succeeded']);
    // Run ids follow on, even after an embedded database was killed with its process.
    expect(Number(runs[1]!.runId)).toBe(Number(runs[0]!.runId) + 1);
    // The killed run's ledger says what it finished: its counts are written as it goes, at most
    // the games that ended while the last write was in flight behind.
    const killedRun = runs[0]!;
    expect(killedRun.stored).toBeGreaterThan(0);
    expect(killedRun.gamesLoaded).toBeLessThanOrEqual(killedRun.stored);
    expect(killedRun.gamesLoaded).toBeGreaterThanOrEqual(
      killedRun.stored - 2 * Number(cliEnv(interrupted, h).STATSAPI_CONCURRENCY),
    );
    const uninterrupted = await backfillJob.run(runDeps(reference.database, h), { range });
    expect(uninterrupted.status).toBe('succeeded');
    expect(await warehouseDigest(interrupted.database.db)).toEqual(await warehouseDigest(reference.database.db));
  });
});

describe('two sync processes at once', () => {
  let h: SimHarness;
  let t: TestDatabase;
  beforeAll(async () => {
    const probe = await startSim({ seed: 9 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 9, now: new Date(Date.parse(`${addDays(d0, 3)}T12:00:00Z`)) });
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('load every game exactly once', { timeout: 300_000 }, async () => {
    const now = h.sim.now().toISOString();
    const [a, b] = await withDatabaseClosed(t, () =>
      Promise.all([
        runCli(['sync', '--now', now], { env: cliEnv(t, h) }),
        runCli(['sync', '--now', now], { env: cliEnv(t, h) }),
      ]),
    );
    const db = t.database.db;
    const finals = h.sim
      .listGames()
      .filter((g) => g.codedGameState === 'F' && g.officialDate >= addDays(now.slice(0, 10), -3))
      .map((g) => g.gamePk);
    expect(finals.length).toBeGreaterThan(10);
    if (t.kind === 'pglite') {
      // One embedded database, one process: the second fails at once and names the holder.
      const codes = [a.code, b.code].sort();
      expect(codes).toEqual([0, 1]);
      expect([a.stderr, b.stderr].join('\n')).toMatch(/in use by process \d+/);
    } else {
      expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    }
    const loaded = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from raw.boxscores`);
    expect(Number(loaded[0]!.n)).toBe(finals.length);
    const runs = await queryRows<{ details: { games: { loaded: number } } }>(
      db,
      sql`select details from ingest.runs where job = 'sync'`,
    );
    const loads = runs.reduce((s, r) => s + r.details.games.loaded, 0);
    expect(loads).toBe(finals.length);
    const dupes = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select game_pk, at_bat_index from mlb.plays group by 1, 2 having count(*) > 1) d`,
    );
    expect(Number(dupes[0]!.n)).toBe(0);
  });
});
