import {
  bigint,
  boolean,
  doublePrecision,
  getTableConfig,
  integer,
  jsonb,
  type PgTable,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { copyTarget } from '../../../src/db/copy.js';
import { GAME_ROW_TABLES, GAME_TABLES, type GameRowList } from '../../../src/db/queries/game-rows.js';
import { COPY_MIN_ROWS, type PackedGameRows, packGameRows } from '../../../src/db/packed-game-rows.js';
import { replaceGamesRows } from '../../../src/db/store-game.js';
import { copyRows, encodeRows, insertRows } from '../../../src/db/rows.js';
import { splitFeedLive } from '../../../src/extract/index.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { gameRowsOf } from '../../helpers/sim-game-rows.js';

const probe = pgTable('copy_probe', {
  id: integer('id').primaryKey(),
  label: text('label'),
  flag: boolean('flag'),
  speed: doublePrecision('speed'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
  doc: jsonb('doc'),
  runId: bigint('run_id', { mode: 'number' }),
});

/** The suite's back end, and PGlite too when that is Postgres: both take rows by COPY. */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

/**
 * The recorded feeds a back end copies: all of them on the suite's own; on PGlite beside Postgres a
 * few, since the text is the same (every feed above) and only its way into the server differs.
 */
function recordedGames(kind: (typeof BACKENDS)[number]): string[] {
  const names = fixtureNames('liveGameV1');
  return kind === testBackend() ? names : names.slice(0, 4);
}

describe.each(BACKENDS)('on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
    await t.database.db.execute(
      sql`create table public.copy_probe (id integer primary key, label text, flag boolean, speed float8,
          at timestamptz, doc jsonb, run_id bigint)`,
    );
  });
  afterAll(() => t.drop());

  /** Every row of a table as JSON text, in key order: what the two ways of writing must agree on. */
  async function dump(table: string, where = 'true'): Promise<string[]> {
    const rows = await queryRows<{ r: string }>(
      t.database.db,
      sql.raw(`select to_jsonb(x)::text as r from ${table} x where ${where} order by 1`),
    );
    return rows.map((r) => r.r);
  }

  /** Write rows both ways (JSON insert, then COPY) and return both tables' contents. */
  async function bothWays(table: PgTable, name: string, rows: object[], where = 'true') {
    await t.database.db.execute(sql.raw(`delete from ${name} where ${where}`));
    await t.database.db.transaction((tx) => insertRows(tx, table, rows, { run_id: 7 }));
    const inserted = await dump(name, where);
    await t.database.db.execute(sql.raw(`delete from ${name} where ${where}`));
    const copied = await t.database.db.transaction((tx) => copyRows(tx, table, rows, { run_id: 7 }));
    return { inserted, copied, stored: await dump(name, where) };
  }

  describe('COPY of rows', () => {
    it('is used on both drivers: streamed by postgres.js, read from a Blob by PGlite', () => {
      expect(copyTarget(t.database.db)?.kind).toBe(t.kind === 'postgres' ? 'stream' : 'blob');
    });

    it('stores exactly what the JSON insert stores, awkward values included', async () => {
      const rows = [
        {
          id: 1,
          label: 'tab\there, new\nline, return\r, back\\slash',
          flag: true,
          speed: 97.4,
          doc: { a: 'x\ty\n\\' },
        },
        { id: 2, label: '\\N', flag: false, speed: -0, doc: 'just a string', at: '2025-04-01T17:05:00.123Z' },
        { id: 3, label: '', speed: Number.NaN, doc: [1, 'two', null, { three: 3 }] },
        { id: 4, label: 'Ñandú ⚾ 日本 🧢', speed: Number.POSITIVE_INFINITY, doc: null, at: null },
        { id: 5, label: null, flag: null, speed: 1e-7, at: new Date('2025-09-28T23:59:59Z') },
        { id: 6, label: { nested: ['obj', 1] }, speed: 123456789.123456 },
        { id: 7, label: true, speed: 5e300, not_a_column: 'ignored' },
      ];
      const { inserted, copied, stored } = await bothWays(probe, 'public.copy_probe', rows);
      expect(copied).toBe(rows.length);
      expect(inserted).toHaveLength(rows.length);
      expect(stored).toEqual(inserted);
    });

    it('sends a long list (in several messages on postgres.js) and keeps every row', async () => {
      const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, label: `row ${i}\t${'x'.repeat(i % 50)}` }));
      const { inserted, copied, stored } = await bothWays(probe, 'public.copy_probe', rows);
      expect(copied).toBe(rows.length);
      expect(stored).toEqual(inserted);
    });

    it('sends rows written as COPY text beforehand with the rows in hand: what the JSON insert stores', async () => {
      const full = Array.from({ length: 60 }, (_, i) => ({ id: i, label: `a\t${i}`, flag: i % 2 === 0, doc: { i } }));
      // Another shape (fewer columns) goes in a COPY of its own, leaving the other columns null.
      const narrow = Array.from({ length: 5 }, (_, i) => ({ id: 100 + i, label: `b ${i}` }));
      const inHand = Array.from({ length: 7 }, (_, i) => ({ id: 200 + i, label: `c ${i}`, flag: true, doc: [i] }));
      await t.database.db.execute(sql`delete from public.copy_probe`);
      // Text written beforehand holds the rows' own values; only the rows in hand take extra ones.
      await t.database.db.transaction(async (tx) => {
        for (const rows of [full, narrow]) await insertRows(tx, probe, rows);
        await insertRows(tx, probe, inHand, { run_id: 7 });
      });
      const inserted = await dump('public.copy_probe');
      await t.database.db.execute(sql`delete from public.copy_probe`);
      const encoded = [encodeRows(probe, full), encodeRows(probe, narrow)];
      expect(encoded.map((e) => e?.count)).toEqual([60, 5]);
      const copied = t.database.db.transaction((tx) =>
        copyRows(
          tx,
          probe,
          inHand,
          { run_id: 7 },
          encoded.flatMap((e) => (e ? [e] : [])),
        ),
      );
      expect(await copied).toBe(72);
      expect(await dump('public.copy_probe')).toEqual(inserted);
    });

    it('rejects with the server error and rolls the transaction back', async () => {
      await t.database.db.execute(sql`delete from public.copy_probe`);
      await t.database.db.execute(sql`insert into public.copy_probe (id, label) values (1, 'kept')`);
      // The duplicate is found after the last row was sent (at the unique index): the error that
      // postgres.js 3.4 drops.
      const late = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into public.copy_probe (id, label) values (2, 'rolled back')`);
        await copyRows(tx, probe, [{ id: 3 }, { id: 1 }]);
      });
      await expect(late).rejects.toMatchObject({ code: '23505' });
      // A bad value early in a long list is refused while rows are still being sent.
      const early = t.database.db.transaction((tx) =>
        copyRows(tx, probe, [
          { id: 10, speed: 'fast' },
          ...Array.from({ length: 30_000 }, (_, i) => ({ id: 100 + i, label: 'y'.repeat(40) })),
        ]),
      );
      await expect(early).rejects.toMatchObject({ code: '22P02' });
      expect(await queryRows(t.database.db, sql`select id, label from public.copy_probe order by id`)).toEqual([
        { id: 1, label: 'kept' },
      ]);
      // Every connection is back in the pool, none left inside an aborted transaction.
      if (t.kind !== 'postgres') return;
      const stuck = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(stuck[0]?.n).toBe(0);
      await Promise.all(Array.from({ length: 8 }, () => t.database.db.execute(sql`select 1`)));
    });
  });

  describeRecorded('COPY of every recorded game', () => {
    it.each(recordedGames(kind))(
      'stores the rows of %s packed as COPY text on a worker as it stores the rows themselves, with the run storing them',
      async (name) => {
        const parts = splitFeedLive(fixture(name));
        const gamePk = parts.gamePk ?? 1;
        const { rejects, ...lists } = gameRowsOf(gamePk, parts.boxscore, parts.playByPlay);
        const rows = { ...lists, rejects };
        const tables = GAME_TABLES.filter((table) => table !== 'ingest.rejects');
        const dumpGame = async () => {
          const out: Record<string, string[]> = {};
          for (const table of tables) out[table] = await dump(table, `game_pk = ${gamePk}`);
          return out;
        };
        // Every list as rows: the long ones copied in from them, the short ones inserted.
        const unpacked: PackedGameRows = { objects: lists, copyText: {}, rejects };
        await t.database.db.transaction((tx) => replaceGamesRows(tx, [{ gamePk, rows: unpacked }], 7));
        const direct = await dumpGame();
        const lengths = (Object.keys(GAME_ROW_TABLES) as GameRowList[]).map((key) => rows[key].length);
        // A game with rows (a preview has none) has lists of both kinds.
        const hasRows = lengths.some((n) => n > 0);
        expect(lengths.some((n) => n >= COPY_MIN_ROWS) && lengths.some((n) => n > 0 && n < COPY_MIN_ROWS)).toBe(
          hasRows,
        );
        // Every row, copied or inserted, carries the run that stored it: the rows themselves name none.
        const runIds = await queryRows<{ run_id: number | null }>(
          t.database.db,
          sql.raw(
            tables
              .map((table) => `select distinct run_id::int from ${table} where game_pk = ${gamePk}`)
              .join(' union '),
          ),
        );
        expect(runIds).toEqual(hasRows ? [{ run_id: 7 }] : []);
        const packed = packGameRows(rows);
        // The long lists travel as text, the others as rows; the text names no run.
        for (const key of Object.keys(GAME_ROW_TABLES) as GameRowList[]) {
          const long = rows[key].length >= COPY_MIN_ROWS;
          expect(packed.objects[key], key).toEqual(long ? [] : rows[key]);
          expect(packed.copyText[key]?.count, key).toBe(long ? rows[key].length : undefined);
          expect(packed.copyText[key]?.columns ?? [], key).not.toContain('run_id');
        }
        await t.database.db.transaction((tx) => replaceGamesRows(tx, [{ gamePk, rows: packed }], 7));
        expect(await dumpGame()).toEqual(direct);
        // The same package stored by another run: the same rows, with that run.
        await t.database.db.transaction((tx) => replaceGamesRows(tx, [{ gamePk, rows: packed }], 8));
        const byRun8 = Object.fromEntries(
          Object.entries(direct).map(([table, dumped]) => [
            table,
            dumped.map((r) => r.replace('"run_id": 7', '"run_id": 8')),
          ]),
        );
        expect(await dumpGame()).toEqual(byRun8);
      },
    );

    it.each(recordedGames(kind))('stores the rows of %s as the JSON insert does', async (name) => {
      const parts = splitFeedLive(fixture(name));
      const gamePk = parts.gamePk ?? 1;
      const rows = gameRowsOf(gamePk, parts.boxscore, parts.playByPlay);
      for (const [key, table] of Object.entries(GAME_ROW_TABLES) as Array<[GameRowList, PgTable]>) {
        const list = rows[key] as object[];
        if (list.length === 0) continue;
        const cfg = getTableConfig(table);
        const tableName = `${cfg.schema}.${cfg.name}`;
        const { inserted, copied, stored } = await bothWays(table, tableName, list, `game_pk = ${gamePk}`);
        expect(copied, key).toBe(list.length);
        expect(stored, key).toEqual(inserted);
      }
    });
  });
});
