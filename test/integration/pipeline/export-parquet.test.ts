import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { runExportParquet } from '../../../jobs/export.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { ExportColumn } from '../../../src/db/queries/export.js';
import { type Manifest, MANIFEST_NAME, type ManifestTable } from '../../../src/pipeline/export/parquet.js';
import { sha256File } from '../../../src/pipeline/export/parquet-file.js';
import { runCliInProcess, spawnCli, until } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, type SimHarness, startSim } from '../../helpers/run.js';
import { itNeeds } from '../../needs.js';

const DAY = 86_400_000;

/** The first regular-season date of a season the simulator serves. */
function firstRegular(h: SimHarness, season: number): string {
  return h.sim
    .listGames()
    .filter((g) => g.season === season && g.gameType === 'R' && g.sportId === 1)
    .map((g) => g.officialDate)
    .sort()[0]!;
}

/** `x` as a canonical decimal: no trailing zeros after the point, no lone point, `-0` is `0`. */
function canonical(x: unknown): string | null {
  if (x === null || x === undefined) return null;
  let s = String(x);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

interface Aggregate {
  label: string;
  postgres: string;
  duckdb: string;
  float?: boolean;
}

/** What to compare of a column, in both dialects: its non-null count and a sum that sees every value. */
function aggregatesOf(c: ExportColumn, i: number): Aggregate[] {
  const pg = `t."${c.name}"`;
  const dk = `"${c.name}"`;
  const out: Aggregate[] = [
    { label: `count(${c.name})`, postgres: `count(${pg})::text`, duckdb: `count(${dk})::varchar` },
  ];
  const label = `sum(${c.name})`;
  switch (c.kind) {
    case 'int16':
    case 'int32':
    case 'int64':
    case 'decimal':
      out.push({ label, postgres: `sum(${pg})::text`, duckdb: `sum(${dk})::varchar` });
      break;
    case 'float32':
    case 'float64':
      out.push({ label, postgres: `sum(${pg})::float8::text`, duckdb: `sum(${dk})::double::varchar`, float: true });
      break;
    case 'bool':
      out.push({
        label,
        postgres: `count(*) filter (where ${pg})::text`,
        duckdb: `count(*) filter (where ${dk})::varchar`,
      });
      break;
    case 'date':
      out.push({
        label,
        postgres: `sum(${pg} - date '1970-01-01')::text`,
        duckdb: `sum(datediff('day', DATE '1970-01-01', ${dk}))::varchar`,
      });
      break;
    case 'timestamptz':
    case 'timestamp':
      out.push({
        label,
        postgres: `sum((extract(epoch from ${pg}) * 1000000)::int8)::text`,
        duckdb: `sum(epoch_us(${dk}))::varchar`,
      });
      break;
    default:
      out.push({
        label: `bytes(${c.name})`,
        postgres: `sum(octet_length(${pg}::text))::text`,
        duckdb: `sum(strlen(${dk}::varchar))::varchar`,
      });
  }
  return out.map((a) => ({ ...a, label: `${a.label}#${i}` }));
}

describe('dugout export parquet', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let out: string;
  let duck: DuckDBInstance;
  let conn: DuckDBConnection;
  let seasons: number[];
  let lastDay: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 7, history: 1 });
    seasons = [...probe.sim.seasons];
    const current = probe.sim.season;
    const past = seasons[0]!;
    const d25 = firstRegular(probe, current);
    const d24 = firstRegular(probe, past);
    await probe.close();
    lastDay = addDays(d25, 1);
    h = await startSim({
      seed: 7,
      history: 1,
      now: new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY + 14 * 3_600_000),
    });
    for (const [start, end] of [
      [d24, addDays(d24, 1)],
      [d25, lastDay],
    ] as const) {
      const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: start, endDate: end } });
      expect(run.status, String(run.error)).toBe('succeeded');
    }
    out = mkdtempSync(path.join(tmpdir(), 'dugout-export-'));
    duck = await DuckDBInstance.create(':memory:');
    conn = await duck.connect();
  }, 600_000);

  afterAll(async () => {
    conn?.closeSync();
    duck?.closeSync();
    await h?.close();
    await t?.drop();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  /** Read one exported table back with DuckDB and compare its rows, column by column, with PostgreSQL. */
  async function compareTable(name: string, table: ManifestTable, relations: Map<string, ExportColumn[]>, root = out) {
    const columns = relations.get(name)!;
    const partitioned = table.partitionedBy === 'season';
    const files = Object.values(table.partitions).flatMap((p) => p.files);
    const pgRows = await scalar(t.database.db, `select count(*) from ${table.relation}`);
    if (files.length === 0) {
      expect(pgRows, `${name}: no files but rows in PostgreSQL`).toBe(0);
      return;
    }
    const aggregates = columns.flatMap(aggregatesOf);
    const glob = path.join(root, name, partitioned ? '**/*.parquet' : '*.parquet');
    const reader = await conn.runAndReadAll(
      `select count(*)::varchar as n, ${aggregates.map((a, i) => `${a.duckdb} as a${i}`).join(', ')}
         from read_parquet('${glob}', hive_partitioning = ${partitioned})`,
    );
    const [duckRow] = reader.getRowObjectsJS() as Array<Record<string, unknown>>;
    const [pgRow] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql.raw(
        `select count(*)::text as n, ${aggregates.map((a, i) => `${a.postgres} as a${i}`).join(', ')} from ${table.relation} t`,
      ),
    );
    expect(duckRow!.n, `${name}: rows`).toBe(String(pgRow!.n));
    expect(Number(duckRow!.n)).toBe(pgRows);
    aggregates.forEach((a, i) => {
      const d = duckRow![`a${i}`];
      const p = pgRow![`a${i}`];
      if (a.float && d !== null && p !== null) {
        const dv = Number(d);
        const pv = Number(p);
        expect(Math.abs(dv - pv), `${name}: ${a.label} ${d} vs ${p}`).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(pv)),
        );
      } else expect(canonical(d), `${name}: ${a.label}`).toBe(canonical(p));
    });
    // The season of a partitioned table comes back from the folder names, as each row's own.
    if (partitioned) {
      const seasonSql = columns.some((c) => c.name === 'season')
        ? `select coalesce(sum(t.season), 0)::text as s from ${table.relation} t`
        : `select coalesce(sum(g.season), 0)::text as s from ${table.relation} t left join mlb.games g on g.game_pk = t.game_pk`;
      const [pgSeason] = await queryRows<{ s: string }>(t.database.db, sql.raw(seasonSql));
      const r = await conn.runAndReadAll(
        `select coalesce(sum(season), 0)::varchar as s from read_parquet('${glob}', hive_partitioning = true)`,
      );
      expect((r.getRowObjectsJS() as Array<{ s: string }>)[0]!.s, `${name}: seasons`).toBe(pgSeason!.s);
    }
  }

  async function exportedColumns(): Promise<Map<string, ExportColumn[]>> {
    const { listExportRelations } = await import('../../../src/db/queries/export.js');
    return t.database.readOnlySession({ timeoutMs: 60_000, snapshot: true }, async (s) => {
      const rels = await listExportRelations(s);
      return new Map(rels.map((r) => [r.name, r.columns]));
    });
  }

  function readManifest(): Manifest {
    return JSON.parse(readFileSync(path.join(out, MANIFEST_NAME), 'utf8')) as Manifest;
  }

  it('writes every table and view, hive-partitioned by season, and DuckDB reads back what PostgreSQL holds', {
    timeout: 300_000,
  }, async () => {
    const r = await runExportParquet(t.database, { out });
    const manifest = readManifest();
    const relations = await exportedColumns();
    expect(Object.keys(manifest.tables).sort()).toEqual([...relations.keys()].sort());
    for (const name of ['games', 'plays', 'pitches', 'batting_lines', 'pitching_lines', 'runners', 'season_batting'])
      expect(manifest.tables[name]?.partitionedBy, name).toBe('season');
    for (const name of ['people', 'venues']) expect(manifest.tables[name]?.partitionedBy, name).toBeNull();
    expect(Object.keys(manifest.tables.games!.partitions).sort()).toEqual(seasons.map((s) => `season=${s}`));
    expect(manifest.tables.people!.partitions['']!.files[0]!.path).toBe('people/part-0.parquet');
    expect(manifest.tables.pitches!.partitions[`season=${seasons[1]}`]!.files[0]!.path).toBe(
      `pitches/season=${seasons[1]}/part-0.parquet`,
    );
    expect(manifest.warehouse?.latestRunId).toBe(
      String(await scalar(t.database.db, 'select max(run_id) from ingest.runs')),
    );
    expect(manifest.warehouse?.migrations).toBeGreaterThan(0);
    expect(r.written).toBeGreaterThan(40);
    expect(r.unchanged).toBe(0);

    // Every file the manifest lists is there, whole: its bytes and its SHA-256.
    for (const table of Object.values(manifest.tables))
      for (const part of Object.values(table.partitions))
        for (const f of part.files) {
          const file = path.join(out, f.path);
          expect(statSync(file).size, f.path).toBe(f.bytes);
          expect(await sha256File(file), f.path).toBe(f.sha256);
        }

    // The types are the warehouse's, exact.
    const types = (table: string) =>
      Object.fromEntries(manifest.tables[table]!.columns.map((c) => [c.name, c.parquet]));
    expect(types('games')).toMatchObject({ game_pk: 'INT32', run_id: 'INT64', updated_at: 'TIMESTAMP(MICROS,UTC)' });
    expect(types('games').official_date).toBe('DATE');
    expect(types('games').season).toBeUndefined();
    expect(types('standings_daily').pct).toBe('DECIMAL(4,3)');
    expect(types('season_batting').ops).toBe('DECIMAL(38,3)');
    const described = await conn.runAndReadAll(
      `select column_name, column_type from (describe select * from read_parquet('${path.join(out, 'games', '**', '*.parquet')}', hive_partitioning = true))`,
    );
    const duckTypes = Object.fromEntries(described.getRowsJS().map((row) => [String(row[0]), String(row[1])]));
    expect(duckTypes).toMatchObject({
      game_pk: 'INTEGER',
      run_id: 'BIGINT',
      updated_at: 'TIMESTAMP WITH TIME ZONE',
      official_date: 'DATE',
    });

    for (const [name, table] of Object.entries(manifest.tables)) await compareTable(name, table, relations);
    // The data is not all empty: the comparison saw rows of the game tables of both seasons.
    expect(manifest.tables.pitches!.partitions[`season=${seasons[0]}`]!.rows).toBeGreaterThan(1000);
  });

  it('a re-export rewrites only the seasons that changed', { timeout: 300_000 }, async () => {
    const before = readManifest();
    const again = await runExportParquet(t.database, { out });
    expect(again.written).toBe(0);
    expect(again.removed).toBe(0);
    const partitionsOf = (m: Manifest) =>
      Object.fromEntries(Object.entries(m.tables).map(([k, v]) => [k, v.partitions]));
    expect(partitionsOf(readManifest())).toEqual(partitionsOf(before));

    const mtimes = new Map<string, number>();
    for (const table of Object.values(before.tables))
      for (const part of Object.values(table.partitions))
        for (const f of part.files) mtimes.set(f.path, statSync(path.join(out, f.path)).mtimeMs);

    // A scoring correction of a game of the current season, loaded by a sync.
    const [past, current] = seasons as [number, number];
    const target = Number(
      await scalar(t.database.db, `select min(game_pk) from mlb.games where season = ${current} and game_type = 'R'`),
    );
    h.sim.advance(DAY);
    h.sim.correctGame(target);
    const run = await syncJob.run(runDeps(t.database, h), { daysBack: 3, daysAhead: 1 });
    expect(run.status, String(run.error)).toBe('succeeded');

    const r = await runExportParquet(t.database, { out });
    const after = readManifest();
    const rewritten: string[] = [];
    for (const [name, table] of Object.entries(after.tables))
      for (const [key, part] of Object.entries(table.partitions)) {
        const was = before.tables[name]?.partitions[key];
        if (!was || was.files[0]!.sha256 !== part.files[0]!.sha256 || was.exportedAt !== part.exportedAt)
          rewritten.push(`${name}/${key}`);
      }
    expect(rewritten).toContain(`games/season=${current}`);
    expect(rewritten).toContain(`plays/season=${current}`);
    expect(r.written).toBe(rewritten.length);
    // Nothing of the past season was touched: neither its manifest entries nor its files.
    expect(rewritten.filter((k) => k.endsWith(`season=${past}`))).toEqual([]);
    for (const [file, mtime] of mtimes)
      if (file.includes(`season=${past}/`)) expect(statSync(path.join(out, file)).mtimeMs, file).toBe(mtime);
    expect(after.warehouse!.latestRunId).toBe(String(run.runId));

    const relations = await exportedColumns();
    for (const [name, table] of Object.entries(after.tables)) await compareTable(name, table, relations);
  });

  // A child process against the test's own database: the embedded one lives in this process's memory.
  itNeeds('PostgreSQL', testBackend() !== 'pglite')(
    'an export killed midway leaves nothing half made where readers look, and the next one completes it',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'dugout-export-kill-'));
      try {
        const run = spawnCli(['export', 'parquet', '--out', dir], { DATABASE_URL: t.url!, LOG_LEVEL: 'info' });
        await until('the first file written', async () => run.stderr().includes('"msg":"exported"'));
        run.child.kill('SIGKILL');
        await run.exited;
        const visible = () =>
          (readdirSync(dir, { recursive: true }) as string[]).filter(
            (f) => f.endsWith('.parquet') && !/(^|\/)\./.test(f),
          );
        // All or nothing: the killed export's files were never made visible; what a reader finds
        // is what the manifest lists (the empty export of a new folder), whole.
        const killed = JSON.parse(readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')) as Manifest;
        const killedFiles = Object.values(killed.tables).flatMap((tb) =>
          Object.values(tb.partitions).flatMap((p) => p.files.map((f) => f.path)),
        );
        expect(visible().sort()).toEqual(killedFiles.sort());
        for (const f of visible())
          await conn.runAndReadAll(`select count(*) from read_parquet('${path.join(dir, f)}')`);

        await runExportParquet(t.database, { out: dir });
        expect((readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes('.tmp-'))).toEqual([]);
        const m = JSON.parse(readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')) as Manifest;
        const listed = Object.values(m.tables).flatMap((tb) => Object.values(tb.partitions).flatMap((p) => p.files));
        expect(listed.map((f) => f.path).sort()).toEqual(visible().sort());
        for (const f of listed) expect(await sha256File(path.join(dir, f.path)), f.path).toBe(f.sha256);
        const relations = await exportedColumns();
        for (const [name, table] of Object.entries(m.tables)) await compareTable(name, table, relations, dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('--season and --tables export only what they name', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dugout-export-part-'));
    try {
      const r = await runExportParquet(t.database, { out: dir, season: seasons[0], tables: ['games', 'people'] });
      expect(r.tables).toBe(2);
      const m = JSON.parse(readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')) as Manifest;
      expect(Object.keys(m.tables).sort()).toEqual(['games', 'people']);
      expect(Object.keys(m.tables.games!.partitions)).toEqual([`season=${seasons[0]}`]);
      await expect(runExportParquet(t.database, { out: dir, tables: ['no_such_table'] })).rejects.toThrow(
        /no exported table named no_such_table/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a folder that is not empty and not an export, in one line, exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dugout-export-busy-'));
    try {
      writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
      const env = { DUGOUT_PGLITE_DIR: path.join(dir, 'never-opened') };
      const res = await runCliInProcess(['export', 'parquet', '--out', dir], env);
      expect(res.code).toBe(2);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toMatch(/is not empty and holds no dugout export/);
      mkdirSync(path.join(dir, 'sub'));
      writeFileSync(path.join(dir, 'sub', 'f'), '');
      const file = await runCliInProcess(['export', 'parquet', '--out', path.join(dir, 'notes.txt')], env);
      expect(file.code).toBe(2);
      expect(file.stderr).toMatch(/is not a folder/);
      const bad = await runCliInProcess(['export', 'parquet', '--out', dir, '--tables', 'Games;drop'], env);
      expect(bad.code).toBe(2);
      expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
