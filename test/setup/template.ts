import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { urlWithDatabase } from '../../src/db/scratch.js';
import { isProcessAlive } from '../../src/process-alive.js';

/** A PGlite migrated once per run, as a `dumpDataDir` tarball. */
export interface PgliteTemplate {
  tarball: string;
}

export type TestDbInfo =
  | { kind: 'pglite'; pglite: PgliteTemplate }
  | { kind: 'postgres'; adminUrl: string; template: string; pglite: PgliteTemplate };

/**
 * Migrate one PGlite for the whole run. Each in-memory test database starts from its tarball
 * instead of running every migration again, which cost each file seconds.
 */
export async function createPgliteTemplate(
  project: string,
): Promise<{ template: PgliteTemplate; teardown(): Promise<void> }> {
  project = project.replace(/[^a-z0-9]/gi, '_');
  dropStalePgliteTemplates();
  // Each vitest project (integration, slow) runs this setup: one template each.
  const root = path.join(tmpdir(), `dugout-tpl-${process.pid}-${project}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const dir = path.join(root, 'pglite');
  const database = await createDatabase({ databaseUrl: undefined, pgliteDir: dir });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dir);
  const tarball = path.join(root, 'pglite.tar');
  try {
    writeFileSync(tarball, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pg.close();
  }
  return {
    template: { tarball },
    async teardown() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Remove PGlite templates left by earlier runs whose process is gone. */
function dropStalePgliteTemplates(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^dugout-tpl-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isProcessAlive(pid)) {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** Create a fresh, migrated template database next to the admin URL's database. */
export async function createTemplateDatabase(
  adminUrl: string,
  project: string,
): Promise<{ info: Omit<Extract<TestDbInfo, { kind: 'postgres' }>, 'pglite'>; teardown(): Promise<void> }> {
  project = project.replace(/[^a-z0-9]/gi, '_');
  const template = `dugout_tpl_${process.pid}_${project}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await dropStale(admin);
    await admin.unsafe(`drop database if exists ${template}`);
    await admin.unsafe(`create database ${template}`);
  } finally {
    await admin.end();
  }
  const url = urlWithDatabase(adminUrl, template);
  const database = await createDatabase({ databaseUrl: url, pgliteDir: '' });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return {
    info: { kind: 'postgres', adminUrl, template },
    async teardown() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        // Every clone of this run: the other project's files have all ended too.
        const clones = await a`select datname from pg_database where datname like ${`dugout_t_${process.pid}_%`}`;
        for (const { datname } of clones) await a.unsafe(`drop database if exists ${datname} with (force)`);
        await a.unsafe(`drop database if exists ${template} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** Drop test databases left by earlier runs whose process is gone. */
async function dropStale(admin: postgres.Sql): Promise<void> {
  const rows = await admin`select datname from pg_database where datname ~ '^dugout_(tpl|t)_[0-9]+'`;
  for (const { datname } of rows) {
    const pid = Number(/^dugout_(?:tpl|t)_(\d+)/.exec(datname)?.[1]);
    if (pid && !isProcessAlive(pid)) await admin.unsafe(`drop database if exists ${datname} with (force)`);
  }
}
