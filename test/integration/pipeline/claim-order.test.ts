import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { claimStatement, claimWork, enqueueWork, type WorkRequest } from '../../../src/db/queries/work-items.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

/**
 * A backfill claims one game per load. With five seasons pending (12,150 games) a claim that
 * sorted every pending item cost 7.3 ms of the database's CPU each; the claim reads the first due
 * item off an index in claim order instead, and the order is the one it always was.
 */
describe('claiming work from a long backlog', () => {
  let t: TestDatabase;
  const hourAgo = new Date(Date.now() - 3_600_000);
  beforeAll(async () => {
    t = await createTestDatabase();
    const backlog: WorkRequest[] = [];
    for (let i = 0; i < 3000; i++) {
      backlog.push({
        kind: 'game',
        key: String(700_000 + i),
        reason: 'backfill',
        notBefore: new Date(hourAgo.getTime() + (i % 7) * 1000),
      });
    }
    // Due later: not claimable yet whatever its priority.
    backlog.push({
      kind: 'game',
      key: '1',
      reason: 'correction',
      priority: 9,
      notBefore: new Date(Date.now() + 3_600_000),
    });
    // Higher priority, due: first, the earlier due of the two ahead.
    backlog.push({ kind: 'game', key: '2', reason: 'correction', priority: 5, notBefore: hourAgo });
    backlog.push({
      kind: 'game',
      key: '3',
      reason: 'correction',
      priority: 5,
      notBefore: new Date(hourAgo.getTime() - 1000),
    });
    // Another kind's items are never claimed as games.
    backlog.push({ kind: 'person', key: '4', reason: 'game_person', priority: 9, notBefore: hourAgo });
    await enqueueWork(t.database.db, backlog, null);
    // A parked (dead) item with the top priority is not pending.
    await t.database.db.execute(sql`update ingest.work_items set status = 'dead', priority = 10 where key = '700006'`);
    await t.database.db.execute(sql`analyze ingest.work_items`);
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('reads the due items off work_items_due_idx without sorting the backlog', async () => {
    const plan = await queryRows<{ 'QUERY PLAN': unknown }>(
      t.database.db,
      sql`explain (format json) ${claimStatement('game', 1, 'host:1:a', 60)}`,
    );
    const text = JSON.stringify(plan[0]?.['QUERY PLAN']);
    expect(text).toContain('"Index Name":"work_items_due_idx"');
    expect(text).not.toContain('"Node Type":"Sort"');
  });

  it('claims by priority, then the earliest due, then key, skipping leased, later and parked items', async () => {
    const first = await claimWork(t.database.db, 'game', 3, 'host:1:a', 60);
    expect(first.map((i) => i.key)).toEqual(['3', '2', '700000']);
    // Leased items are skipped by the next claim, which goes on in the same order.
    const next = await claimWork(t.database.db, 'game', 4, 'host:1:b', 60);
    expect(next.map((i) => i.key)).toEqual(['700007', '700014', '700021', '700028']);
    const later = await queryRows<{ lease_owner: string | null }>(
      t.database.db,
      sql`select lease_owner from ingest.work_items where key in ('1', '700006') order by key`,
    );
    expect(later).toEqual([{ lease_owner: null }, { lease_owner: null }]);
  });
});
