import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows, sql } from '../../../src/db/client.js';
import { runMigrations } from '../../../src/db/migrate.js';
import { upsertGameBody } from '../../../src/db/queries/raw-bodies.js';
import { createTestDatabase, migrationCount, type TestDatabase } from '../../helpers/db.js';

const CONTRACT_TABLES = [
  'raw.boxscores',
  'raw.play_by_play',
  'raw.people',
  'raw.responses',
  'mlb.games',
  'mlb.plays',
  'mlb.pitches',
  'mlb.batting_lines',
  'mlb.pitching_lines',
  'mlb.people',
  'mlb.teams',
  'mlb.venues',
  'ingest.runs',
  'ingest.cursors',
  'ingest.work_items',
];

async function tablesOf(t: TestDatabase['database']): Promise<string[]> {
  const rows = await queryRows<{ t: string }>(
    t.db,
    sql`select table_schema || '.' || table_name as t from information_schema.tables
        where table_schema in ('raw','mlb','ingest') order by 1`,
  );
  return rows.map((r) => r.t);
}

describe('the warehouse database on the suite back end', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  it('has every contract table after migration', async () => {
    const tables = await tablesOf(t.database);
    for (const name of CONTRACT_TABLES) expect(tables).toContain(name);
  });

  it('stores a raw body bound as text as a json object exactly as received, not a string', async () => {
    // Key order, spacing and duplicate-free text kept byte for byte: `json` stores the text it validated.
    const text = '{"teams": {"home": {"team": {"id": 1}}}, "copyright": "x"}';
    // Twice: the second run of the prepared statement on a connection binds the text again.
    for (const runId of [1, 2]) {
      await t.database.db.transaction(async (tx) => {
        await upsertGameBody(tx, 'boxscores', 1, text, 'h', runId, 'boxscore');
        await upsertGameBody(tx, 'play_by_play', 1, text, 'h', runId, 'boxscore', null);
      });
    }
    const rows = await queryRows<{ kind: string; id: number; text: string }>(
      t.database.db,
      sql`select json_typeof(body) as kind, (body->'teams'->'home'->'team'->>'id')::int as id, body::text as text
          from raw.boxscores where game_pk = 1
          union all select json_typeof(body), (body->'teams'->'home'->'team'->>'id')::int, body::text
          from raw.play_by_play where game_pk = 1`,
    );
    expect(rows).toEqual([
      { kind: 'object', id: 1, text },
      { kind: 'object', id: 1, text },
    ]);
  });
});

describe('the embedded PGlite back end', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-pglite-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates a directory database and keeps data across reopen', async () => {
    const cfg = { databaseUrl: undefined, pgliteDir: path.join(dir, 'pglite') };
    const first = await createDatabase(cfg);
    expect(first.kind).toBe('pglite');
    expect(await runMigrations(first)).toBe(migrationCount());
    await first.db.execute(sql`insert into ingest.cursors (name, position) values ('x', now())`);
    await first.close();
    const second = await createDatabase(cfg);
    expect(await runMigrations(second)).toBe(0);
    const rows = await queryRows<{ name: string }>(second.db, sql`select name from ingest.cursors`);
    expect(rows).toEqual([{ name: 'x' }]);
    expect(await tablesOf(second)).toEqual(expect.arrayContaining(CONTRACT_TABLES));
    await second.close();
  });

  it('returns values as drizzle reads them, and `dugout sql` gets the same server text for dates and times', async () => {
    const database = await createDatabase({ databaseUrl: undefined, pgliteDir: '' }, { inMemory: true });
    try {
      const probe = `select timestamptz '2025-04-01 17:05:00+00' as at, timestamp '2025-04-01 17:05:00' as local,
        date '2025-04-01' as day, interval '90 minutes' as span, 1.50::numeric as n, 7::int8 as big, '{"a":1}'::json as doc,
        array[date '2025-04-01', date '2025-04-02'] as days, array[1.5, 2]::numeric[] as ns`;
      const drizzled = await queryRows(database.db, sql.raw(probe));
      const inTx = await database.db.transaction((tx) => queryRows(tx, sql.raw(probe)));
      // drizzle keeps dates, times and intervals (and their arrays) as the server's text.
      const asDrizzle = {
        at: '2025-04-01 17:05:00+00',
        local: '2025-04-01 17:05:00',
        day: '2025-04-01',
        span: '01:30:00',
        n: '1.50',
        big: 7,
        doc: { a: 1 },
        days: '{2025-04-01,2025-04-02}',
        ns: '{1.5,2}',
      };
      expect(drizzled).toEqual([asDrizzle]);
      expect(inTx).toEqual([asDrizzle]);
      // A read-only session (dugout sql) gets the server's text for dates and times, which it prints
      // as such (a date is a day, not a midnight in UTC), through its cursor as at once.
      for (const cursor of [true, false]) {
        const rows: Array<Record<string, unknown>> = [];
        const columns = await database.readOnlySession({ timeoutMs: 5_000 }, (session) =>
          session.stream(probe, { cursor, batchRows: 10 }, async (batch) => {
            rows.push(...batch);
            return undefined;
          }),
        );
        expect(rows, `cursor: ${cursor}`).toEqual([asDrizzle]);
        expect(columns.map((c) => c.typeOid)).toEqual([1184, 1114, 1082, 1186, 1700, 20, 114, 1182, 1231]);
      }
      // A long text and a long json parameter (sent as bytes) arrive exactly, whatever their characters.
      const long = `Ñandú ⚾ 日本 🧢 \\ "q" ${'x'.repeat(5000)} 終`;
      const doc = JSON.stringify({ s: long, n: [1, 2.5, null], e: '🧢'.repeat(300) });
      const [back] = await queryRows<{ t: string; j: unknown; len: number; jl: number }>(
        database.db,
        sql`select ${long}::text as t, ${doc}::json as j, length(${long}::text) as len, length(${doc}::json::text) as jl`,
      );
      expect(back).toEqual({ t: long, j: JSON.parse(doc), len: [...long].length, jl: [...doc].length });
    } finally {
      await database.close();
    }
  });
});
