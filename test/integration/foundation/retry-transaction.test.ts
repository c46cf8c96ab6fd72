import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { conflictCode, transactionWithRetry } from '../../../src/db/retry-transaction.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.execute(sql`create table conflict_probe (id int primary key, n int not null)`);
  await t.database.db.execute(sql`insert into conflict_probe values (1, 0), (2, 0)`);
}, 120_000);
afterAll(async () => {
  await t?.drop();
});

describe('transactionWithRetry', () => {
  it('runs a transaction again when the server picks it as a deadlock victim, and commits it once', {
    skip: testBackend() !== 'postgres',
    timeout: 60_000,
  }, async () => {
    // A second session takes the rows in the other order. Its long deadlock_timeout leaves the
    // detection, and so the abort, to our transaction (1 s, the server's default).
    const other = postgres(t.url!, { max: 1, onnotice: () => {} });
    try {
      let otherHasRow2!: () => void;
      const row2Taken = new Promise<void>((r) => {
        otherHasRow2 = r;
      });
      let releaseOther!: () => void;
      const oursHasRow1 = new Promise<void>((r) => {
        releaseOther = r;
      });
      const otherTx = other.begin(async (tx) => {
        await tx`set local deadlock_timeout = '30s'`;
        await tx`update conflict_probe set n = n + 10 where id = 2`;
        otherHasRow2();
        await oursHasRow1;
        await tx`update conflict_probe set n = n + 10 where id = 1`;
      });
      let attempts = 0;
      const codes: string[] = [];
      await transactionWithRetry(
        t.database.db,
        async (tx) => {
          attempts++;
          await tx.execute(sql`set local deadlock_timeout = '200ms'`);
          if (attempts === 1) await row2Taken;
          await tx.execute(sql`update conflict_probe set n = n + 1 where id = 1`);
          if (attempts === 1) {
            releaseOther();
            // Waits for row 2 while the other session waits for row 1: a deadlock, which we lose.
            await tx.execute(sql`update conflict_probe set n = n + 1 where id = 2`).catch((err: unknown) => {
              codes.push(conflictCode(err) ?? 'other');
              throw err;
            });
          } else {
            await tx.execute(sql`update conflict_probe set n = n + 1 where id = 2`);
          }
        },
        { baseDelayMs: 10 },
      );
      await otherTx;
      expect(codes).toEqual(['40P01']);
      expect(attempts).toBe(2);
      // Each transaction's updates counted exactly once: the aborted attempt left nothing.
      const rows = await queryRows<{ id: number; n: number }>(
        t.database.db,
        sql`select id, n from conflict_probe order by id`,
      );
      expect(rows).toEqual([
        { id: 1, n: 11 },
        { id: 2, n: 11 },
      ]);
    } finally {
      await other.end();
    }
  });

  it('throws any other error at once, and a conflict once its attempts are spent', async () => {
    let calls = 0;
    const failing = transactionWithRetry(t.database.db, async (tx) => {
      calls++;
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(failing).rejects.toThrow();
    expect(calls).toBe(1);

    calls = 0;
    const serialization = transactionWithRetry(
      t.database.db,
      async (tx) => {
        calls++;
        // The server's own serialization failure, raised inside the transaction.
        await tx.execute(sql`do $$ begin raise exception 'conflict' using errcode = 'serialization_failure'; end $$`);
      },
      { attempts: 3, baseDelayMs: 1 },
    );
    await expect(serialization).rejects.toSatisfy((err: unknown) => conflictCode(err) === '40001');
    expect(calls).toBe(3);
  });
});
