import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { claimWork, enqueueWork } from '../../../src/db/queries/work-items.js';
import { renewLeases } from '../../../src/db/queries/workers.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/**
 * A worker's heartbeat renews its leases while its own loads mark items done one by one on another
 * connection. A heartbeat that waited for a row a load held, while holding the others, deadlocked
 * with that load (a people batch of 100 items went to the dead letters with 40P01).
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('lease renewal beside a load completing items', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('skips the rows another transaction holds instead of waiting for them, and renews the rest', async () => {
    const owner = 'host:1:worker';
    await enqueueWork(
      t.database.db,
      ['1', '2', '3'].map((key) => ({ kind: 'person' as const, key, reason: 'game_person' as const })),
      null,
    );
    expect(await claimWork(t.database.db, 'person', 10, owner, 5)).toHaveLength(3);
    const load = postgres(t.url!, { max: 1, onnotice: () => {} });
    try {
      await load.begin(async (tx) => {
        // The load has marked item 2 done and holds its row until it commits.
        await tx`update ingest.work_items set status = 'done', lease_owner = null, lease_expires_at = null where kind = 'person' and key = '2'`;
        // Resolves while the load's transaction is still open: nothing waits on item 2.
        await renewLeases(t.database.db, owner, 600);
        const leases = await queryRows<{ key: string; long: boolean }>(
          t.database.db,
          sql`select key, lease_expires_at > now() + interval '60 seconds' as long from ingest.work_items where kind = 'person' order by key`,
        );
        expect(leases).toEqual([
          { key: '1', long: true },
          { key: '2', long: false }, // skipped: the committed row still has the 5 s lease
          { key: '3', long: true },
        ]);
        // The load goes on to its next item, which the heartbeat renewed and does not hold.
        await tx`update ingest.work_items set status = 'done', lease_owner = null, lease_expires_at = null where kind = 'person' and key = '1'`;
      });
    } finally {
      await load.end();
    }
    const done = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ingest.work_items where status = 'done'`,
    );
    expect(done[0]?.n).toBe(2);
  });
});
