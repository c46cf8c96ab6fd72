import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createScratchDatabase } from '../../src/db/scratch.js';

export interface TestDatabase {
  database: Database;
  /** `DATABASE_URL` for child processes (Postgres), or undefined on PGlite. */
  url: string | undefined;
  /** Env for a child `dugout` process using this database (PGlite: a data directory; then close `database` first). */
  env: Record<string, string>;
  kind: 'postgres' | 'pglite';
  drop(): Promise<void>;
}

const testDbInfo = () => inject('testDb');

/** Which back end the suite runs on. */
export function testBackend(): 'postgres' | 'pglite' {
  return testDbInfo().kind;
}

/**
 * A migrated database of this test file's own: a clone of the template on Postgres, a PGlite
 * otherwise or with `backend: 'pglite'` (in memory, loaded from the migrated template; or in a temp
 * directory with `onDisk` so a child process can open it).
 */
export async function createTestDatabase(opts: { onDisk?: boolean; backend?: 'pglite' } = {}): Promise<TestDatabase> {
  const info = testDbInfo();
  if (info.kind === 'postgres' && opts.backend !== 'pglite') {
    const name = `dugout_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const scratch = await createScratchDatabase(info.adminUrl, name, { template: info.template });
    const url = scratch.url;
    const database = await createDatabase({ databaseUrl: url, pgliteDir: '' });
    return {
      database,
      url,
      env: { DATABASE_URL: url },
      kind: 'postgres',
      async drop() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  // In memory: a copy of the run's migrated PGlite (test/setup/template.ts). On disk, for a child
  // process: migrated in place as a user's directory is, since a copied directory measured higher
  // peak memory in the child (the bound of test/integration/pipeline/hostile-bodies.test.ts).
  const dir = opts.onDisk ? mkdtempSync(path.join(tmpdir(), 'dugout-pglite-')) : undefined;
  const pgliteDir = dir ? path.join(dir, 'pglite') : '';
  let database: Database;
  if (dir) {
    database = await createDatabase({ databaseUrl: undefined, pgliteDir });
    await runMigrations(database);
  } else {
    const pgliteDataDir = new Blob([readFileSync(info.pglite.tarball)]);
    database = await createDatabase({ databaseUrl: undefined, pgliteDir }, { inMemory: true, pgliteDataDir });
  }
  return {
    database,
    url: undefined,
    env: { DUGOUT_PGLITE_DIR: pgliteDir },
    kind: 'pglite',
    async drop() {
      await database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many migrations the repository ships. */
export function migrationCount(): number {
  return readdirSync(new URL('../../migrations', import.meta.url)).filter((f) => f.endsWith('.sql')).length;
}

/** Env for a child `dugout` against this database and a simulator URL, without politeness limits. */
export function cliEnv(t: TestDatabase, simUrl: { url: string }): Record<string, string> {
  return {
    ...t.env,
    STATSAPI_BASE_URL: simUrl.url,
    STATSAPI_MAX_RPS: '500',
    STATSAPI_CONCURRENCY: '6',
    LOG_LEVEL: 'warn',
  };
}

/** Close the test's own handle (PGlite allows one process at a time), run `fn`, then reopen it. */
export async function withDatabaseClosed<T>(t: TestDatabase, fn: () => Promise<T>): Promise<T> {
  if (t.kind !== 'pglite') return fn();
  await t.database.close();
  try {
    return await fn();
  } finally {
    t.database = await createDatabase({ databaseUrl: undefined, pgliteDir: t.env.DUGOUT_PGLITE_DIR! });
  }
}
