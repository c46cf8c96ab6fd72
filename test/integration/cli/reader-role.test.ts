import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { canRunThrowawayCluster, startThrowawayCluster, type ThrowawayCluster } from '../../helpers/cluster.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

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

// The shared test server trusts every login; a cluster of our own that checks passwords proves the
// role really gets the password given, whatever it contains.
describe.runIf(canRunThrowawayCluster())('dugout reader-role with hostile passwords', () => {
  let cluster: ThrowawayCluster;
  beforeAll(async () => {
    cluster = await startThrowawayCluster({ password: 'cluster-admin-pw' });
  }, 120_000);
  afterAll(() => cluster?.destroy());

  const loginAs = async (password: string) => {
    const url = new URL(cluster.url);
    url.username = 'dugout_reader';
    url.password = encodeURIComponent(password);
    const reader = postgres(url.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 });
    try {
      return (await reader`select current_user as who`)[0]!.who as string;
    } finally {
      await reader.end();
    }
  };

  it.each([
    ['dollar quotes', 'Secret$$Pw$$ end'],
    ['quotes and a backslash', `it's a "pa\\ss" word`],
    ['spaces and unicode', '  spaced ünïcödé 密码 '],
  ])(
    'sets a password with %s that then logs in, and never echoes it',
    { timeout: 60_000 },
    async (_label, password) => {
      const r = await runCli(['reader-role', '--password', password], { env: { DATABASE_URL: cluster.url } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(password);
      expect(await loginAs(password)).toBe('dugout_reader');
      await expect(loginAs(`${password}x`)).rejects.toThrow(/password authentication failed/);
    },
  );

  it('sends only a SCRAM verifier: the plaintext is in no statement the server logs', { timeout: 60_000 }, async () => {
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe("alter system set log_statement = 'all'");
      await admin.unsafe('alter system set log_parameter_max_length = -1');
      await admin.unsafe('select pg_reload_conf()');
      const password = 'Logged-Secret$$Pw';
      const r = await runCli(['reader-role', '--password', password], { env: { DATABASE_URL: cluster.url } });
      expect(r.code, r.stderr).toBe(0);
      expect(await loginAs(password)).toBe('dugout_reader');
      const log = readFileSync(cluster.logFile, 'utf8');
      expect(log).toContain('dugout.reader_password'); // the statements were logged, with their parameters
      expect(log).not.toContain(password);
      const [row] = await admin`select rolpassword from pg_authid where rolname = 'dugout_reader'`;
      expect(String(row?.rolpassword)).toMatch(/^SCRAM-SHA-256\$4096:/);
    } finally {
      await admin.unsafe('alter system reset log_statement');
      await admin.unsafe('alter system reset log_parameter_max_length');
      await admin.unsafe('select pg_reload_conf()');
      await admin.end();
    }
  });

  it('reads the password from --password-file', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dugout-pw-'));
    const file = path.join(dir, 'pw');
    writeFileSync(file, 'from-a-file $$ pw\n', { mode: 0o600 });
    try {
      const r = await runCli(['reader-role', '--password-file', file], { env: { DATABASE_URL: cluster.url } });
      expect(r.code, r.stderr).toBe(0);
      expect(await loginAs('from-a-file $$ pw')).toBe('dugout_reader');
      expect(
        (
          await runCli(['reader-role', '--password-file', path.join(dir, 'missing')], {
            env: { DATABASE_URL: cluster.url },
          })
        ).code,
      ).toBe(2);
      expect(
        (
          await runCli(['reader-role', '--password', 'x'.repeat(9), '--password-file', file], {
            env: { DATABASE_URL: cluster.url },
          })
        ).code,
      ).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
