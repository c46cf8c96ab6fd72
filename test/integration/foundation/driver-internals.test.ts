import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { driverClient, executeNamed, type StreamCopyQuery, serverRefusal } from '../../../src/db/driver-internals.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { itNeeds } from '../../needs.js';

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

  itNeeds('PostgreSQL', kind === 'postgres')(
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

/**
 * The library behaviours `dugout sql`'s read-only session (src/db/read-only.ts) relies on: one
 * statement per call, a cursor's batches, the result's column names and types.
 */
describe.each(BACKENDS)("the driver behaviours dugout sql's session uses, on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
  });
  afterAll(() => t.drop());

  it('runs one statement per call: a second is a syntax error, never run', async () => {
    const client = driverClient(t.database.db);
    const twice = 'select 1 as a; select 2 as b';
    if (kind === 'postgres') {
      const pg = client as {
        unsafe: (text: string, params: unknown[], opts: object) => Promise<unknown>;
      };
      // The untyped `simple: false` asks for the extended protocol, which takes one statement only;
      // without it a query without parameters goes by the simple protocol, which runs both.
      await expect(pg.unsafe(twice, [], { prepare: false, simple: false })).rejects.toThrow(/multiple commands/);
      expect(await pg.unsafe(twice, [], { prepare: false })).toBeDefined();
    } else {
      // PGlite's query() is the extended protocol; its exec() is the simple one.
      const lite = client as { query: (text: string) => Promise<unknown> };
      await expect(lite.query(twice)).rejects.toThrow(/multiple commands/);
    }
  });

  it("names a result's columns and their types, through a cursor's batches too", async () => {
    const client = driverClient(t.database.db);
    const text = 'select g as n, now()::date as d from generate_series(1, 5) g';
    if (kind === 'postgres') {
      type Batch = unknown[] & { columns?: Array<{ name: string; type: number }> };
      const pg = client as {
        unsafe: (text: string, params: unknown[], opts: object) => { cursor: (n: number) => AsyncIterable<Batch> };
      };
      const seen: Array<{ rows: number; columns?: Array<{ name: string; type: number }> }> = [];
      for await (const batch of pg.unsafe(text, [], { prepare: false, simple: false }).cursor(2)) {
        seen.push({ rows: batch.length, columns: batch.columns?.map((c) => ({ name: c.name, type: c.type })) });
      }
      expect(seen.map((b) => b.rows)).toEqual([2, 2, 1]);
      // The first batch carries the columns (read-only.ts reads them from it through a cast).
      expect(seen[0]?.columns).toEqual([
        { name: 'n', type: 23 },
        { name: 'd', type: 1082 },
      ]);
    } else {
      const lite = client as {
        query: (text: string) => Promise<{ rows: unknown[]; fields: Array<{ name: string; dataTypeID: number }> }>;
      };
      const r = await lite.query(text);
      expect(r.rows).toHaveLength(5);
      expect(r.fields.map((f) => ({ name: f.name, type: f.dataTypeID }))).toEqual([
        { name: 'n', type: 23 },
        { name: 'd', type: 1082 },
      ]);
    }
  });
});
