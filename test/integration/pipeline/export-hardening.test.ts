import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { runExportParquet } from '../../../jobs/export.js';
import { UsageError } from '../../../src/errors.js';
import { type Manifest, MANIFEST_NAME } from '../../../src/pipeline/export/parquet.js';
import { sha256File } from '../../../src/pipeline/export/parquet-file.js';
import { runCliInProcess } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/** Every file under `dir`, relative, with `/`. */
const allFiles = (dir: string) =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
const visibleParquet = (dir: string) => allFiles(dir).filter((f) => f.endsWith('.parquet') && !/(^|\/)\./.test(f));
const listed = (m: Manifest) =>
  Object.values(m.tables)
    .flatMap((t) => Object.values(t.partitions).flatMap((p) => p.files.map((f) => f.path)))
    .sort();

describe('export parquet: removes only its own files, all or nothing, bad arguments write nothing', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let root: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11, history: 0 });
    const day = firstRegularDate(h.sim);
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
    expect(run.status, String(run.error)).toBe('succeeded');
    root = mkdtempSync(path.join(tmpdir(), 'dugout-export-hard-'));
  }, 120_000);

  /** The CLI's environment: this database on Postgres; elsewhere a PGlite folder the refused commands never open. */
  const cliEnv = () => (t.url ? { DATABASE_URL: t.url } : { DUGOUT_PGLITE_DIR: path.join(root, 'never-opened') });

  afterAll(async () => {
    await h?.close();
    await t?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('refuses a manifest whose partitions or files name paths outside their folder, removing nothing', async () => {
    const out = path.join(root, 'exp', 'hostile');
    await runExportParquet(t.database, { out, tables: ['games'] });
    const victim = path.join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(path.join(victim, 'keep.txt'), 'mine\n');
    const good = JSON.parse(readFileSync(path.join(out, MANIFEST_NAME), 'utf8')) as Manifest;
    const season = Object.keys(good.tables.games!.partitions)[0]!;
    const hostile: Array<(m: Manifest) => void> = [
      (m) => {
        m.tables.games!.partitions['../../../victim'] = { ...m.tables.games!.partitions[season]!, season: null };
      },
      (m) => {
        m.tables.games!.partitions['season=20245'] = { ...m.tables.games!.partitions[season]!, season: 20245 };
      },
      (m) => {
        m.tables.games!.partitions[season]!.files[0]!.path = '../../victim/keep.txt';
      },
      (m) => {
        m.tables['../victim'] = m.tables.games!;
      },
    ];
    for (const edit of hostile) {
      const m = structuredClone(good);
      edit(m);
      const text = `${JSON.stringify(m)}\n`;
      writeFileSync(path.join(out, MANIFEST_NAME), text);
      await expect(runExportParquet(t.database, { out, tables: ['games'] })).rejects.toThrow(UsageError);
      const cli = await runCliInProcess(['export', 'parquet', '--out', out, '--tables', 'games'], cliEnv());
      expect(cli.code).toBe(2);
      expect(cli.stderr.trim().split('\n')).toHaveLength(1);
      expect(readFileSync(path.join(victim, 'keep.txt'), 'utf8')).toBe('mine\n');
      expect(readFileSync(path.join(out, MANIFEST_NAME), 'utf8')).toBe(text);
    }
  });

  it('a failure midway leaves the previous export whole; the next run replaces it and removes only the old files', async () => {
    const out = path.join(root, 'atomic');
    await runExportParquet(t.database, { out, tables: ['games', 'pitches'] });
    const manifestText = readFileSync(path.join(out, MANIFEST_NAME), 'utf8');
    const before = JSON.parse(manifestText) as Manifest;
    expect(visibleParquet(out)).toEqual(listed(before));
    // The warehouse changes in both tables (of the one season), so both are written again.
    const season = Number(await scalar(t.database.db, 'select min(season) from mlb.games'));
    await t.database.db.execute(`update mlb.games set updated_at = updated_at + interval '1 second'`);
    await t.database.db.execute(
      `delete from mlb.pitches where game_pk = (select min(game_pk) from mlb.pitches) and at_bat_index = 0`,
    );
    // pitches cannot be written (a folder stands where its file would be made): games was already.
    const part = path.join(out, 'pitches', `season=${season}`);
    const obstacles = ['part-0', 'part-1'].map((n) => path.join(part, `.${n}.parquet.tmp-${process.pid}`));
    for (const o of obstacles) mkdirSync(o);
    await expect(runExportParquet(t.database, { out, tables: ['games', 'pitches'] })).rejects.toThrow();
    for (const o of obstacles) rmSync(o, { recursive: true });
    // The previous export, as it was: its manifest, its files whole, nothing else a reader sees.
    expect(readFileSync(path.join(out, MANIFEST_NAME), 'utf8')).toBe(manifestText);
    for (const f of before.tables.games!.partitions[`season=${season}`]!.files.concat(
      before.tables.pitches!.partitions[`season=${season}`]!.files,
    ))
      expect(await sha256File(path.join(out, f.path)), f.path).toBe(f.sha256);
    expect(visibleParquet(out)).toEqual(listed(before));
    expect(allFiles(out).filter((f) => /\.(tmp|staged)-/.test(f))).toEqual([]);

    // A folder of the user's beside the tables, and a file of theirs in a partition folder: kept.
    mkdirSync(path.join(out, 'mine'));
    writeFileSync(path.join(out, 'mine', 'notes.txt'), 'x');
    writeFileSync(path.join(part, 'notes.txt'), 'y');
    const r = await runExportParquet(t.database, { out, tables: ['games', 'pitches'] });
    expect(r.written).toBe(2);
    const after = JSON.parse(readFileSync(path.join(out, MANIFEST_NAME), 'utf8')) as Manifest;
    expect(visibleParquet(out)).toEqual(listed(after));
    expect(listed(after)).not.toEqual(listed(before));
    for (const f of Object.values(after.tables).flatMap((tb) => Object.values(tb.partitions).flatMap((p) => p.files)))
      expect(await sha256File(path.join(out, f.path)), f.path).toBe(f.sha256);
    expect(after.tables.pitches!.partitions[`season=${season}`]!.rows).toBe(
      Number(await scalar(t.database.db, 'select count(*) from mlb.pitches')),
    );
    expect(readFileSync(path.join(out, 'mine', 'notes.txt'), 'utf8')).toBe('x');
    expect(readFileSync(path.join(part, 'notes.txt'), 'utf8')).toBe('y');
  });

  it('bad arguments exit 2 with one line and write nothing', async () => {
    const env = cliEnv();
    const empty = await runCliInProcess(['export', 'parquet', '--out', ''], env);
    expect(empty.code).toBe(2);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
    expect(empty.stderr).not.toMatch(/ZodError|\[\s*\{/);
    await expect(runExportParquet(t.database, { out: '' })).rejects.toThrow(UsageError);

    const fresh = path.join(root, 'never', 'made');
    await expect(runExportParquet(t.database, { out: fresh, tables: ['no_such_table'] })).rejects.toThrow(
      /no exported table named no_such_table/,
    );
    // The CLI opens the database for this one: Postgres only (an in-memory PGlite is this process's).
    if (t.url) {
      const unknown = await runCliInProcess(['export', 'parquet', '--out', fresh, '--tables', 'no_such_table'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(path.join(root, 'never'))).toBe(false);

    // A parent that cannot hold folders (a file; /proc, where even root cannot make one).
    writeFileSync(path.join(root, 'plain'), 'z');
    // (/proc passes the check made before the database is opened: the CLI opens it, Postgres only.)
    for (const [bad, cli] of [
      [path.join(root, 'plain', 'exp'), true],
      ['/proc/dugout-export-test/exp', !!t.url],
    ] as const) {
      if (cli) {
        const res = await runCliInProcess(['export', 'parquet', '--out', bad], env);
        expect(res.code, bad).toBe(2);
        expect(res.stderr.trim().split('\n')).toHaveLength(1);
        expect(res.stderr).toContain(bad);
      }
      await expect(runExportParquet(t.database, { out: bad })).rejects.toThrow(UsageError);
    }
    expect(readFileSync(path.join(root, 'plain'), 'utf8')).toBe('z');
    expect(existsSync(path.join(root, 'never-opened'))).toBe(false);
  });
});
