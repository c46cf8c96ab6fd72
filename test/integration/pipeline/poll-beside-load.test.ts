import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { emptyCounts, type PipelineContext } from '../../../src/pipeline/context.js';
import { pollSchedule } from '../../../src/pipeline/poll/schedule.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

/**
 * Four backfills of one day, side by side, fetched a game twice now and then on a loaded machine:
 * one process's schedule poll read a game as not loaded while another's load of it was committing,
 * then queued it again once done.
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('a schedule poll beside a game load in flight', () => {
  let t: TestDatabase;
  let h: SimHarness;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('waits for the load to commit and does not queue its game again', { timeout: 120_000 }, async () => {
    const day = firstRegularDate(h.sim);
    const deps = runDeps(t.database, h);
    const run = await backfillJob.run(deps, { range: { startDate: day, endDate: day } });
    expect(run.status).toBe('succeeded');
    const db = t.database.db;
    const [game] = await queryRows<{ pk: number }>(
      db,
      sql`select key::int as pk from ingest.work_items where kind = 'game' and status = 'done' order by key limit 1`,
    );
    const pk = game!.pk;
    // As committed: the game is being loaded (its item claimed, its box score not stored yet).
    await db.execute(sql`create table public.kept_box as select * from raw.boxscores where game_pk = ${pk}`);
    await db.execute(sql`delete from raw.boxscores where game_pk = ${pk}`);
    await db.execute(
      sql`update ingest.work_items set status = 'pending', done_at = null where kind = 'game' and key = ${String(pk)}`,
    );
    const ctx: PipelineContext = {
      db,
      dbKind: 'postgres',
      client: deps.client,
      config: deps.config,
      log: deps.log,
      now: () => h.sim.now(),
      signal: new AbortController().signal,
      runId: run.runId,
      counts: emptyCounts(),
      owner: 'test:1:poll',
    };
    const load = postgres(t.url!, { max: 1, onnotice: () => {} });
    let polled: Promise<unknown> | undefined;
    try {
      await load.begin(async (tx) => {
        // The load, as its transaction does: the bodies stored, the game's row updated, the item done.
        await tx`insert into raw.boxscores select * from public.kept_box`;
        await tx`update mlb.games set updated_at = now() where game_pk = ${pk}`;
        await tx`update ingest.work_items set status = 'done', done_at = now() where kind = 'game' and key = ${String(pk)}`;
        // A poll of the day starts while the load has not committed, and waits for it.
        polled = pollSchedule(ctx, { startDate: day, endDate: day, sportIds: [1] }, 'backfill');
        polled.catch(() => {});
        await new Promise((r) => setTimeout(r, 1_500));
      });
    } finally {
      await load.end();
    }
    await polled;
    const items = await queryRows<{ status: string }>(
      db,
      sql`select status from ingest.work_items where kind = 'game' and key = ${String(pk)}`,
    );
    expect(items).toEqual([{ status: 'done' }]);
    const pending = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ingest.work_items where status = 'pending'`,
    );
    expect(pending[0]?.n).toBe(0);
  });
});
