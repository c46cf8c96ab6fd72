import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { driverClient, executeNamed, type StreamCopyQuery, serverRefusal } from '../../../src/db/driver-internals.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

/**
 * What src/db/driver-internals.ts relies on in drizzle and postgres.js beyond their public API. A
 * library upgrade that fails here needs that module changed (or the trick dropped), see
 * docs/performance.md.
 */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

describe.each(BACKENDS)('the library internals dugout uses, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
    await t.database.db.execute(sql`create table public.internals_probe (id integer primary key)`);
  });
  afterAll(() => t.drop());

  it("drizzle keeps its driver's client as `session.client`, on the database and in a transaction", async () => {
    const isDriver = (c: unknown) =>
      kind === 'postgres'
        ? typeof (c as { unsafe?: unknown })?.unsafe === 'function'
        : typeof (c as { query?: unknown })?.query === 'function' &&
          typeof (c as { exec?: unknown })?.exec === 'function';
    expect(isDriver(driverClient(t.database.db))).toBe(true);
    await t.database.db.transaction(async (tx) => {
      expect(isDriver(driverClient(tx))).toBe(true);
    });
  });

  it("drizzle's `session.prepareQuery` with a name runs the statement, prepared by postgres.js on its connection", async () => {
    // postgres.js prepares only a statement with parameters; the column name finds it again.
    const column = `internals_${kind}_${Date.now()}`;
    const query = sql`select ${1}::int as ${sql.raw(column)}`;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) {
        const ran = executeNamed(tx, query);
        expect(ran).toBeDefined();
        const result = (await ran) as unknown;
        expect(Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).toEqual([{ [column]: 1 }]);
      }
      if (kind !== 'postgres') return;
      const prepared = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${column}%`}`,
      );
      expect(prepared[0]?.n).toBe(1);
    });
  });

  it.runIf(kind === 'postgres')(
    'postgres.js hands a COPY its stream before the server answers, and the error after the last row only to `query.reject`',
    async () => {
      const client = driverClient(t.database.db) as { unsafe(q: string): StreamCopyQuery };
      const query = client.unsafe('copy public.internals_probe (id) from stdin');
      expect(typeof query.reject).toBe('function');
      const refused = serverRefusal(query);
      const settled = Promise.resolve(query).then(
        (value) => ({ resolved: value }),
        (err: unknown) => ({ rejected: err }),
      );
      const stream = await query.writable();
      // Two equal keys: the server refuses them only at its unique index, after the last CopyData.
      stream.end('1\n1\n');
      await expect(refused).rejects.toMatchObject({ code: '23505' });
      // The query itself had already resolved, with the stream: only the wrap sees the error.
      expect(await settled).toEqual({ resolved: stream });
      expect(await queryRows(t.database.db, sql`select id from public.internals_probe`)).toEqual([]);
    },
  );
});
