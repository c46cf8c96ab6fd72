import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows, sql } from '../../../src/db/client.js';
import { DatabaseLostError, describeError } from '../../../src/errors.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { type FreezingProxy, startFreezingProxy } from '../../helpers/unanswering.js';
import { describeNeeds } from '../../needs.js';

/**
 * Issue 36 §3: statements waiting on a database that froze after answering (a server or network
 * that stops passing bytes: neither statement_timeout nor TCP keepalive ends that wait) waited forever.
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('a database that freezes under open connections', () => {
  let t: TestDatabase;
  let proxy: FreezingProxy;
  let database: Database;
  let address: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    const u = new URL(t.url!);
    proxy = await startFreezingProxy({ host: u.hostname, port: Number(u.port || 5432) });
    u.port = String(proxy.port);
    u.searchParams.set('connect_timeout', '2');
    address = `127.0.0.1:${proxy.port}`;
    database = await createDatabase({ databaseUrl: u.toString(), pgliteDir: '' }, { maxConnections: 2 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await t?.drop();
  });

  const one = (n: number) => queryRows<{ n: number }>(database.db, sql`select ${n}::int as n`);

  it('fails the statements in flight and those queued, within the connect timeout and a ping, then recovers', {
    timeout: 60_000,
  }, async () => {
    expect(await one(1)).toEqual([{ n: 1 }]);
    proxy.freeze();
    const started = Date.now();
    // More statements than connections: some wait in the driver's queue, not on a socket.
    const outcomes = await Promise.all([2, 3, 4, 5, 6, 7].map((n) => one(n).then(() => 'answered', describeError)));
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(6); // a ping every second, unanswered for 2 s
    for (const o of outcomes) {
      expect(o).toMatch(new RegExp(`^(lost|cannot reach) the database at ${address.replace(/\./g, '\\.')}: `));
    }
    expect(outcomes).toContain(`lost the database at ${address}: no answer to a ping within 2 s`);
    // While lost, a new statement fails at once with the same line.
    const at = Date.now();
    const err = await one(8).catch((e: unknown) => e);
    expect(Date.now() - at).toBeLessThan(500);
    expect(describeError(err)).toBe(`lost the database at ${address}: no answer to a ping within 2 s`);
    expect((err as { cause?: unknown }).cause ?? err).toBeInstanceOf(DatabaseLostError);

    proxy.thaw();
    const back = Date.now();
    for (;;) {
      const r = await one(9).catch(() => undefined);
      if (r) break;
      expect(Date.now() - back, 'the database answers again once a ping is answered').toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});

/**
 * Found with the ping: postgres.js fetches the server's array types on a new connection in a promise
 * nothing handles, so a ping connection ended as it was made (a command closing its database)
 * rejected it unhandled, which killed a daemon as it shut down.
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('a database closed while its ping connects', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('leaves no promise rejected unhandled', { timeout: 60_000 }, async () => {
    const url = new URL(t.url!);
    url.searchParams.set('connect_timeout', '1'); // a ping every half second
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (let i = 0; i < 20; i++) {
        const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
        await queryRows(database.db, sql`select 1`);
        await new Promise((r) => setTimeout(r, 500 + (i % 10) * 3)); // as the first ping connects
        await database.close();
      }
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled.map(String)).toEqual([]);
  });
});
