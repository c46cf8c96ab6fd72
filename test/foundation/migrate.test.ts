import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../setup/template.js';
import { runCli } from '../helpers/cli.js';
import { migrationCount } from '../helpers/db.js';

const info = inject('testDb');

describe.runIf(info.kind === 'postgres')('dugout migrate on Postgres', () => {
  it('succeeds in two concurrent processes on a fresh database', async () => {
    if (info.kind !== 'postgres') return;
    const name = `dugout_t_${process.pid}_fresh${Date.now() % 100000}`;
    const admin = postgres(info.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = withDatabase(info.adminUrl, name);
    try {
      const [a, b] = await Promise.all([
        runCli(['migrate'], { env: { DATABASE_URL: url } }),
        runCli(['migrate'], { env: { DATABASE_URL: url } }),
      ]);
      expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
      const applied = [a.stdout, b.stdout].map((s) => Number(/applied: (\d+)/.exec(s)?.[1])).sort();
      expect(applied).toEqual([0, migrationCount()]);
      const check = postgres(url, { max: 1 });
      const [{ n }] = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      await check.end();
      expect(n).toBe(migrationCount());
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
