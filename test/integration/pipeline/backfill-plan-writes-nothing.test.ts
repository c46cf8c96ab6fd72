import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createScratchDatabase, type ScratchDatabase } from '../../../src/db/scratch.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, testBackend, withDatabaseClosed } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

/** Every table of the database outside the system's, with its row count. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await pg<Array<{ name: string }>>`select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      order by 1`;
    const out: Record<string, number> = {};
    for (const { name } of tables)
      out[name] = Number((await pg.unsafe(`select count(*)::int as n from ${name}`))[0]!.n);
    return out;
  } finally {
    await pg.end();
  }
}

// Each block starts its simulator in its own hook (one of them is skipped on each back end).
let h: SimHarness;
const plan = (env: Record<string, string>) =>
  runCli(['backfill', '--season', `${h.sim.season - 1}-${h.sim.season}`, '--plan'], { env });

describe('backfill --plan writes nothing to PostgreSQL', () => {
  describeNeeds('PostgreSQL', testBackend() === 'postgres')('on PostgreSQL', () => {
    let empty: ScratchDatabase;
    let t: TestDatabase;
    beforeAll(async () => {
      h = await startSim({ seed: 3 });
      empty = await createScratchDatabase(
        (inject('testDb') as { adminUrl: string }).adminUrl,
        `dugout_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
      );
      t = await createTestDatabase();
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      await empty?.drop();
      await t?.drop();
    });

    it('a fresh empty database: says it is not migrated, plans from nothing, and is left with no tables', {
      timeout: 120_000,
    }, async () => {
      const res = await plan({ ...cliEnv(t, h), DATABASE_URL: empty.url });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toMatch(
        /the database is not migrated \(0 of \d+ migrations applied\): the plan counts no game as loaded/,
      );
      const lines = res.stdout.trim().split('\n');
      expect(lines.filter((l) => /^\d{4}: /.test(l))).toHaveLength(2);
      for (const l of lines.filter((l) => /^\d{4}: /.test(l))) expect(l).toContain('loaded 0, ');
      expect(lines.at(-1)).toMatch(
        /^backfill plan succeeded: 2 season\(s\) planned .*the database unchanged \(not migrated/,
      );
      expect(await rowCounts(empty.url)).toEqual({});
      const pg = postgres(empty.url, { max: 1, onnotice: () => {} });
      try {
        const schemas =
          await pg`select nspname from pg_namespace where nspname in ('mlb', 'raw', 'ingest', 'analytics', 'drizzle')`;
        expect(schemas).toHaveLength(0);
      } finally {
        await pg.end();
      }
    });

    it('a loaded database: every table keeps its row count, the migrations table included', {
      timeout: 240_000,
    }, async () => {
      const day = h.sim
        .listGames()
        .filter((g) => g.season === h.sim.season && g.gameType === 'R')
        .map((g) => g.officialDate)
        .sort()[0]!;
      const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
      expect(run.status, String(run.error)).toBe('succeeded');
      const before = await rowCounts(t.url!);
      expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
      expect(before['raw.boxscores']).toBeGreaterThan(0);
      const res = await plan(cliEnv(t, h));
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).not.toContain('not migrated');
      expect(res.stdout).toMatch(/loaded [1-9]/);
      expect(await rowCounts(t.url!)).toEqual(before);
    });
  });
});

describe('backfill --plan writes nothing to the embedded database', () => {
  describe.runIf(testBackend() === 'pglite')('on the embedded database', () => {
    let dir: string;
    beforeAll(async () => {
      h = await startSim({ seed: 3 });
      dir = mkdtempSync(path.join(tmpdir(), 'dugout-plan-'));
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('one not made yet is not made by a plan', { timeout: 120_000 }, async () => {
      const pgliteDir = path.join(dir, 'pglite');
      const res = await plan({ ...cliEnv({ env: { DUGOUT_PGLITE_DIR: pgliteDir } } as unknown as TestDatabase, h) });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain('does not exist yet: the plan counts no game as loaded');
      expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^backfill plan succeeded: 2 season\(s\) planned/);
      expect(existsSync(pgliteDir)).toBe(false);
    });

    it('a loaded one keeps its row counts', { timeout: 240_000 }, async () => {
      const t = await createTestDatabase({ onDisk: true });
      try {
        // What a plan used to write: the migrations, a run and its worker, the seasons' snapshot.
        const count = async () =>
          (
            await queryRows<Record<string, number>>(
              t.database.db,
              sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                (select count(*)::int from ingest.runs) as runs, (select count(*)::int from ingest.workers) as workers,
                (select count(*)::int from raw.snapshots) as snapshots, (select count(*)::int from mlb.seasons) as seasons`,
            )
          )[0];
        const before = await count();
        const res = await withDatabaseClosed(t, () => plan(cliEnv(t, h)));
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).not.toContain('not migrated');
        expect(await count()).toEqual(before);
      } finally {
        await t.drop();
      }
    });
  });
});
