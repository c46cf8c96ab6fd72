import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { runExportParquet } from '../../../jobs/export.js';
import { MANIFEST_NAME, type Manifest } from '../../../src/pipeline/export/parquet.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

describe('an empty table exported as Parquet', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let dir: string;
  let duck: DuckDBInstance;
  let conn: DuckDBConnection;
  const out = () => path.join(dir, 'exp');
  const manifest = () => JSON.parse(readFileSync(path.join(out(), MANIFEST_NAME), 'utf8')) as Manifest;
  /** What DuckDB, as the export tests read, sees in a table's folder: its columns and rows. */
  const read = async (table: string) => {
    const glob = path.join(out(), table, '**', '*.parquet');
    const cols = await conn.runAndReadAll(
      `select column_name, column_type from (describe select * from read_parquet('${glob}', hive_partitioning = true))`,
    );
    const rows = await conn.runAndReadAll(
      `select count(*)::int from read_parquet('${glob}', hive_partitioning = true)`,
    );
    const types = Object.fromEntries(cols.getRowsJS().map((r) => [String(r[0]), String(r[1])]));
    return { columns: Object.keys(types), types, rows: Number(rows.getRowsJS()[0]![0]) };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 8 });
    dir = mkdtempSync(path.join(tmpdir(), 'dugout-export-empty-'));
    duck = await DuckDBInstance.create(':memory:');
    conn = await duck.connect();
  }, 120_000);
  afterAll(async () => {
    conn?.closeSync();
    rmSync(dir, { recursive: true, force: true });
    await h?.close();
    await t?.drop();
  });

  it('is one file of its schema and no rows at its folder, named in the summary; the season a column of its type', {
    timeout: 120_000,
  }, async () => {
    const r = await runExportParquet(t.database, { out: out(), tables: ['games', 'pitches', 'awards'] });
    expect(r.empty).toEqual(['awards', 'games', 'pitches']);
    expect(r.written).toBe(3);
    const m = manifest();
    for (const table of ['games', 'pitches']) {
      expect(Object.keys(m.tables[table]!.partitions)).toEqual(['']);
      expect(existsSync(path.join(out(), table, 'part-0.parquet'))).toBe(true);
      const seen = await read(table);
      expect(seen.rows).toBe(0);
      // Every column of the warehouse's table, the season one of its type (as a folder gives it once rows come).
      expect(seen.columns.sort()).toEqual([...m.tables[table]!.columns.map((c) => c.name), 'season'].sort());
      expect(seen.types.season).toBe('INTEGER');
      expect(seen.types.game_pk).toBe('INTEGER');
      const sum = await conn.runAndReadAll(
        `select sum(season) from read_parquet('${path.join(out(), table, '**', '*.parquet')}', hive_partitioning = true)`,
      );
      expect(sum.getRowsJS()[0]![0]).toBeNull();
    }
    // Not partitioned: one file at the table's folder.
    expect(Object.keys(m.tables.awards!.partitions)).toEqual(['']);
    const awards = await read('awards');
    expect(awards.rows).toBe(0);
    expect(awards.columns.sort()).toEqual(m.tables.awards!.columns.map((c) => c.name).sort());
    expect(awards.columns.length).toBeGreaterThan(3);

    // Again: unchanged, not rewritten.
    const again = await runExportParquet(t.database, { out: out(), tables: ['games', 'pitches', 'awards'] });
    expect({ written: again.written, unchanged: again.unchanged, removed: again.removed }).toEqual({
      written: 0,
      unchanged: 3,
      removed: 0,
    });
  });

  it('once the table has rows, the empty file goes and its seasons come', { timeout: 240_000 }, async () => {
    const day = h.sim
      .listGames()
      .filter((g) => g.season === h.sim.season && g.gameType === 'R')
      .map((g) => g.officialDate)
      .sort()[0]!;
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
    expect(run.status, String(run.error)).toBe('succeeded');
    const r = await runExportParquet(t.database, { out: out(), tables: ['games', 'pitches'] });
    expect(r.empty).toEqual([]);
    const m = manifest();
    for (const table of ['games', 'pitches']) {
      expect(Object.keys(m.tables[table]!.partitions)).toEqual([`season=${h.sim.season}`]);
      expect(existsSync(path.join(out(), table, 'part-0.parquet'))).toBe(false);
      expect((await read(table)).types.season).toBe('BIGINT');
      expect((await read(table)).rows).toBeGreaterThan(0);
    }
  });
});
