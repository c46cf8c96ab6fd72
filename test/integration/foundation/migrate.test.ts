import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../../src/db/scratch.js';
import { runCli } from '../../helpers/cli.js';
import { migrationCount } from '../../helpers/db.js';
import { first } from '../../helpers/defined.js';
import { describeNeeds } from '../../needs.js';

const info = inject('testDb');

describeNeeds('PostgreSQL', info.kind === 'postgres')('dugout migrate on Postgres', () => {
  it('succeeds in two concurrent processes on a fresh database', async () => {
    if (info.kind !== 'postgres') return;
    const scratch = await createScratchDatabase(info.adminUrl, `dugout_t_${process.pid}_fresh${Date.now() % 100000}`);
    const url = scratch.url;
    try {
      const [a, b] = await Promise.all([
        runCli(['migrate'], { env: { DATABASE_URL: url } }),
        runCli(['migrate'], { env: { DATABASE_URL: url } }),
      ]);
      expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
      const applied = [a.stdout, b.stdout].map((s) => Number(/applied: (\d+)/.exec(s)?.[1])).sort();
      expect(applied).toEqual([0, migrationCount()]);
      const check = postgres(url, { max: 1 });
      const { n } = first(await check`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await check.end();
      expect(n).toBe(migrationCount());
    } finally {
      await scratch.drop();
    }
  });
});
