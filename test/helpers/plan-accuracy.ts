import { expect } from 'vitest';
import { backfillJob, backfillPlanJob } from '../../jobs/backfill.js';
import { queryRows, sql } from '../../src/db/client.js';
import type { TestDatabase } from './db.js';
import { runDeps, type SimHarness } from './run.js';

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
 * Plans the simulator's seasons (the given game types) on an empty warehouse, backfills them, and
 * holds the plan's requests, bytes received and disk each within 20 % of what the backfill measured;
 * each season is reported done, newest first.
 */
export async function expectPlanWithinAFifth(t: TestDatabase, h: SimHarness, gameTypes: string[]): Promise<void> {
  const seasons = [...h.sim.seasons];
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
}
