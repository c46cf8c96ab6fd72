import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { enqueueWork } from '../../../src/db/queries/work-items.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

describe('a backfill of a range works its own range', () => {
  let t: TestDatabase;
  let h: SimHarness;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 3, history: 0 });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('leaves the games other runs queued for other dates pending, and says how many', { timeout: 60_000 }, async () => {
    const games = h.sim.listGames().filter((g) => g.gameType === 'R');
    const first = firstRegularDate(h.sim);
    // Games another run queued (real games of the simulator, of later dates).
    const others = games.filter((g) => g.officialDate > addDays(first, 3)).slice(0, 3);
    expect(others).toHaveLength(3);
    await enqueueWork(
      t.database.db,
      others.map((g) => ({
        kind: 'game' as const,
        key: String(g.gamePk),
        reason: 'new_final' as const,
        officialDate: g.officialDate,
      })),
      null,
    );
    // A day before the season: no games of its own.
    const day = addDays(first, -40);
    expect(games.some((g) => g.officialDate === day)).toBe(false);
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
    expect(run.status, String(run.error)).toBe('succeeded');
    const left = await queryRows<{ status: string; attempts: number }>(
      t.database.db,
      sql`select status, attempts::int as attempts from ingest.work_items where kind = 'game'`,
    );
    expect(left).toEqual(others.map(() => ({ status: 'pending', attempts: 0 })));
    expect((run.result as { otherPending: number }).otherPending).toBe(3);
  });
});
