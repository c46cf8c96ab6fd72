import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { freePort } from '../../helpers/cluster.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';

/**
 * Issue 36 §3: with the API out of reach a backfill spent 80 s retrying 18 reference lists five
 * times each, printed 99 JSON lines and ended `failed — requested 0 … failed 18`.
 */
describe('a backfill with no way to the Stats API', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  async function backfill(env: Record<string, string>) {
    const started = Date.now();
    const r = await withDatabaseClosed(t, () =>
      runCli(['backfill', '--start-date', '2024-04-01', '--end-date', '2024-04-02'], {
        env: { ...t.env, LOG_LEVEL: 'warn', ...env },
        timeoutMs: 120_000,
      }),
    );
    return { ...r, seconds: (Date.now() - started) / 1000, lines: r.stderr.trim().split('\n') };
  }

  it.each([
    {
      what: 'connections refused',
      url: async () => `http://127.0.0.1:${await freePort()}/api`,
      env: {} as Record<string, string>,
      cause: /: connection refused \(ECONNREFUSED\); /,
    },
    {
      what: 'a host name that does not resolve',
      url: async () => 'http://statsapi.invalid/api',
      // The resolver here would ask a DNS server: the lookup fails in the process instead, as it does offline.
      env: { NODE_OPTIONS: `--import=${path.join(REPO_ROOT, 'test/helpers/offline-dns.mjs')}` },
      cause: /: its host name does not resolve \(ENOTFOUND\); /,
    },
  ])(
    '($what) stops within seconds with one line: the URL, the cause, what to check',
    {
      timeout: 150_000,
    },
    async ({ url, env, cause }) => {
      const base = await url();
      const r = await backfill({ STATSAPI_BASE_URL: base, ...env });
      expect(r.signal).toBeNull();
      expect(r.code, r.stderr).toBe(1);
      expect(r.seconds).toBeLessThan(15);
      const last = r.lines.at(-1)!;
      expect(last.startsWith(`dugout: cannot reach the Stats API at ${base}`), last).toBe(true);
      expect(last).toMatch(cause);
      expect(last).toMatch(/check the network connection, DNS and STATSAPI_BASE_URL$/);
      // One line for the user; besides it only the run's own closing log record, and no retries.
      expect(r.lines.filter((l) => !l.startsWith('{'))).toEqual([last]);
      expect(r.lines.length).toBeLessThanOrEqual(2);
      expect(r.stderr).not.toMatch(/retrying|reference refresh failed/);
      expect(r.stdout).toBe('');
      const runs = await queryRows<{ status: string; error: string | null }>(
        t.database.db,
        sql`select status, error from ingest.runs where job = 'backfill' order by run_id desc limit 1`,
      );
      expect(runs[0]?.status).toBe('failed');
      expect(runs[0]?.error).toContain(`cannot reach the Stats API at ${base}`);
    },
  );
});
