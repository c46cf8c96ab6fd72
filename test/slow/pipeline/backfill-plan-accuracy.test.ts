import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob, backfillPlanJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

interface Estimate {
  toLoad: number;
  requests: number;
  seconds: number;
  wireBytes: number;
  diskBytes: number;
}

async function databaseBytes(t: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ n: string }>(t.database.db, sql`select pg_database_size(current_database()) as n`);
  return Number(row!.n);
}

/** How far an estimate is from what was measured, as a share of the measure. */
const off = (estimate: number, measured: number) => Math.abs(estimate - measured) / measured;

/**
 * The plan's estimates against a measured backfill of two simulated seasons' spring training and
 * postseason (about a thousand games; the regular seasons' 4,860 more would take CI's whole budget):
 * the requests (and so the time at the configured rate, requests / rate), the bytes received and
 * the disk taken are each within 20 % of what the backfill measured.
 */
describe('the plan of two seasons against their backfill', () => {
  let t: TestDatabase;
  let h: SimHarness;

  beforeAll(async () => {
    // Two seasons of bodies and rows: on disk, for PGlite.
    t = await createTestDatabase({ onDisk: true });
    h = await startSim({ seed: 21, history: 1 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('estimates requests, time, bytes and disk within 20 %', { timeout: 1_800_000 }, async () => {
    const seasons = [...h.sim.seasons];
    const gameTypes = ['S', 'F', 'D', 'L', 'W'];
    const plan = await backfillPlanJob.run(runDeps(t.database, h), { seasons, gameTypes });
    expect(plan.status, String(plan.error)).toBe('succeeded');
    const total = (plan.result as { total: Estimate }).total;

    const logBefore = h.sim.requestLog.length;
    const diskBefore = await databaseBytes(t);
    const run = await backfillJob.run(runDeps(t.database, h), { range: { seasons }, gameTypes });
    expect(run.status, String(run.error)).toBe('succeeded');
    const log = h.sim.requestLog.slice(logBefore);
    const measured = {
      games: run.counts.gamesLoaded,
      requests: log.length,
      wireBytes: log.reduce((a, e) => a + e.bytes, 0),
      diskBytes: (await databaseBytes(t)) - diskBefore,
    };
    const perGame = {
      requests: measured.requests / measured.games,
      wireBytes: Math.round(measured.wireBytes / measured.games),
      diskBytes: Math.round(measured.diskBytes / measured.games),
    };
    console.log(JSON.stringify({ backend: t.kind, estimate: total, measured, perGame }));
    const finals = h.sim.listGames().filter((g) => g.codedGameState === 'F' && gameTypes.includes(g.gameType)).length;
    expect(measured.games).toBe(finals);
    expect(total.toLoad).toBe(finals);
    expect(off(total.requests, measured.requests)).toBeLessThanOrEqual(0.2);
    expect(off(total.wireBytes, measured.wireBytes)).toBeLessThanOrEqual(0.2);
    expect(off(total.diskBytes, measured.diskBytes)).toBeLessThanOrEqual(0.2);
    // Each season was reported done, newest first.
    const done = (run.result as { seasons: Array<{ season: number; loaded: number }> }).seasons;
    expect(done.map((s) => s.season)).toEqual([...seasons].sort((a, b) => b - a));
    expect(done.reduce((a, s) => a + s.loaded, 0)).toBe(finals);
  });
});
