import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverConnection, NotAdapterDatabaseError } from '../../../src/db/adapter/index.js';
import { clientOptions } from '../../../src/db/adapter/postgres-options.js';
import { serverRefusal } from '../../../src/db/adapter/postgres.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { startSilentServer, type Unanswering } from '../../helpers/unanswering.js';
import { describeNeeds } from '../../needs.js';

/**
 * Each library behaviour the database adapter (src/db/adapter/) relies on beyond drizzle's,
 * postgres.js's and PGlite's typed API. A library upgrade that fails here needs the adapter changed
 * (or the trick dropped), see docs/performance.md. The drivers are opened directly here where the
 * behaviour is the library's own, through the adapter where it is what the adapter does with it.
 */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

describe.each(BACKENDS)("drizzle's session under the adapter, on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
    await t.database.db.execute(sql`create table public.internals_probe (id integer primary key)`);
  });
  afterAll(() => t.drop());

  it("finds its driver's connection under drizzle's session, on the database and in a transaction", async () => {
    // drizzle's `_.session` is a PostgresJsSession or PgliteSession (the adapter's readers test the class).
    expect(driverConnection(t.database.db)?.kind).toBe(kind);
    expect(driverConnection(t.database.db)?.copyIn.kind).toBe(kind === 'postgres' ? 'stream' : 'blob');
    await t.database.db.transaction(async (tx) => {
      expect(driverConnection(tx)?.kind).toBe(kind);
    });
    // Anything else is no connection (its rows would go by INSERT), and runs no query.
    const other = { execute: t.database.db.execute };
    expect(driverConnection(other as never)).toBeUndefined();
    await expect(queryRows(other as never, sql`select 1`)).rejects.toBeInstanceOf(NotAdapterDatabaseError);
  });

  it("copies on the transaction's own connection: the session's client is the transaction's", async () => {
    await t.database.db
      .transaction(async (tx) => {
        await driverConnection(tx)!.copyIn.copyFrom('copy public.internals_probe (id) from', '', (write) =>
          write('7\n'),
        );
        expect(await queryRows(tx, sql`select id from public.internals_probe`)).toEqual([{ id: 7 }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await queryRows(t.database.db, sql`select id from public.internals_probe`)).toEqual([]);
  });

  it("drizzle's `session.prepareQuery` with a name runs the statement, prepared by postgres.js on its connection", async () => {
    // postgres.js prepares only a statement with parameters; the column name finds it again.
    const column = `internals_${kind}_${Date.now()}`;
    const query = sql`select ${1}::int as ${sql.raw(column)}`;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) expect(await queryRows(tx, query, { prepared: true })).toEqual([{ [column]: 1 }]);
      const prepared = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${column}%`}`,
      );
      // PGlite has no statement cache to gain from: the adapter runs it plain there.
      expect(prepared[0]?.n).toBe(kind === 'postgres' ? 1 : 0);
    });
  });
});

