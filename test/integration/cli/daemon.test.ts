import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

describe('dugout daemon', () => {
  let h: SimHarness;
  let t: TestDatabase;
  beforeAll(async () => {
    const probe = await startSim({ seed: 4 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    // The daemon's clock is set to the simulator's (--now), so sync's window holds played games.
    h = await startSim({ seed: 4, now: new Date(Date.parse(`${addDays(d0, 2)}T12:00:00Z`)) });
    // Slow game bodies (one feed a game, the default source) keep the sync busy when the signal comes.
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', fault: 'slow' }], slowMs: 400 });
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('finishes the game in hand on SIGTERM, records the run as interrupted and exits 0', {
    timeout: 180_000,
  }, async () => {
    const result = await withDatabaseClosed(t, async () => {
      let pid = 0;
      const running = runCli(['daemon', '--run-now', 'sync', '--now', h.sim.now().toISOString()], {
        env: cliEnv(t, h),
        onSpawn: (p) => (pid = p),
      });
      const deadline = Date.now() + 60_000;
      while (h.sim.requestLog.filter((r) => r.path.includes('/feed/live')).length < 4 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      process.kill(pid, 'SIGTERM');
      return running;
    });
    expect(result.code, result.stderr).toBe(0);
    const db = t.database.db;
    const runs = await queryRows<{ status: string }>(db, sql`select status from ingest.runs order by run_id`);
    expect(runs.map((r) => r.status)).toContain('interrupted');
    // Every stored game is complete: its bodies and its rows landed together.
    const partial = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from raw.boxscores b where not exists (select 1 from mlb.plays p where p.game_pk = b.game_pk)`,
    );
    expect(Number(partial[0]!.n)).toBe(0);
    const leased = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ingest.work_items where lease_owner is not null`,
    );
    expect(Number(leased[0]!.n)).toBe(0);
    const pending = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ingest.work_items where status = 'pending'`,
    );
    expect(Number(pending[0]!.n)).toBeGreaterThan(0);
  });
});
