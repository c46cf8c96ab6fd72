import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../../src/db/client.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

// A separate process reads the database, so the embedded in-memory PGlite cannot be shared.
describeNeeds('PostgreSQL', testBackend() === 'postgres')(
  'dugout status --fail-on (cron monitoring without Prometheus)',
  () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase();
    });
    afterAll(async () => t?.drop());

    const status = (...flags: string[]) => runCli(['status', ...flags], { env: t.env });

    it('rejects an unknown condition as a usage error', async () => {
      const r = await status('--fail-on', 'dead-letters,stale=2x');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/"stale=2x" is not a condition/);
    });

    it('fails on stale when no sync ever succeeded, passes once one did within the window', {
      timeout: 60_000,
    }, async () => {
      const never = await status('--fail-on', 'stale=2h');
      expect(never.code).toBe(1);
      expect(never.stderr).toContain('no successful sync on record');

      await t.database.db.execute(sql`insert into ingest.runs (job, status, started_at, finished_at)
      values ('sync', 'succeeded', now() - interval '3 hours', now() - interval '3 hours')`);
      const old = await status('--fail-on', 'stale=2h');
      expect(old.code).toBe(1);
      expect(old.stderr).toMatch(/no successful sync since \d{4}-/);
      expect((await status('--fail-on', 'stale=4h')).code).toBe(0);

      // A failed run does not count as a successful one.
      await t.database.db.execute(sql`insert into ingest.runs (job, status, started_at, finished_at)
      values ('sync', 'failed', now(), now())`);
      expect((await status('--fail-on', 'stale=2h')).code).toBe(1);
      await t.database.db.execute(sql`insert into ingest.runs (job, status, started_at, finished_at)
      values ('nightly', 'succeeded', now() - interval '5 minutes', now())`);
      expect((await status('--fail-on', 'stale=2h')).code).toBe(0);
    });

    it('fails on dead letters and says how many; JSON carries the alerts', { timeout: 60_000 }, async () => {
      expect((await status('--fail-on', 'dead-letters')).code).toBe(0);
      await t.database.db.execute(sql`insert into ingest.work_items (kind, key, reason, status, attempts, last_error)
      values ('game', '1', 'backfill', 'dead', 5, 'HTTP 404'), ('game', '2', 'backfill', 'dead', 5, 'HTTP 404')`);
      const r = await status('--fail-on', 'dead-letters,stale=1d');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('2 dead letter(s)');
      const json = await status('--json', '--fail-on', 'dead-letters');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({
        deadLetterCount: 2,
        alerts: [expect.stringContaining('2 dead letter(s)')],
      });
    });
  },
);