describeNeeds('PostgreSQL', testBackend() === 'postgres')('postgres.js, as the adapter uses it', () => {
  let t: TestDatabase;
  let client: postgres.Sql;
  let silent: Unanswering;
  beforeAll(async () => {
    t = await createTestDatabase();
    client = postgres(t.url!, { max: 1, onnotice: () => {} });
    await client`create table public.internals_probe (id integer primary key)`;
    silent = await startSilentServer();
  });
  afterAll(async () => {
    await client?.end();
    await silent?.close();
    await t?.drop();
  });

  it('hands a COPY its stream before the server answers, and the error after the last row only to `query.reject`', async () => {
    const query = client.unsafe('copy public.internals_probe (id) from stdin');
    expect(typeof (query as unknown as { reject?: unknown }).reject).toBe('function');
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
    expect(await client`select id from public.internals_probe`).toHaveLength(0);
    // Through the adapter, the refusal is the COPY's own error.
    await expect(
      driverConnection(t.database.db)!.copyIn.copyFrom('copy public.internals_probe (id) from', '', (write) =>
        write('2\n2\n'),
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('runs one statement per call with the untyped `simple: false`: a second is a syntax error, never run', async () => {
    const twice = 'select 1 as a; select 2 as b';
    // The extended protocol takes one statement only; without `simple: false` a query without
    // parameters goes by the simple protocol, which runs both.
    await expect(client.unsafe(twice, [], { prepare: false, simple: false } as never)).rejects.toThrow(
      /multiple commands/,
    );
    expect(await client.unsafe(twice, [], { prepare: false })).toBeDefined();
  });

  it("names a result's columns and their types on a cursor's first batch (untyped there)", async () => {
    const text = 'select g as n, now()::date as d from generate_series(1, 5) g';
    type Batch = unknown[] & { columns?: Array<{ name: string; type: number }> };
    const seen: Array<{ rows: number; columns?: Array<{ name: string; type: number }> }> = [];
    for await (const batch of client.unsafe(text, [], { prepare: false }).cursor(2)) {
      const columns = (batch as Batch).columns;
      seen.push({ rows: batch.length, columns: columns?.map((c) => ({ name: c.name, type: c.type })) });
    }
    expect(seen.map((b) => b.rows)).toEqual([2, 2, 1]);
    expect(seen[0]?.columns).toEqual([
      { name: 'n', type: 23 },
      { name: 'd', type: 1082 },
    ]);
  });

  it('opens connections through the `socket` option, and names the socket’s own host and port in its errors', async () => {
    const url = `postgres://postgres@127.0.0.1:${silent.port}/dugout`;
    let tracked = 0;
    const adapted = postgres(
      url,
      clientOptions(url, {
        max: 1,
        applicationName: 'dugout internals',
        connectTimeoutSeconds: 1,
        fetchTypes: false,
        watch: { track: () => (tracked += 1) },
      }),
    );
    await expect(adapted`select 1`).rejects.toThrow(`CONNECT_TIMEOUT 127.0.0.1:${silent.port}`);
    await adapted.end({ timeout: 0 });
    expect(tracked).toBeGreaterThan(0);
    // A factory's socket without them: postgres.js does not fill them in (hence the adapter sets them).
    const net = await import('node:net');
    const bare = postgres(url, {
      max: 1,
      connect_timeout: 1,
      fetch_types: false,
      ...({ socket: () => net.connect(silent.port, '127.0.0.1') } as object),
    });
    await expect(bare`select 1`).rejects.toThrow('CONNECT_TIMEOUT undefined:undefined');
    await bare.end({ timeout: 0 });
  });
});

describe('PGlite, as the adapter uses it', () => {
  let lite: PGlite;
  beforeAll(async () => {
    lite = await PGlite.create();
    await lite.exec('create table internals_probe (id integer primary key, note text)');
  });
  afterAll(() => lite.close());

  it('runs one statement per query(): a second is a syntax error, never run (exec() is the simple protocol)', async () => {
    await expect(lite.query('select 1 as a; select 2 as b')).rejects.toThrow(/multiple commands/);
  });

  it("names a result's columns and their types", async () => {
    const r = await lite.query('select g as n, now()::date as d from generate_series(1, 5) g');
    expect(r.rows).toHaveLength(5);
    expect(r.fields.map((f) => ({ name: f.name, type: f.dataTypeID }))).toEqual([
      { name: 'n', type: 23 },
      { name: 'd', type: 1082 },
    ]);
  });

  it("lets COPY read query()'s `blob` option as '/dev/blob'", async () => {
    await lite.query(`copy internals_probe (id, note) from '/dev/blob'`, [], { blob: new Blob(['1\tone\n']) });
    expect((await lite.query('select id, note from internals_probe')).rows).toEqual([{ id: 1, note: 'one' }]);
  });

  it('reads a type through the parser set on the instance for its OID', async () => {
    const date = "select '2024-03-05'::date as d";
    expect((await lite.query<{ d: unknown }>(date)).rows[0]?.d).toBeInstanceOf(Date);
    lite.parsers[1082] = (value: string) => value;
    expect((await lite.query<{ d: unknown }>(date)).rows[0]?.d).toBe('2024-03-05');
  });
});
