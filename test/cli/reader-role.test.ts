import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../helpers/db.js';

describe.runIf(testBackend() === 'postgres')('dugout reader-role', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  it('creates a login that can read the analytics and mlb schemas and cannot write', { timeout: 60_000 }, async () => {
    const password = 'reader-test-password';
    const r = await runCli(['reader-role', '--password', password], { env: t.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('dugout_reader');
    const url = new URL(t.url!);
    url.username = 'dugout_reader';
    url.password = password;
    const reader = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const rows = await reader`select count(*)::int as n from analytics.season_batting`;
      expect(rows[0]!.n).toBe(0);
      await expect(reader`insert into mlb.teams (team_id, name) values (1, 'x')`).rejects.toThrow();
      await expect(reader`select count(*) from ingest.work_items`).rejects.toThrow(/permission denied/);
    } finally {
      await reader.end();
    }
  });

  it('refuses a short password with exit 2', async () => {
    const r = await runCli(['reader-role', '--password', 'short'], { env: t.env });
    expect(r.code).toBe(2);
  });
});
