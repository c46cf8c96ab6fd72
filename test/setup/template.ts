import postgres from 'postgres';
import { createDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { urlWithDatabase } from '../../src/db/scratch.js';
import { isProcessAlive } from '../../src/process-alive.js';

export type TestDbInfo = { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string; template: string };

/** Create a fresh, migrated template database next to the admin URL's database. */
export async function createTemplateDatabase(
  adminUrl: string,
): Promise<{ info: Extract<TestDbInfo, { kind: 'postgres' }>; teardown(): Promise<void> }> {
  const template = `dugout_tpl_${process.pid}`;
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
    await runMigrations(database, { databaseUrl: url });
  } finally {
    await database.close();
  }
  return {
    info: { kind: 'postgres', adminUrl, template },
    async teardown() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
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
