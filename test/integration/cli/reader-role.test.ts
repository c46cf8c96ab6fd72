import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { canRunThrowawayCluster, startThrowawayCluster, type ThrowawayCluster } from '../../helpers/cluster.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describeNeeds('PostgreSQL', testBackend() === 'postgres')('dugout reader-role', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  it('creates a login that can read the analytics, mlb and raw schemas and cannot write', {
    timeout: 60_000,
  }, async () => {
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
      // The raw bodies are public API data: readable.
      expect((await reader`select count(*)::int as n from raw.boxscores`)[0]!.n).toBe(0);
      // The draft and the venues' fields, like every mlb table and analytics view.
      expect((await reader`select count(*)::int as n from mlb.draft_picks`)[0]!.n).toBe(0);
      expect((await reader`select count(*)::int as n from mlb.venue_field_info`)[0]!.n).toBe(0);
      expect((await reader`select count(*)::int as n from analytics.venue_fields`)[0]!.n).toBe(0);
      // The revisions, the history, the scoring changes and the as-of functions (issue 53).
      for (const relation of [
        'raw.game_revisions',
        'mlb.plays_history',
        'mlb.batting_lines_history',
        'mlb.pitching_lines_history',
        'mlb.scoring_changes',
        'analytics.scoring_changes_weekly',
        'analytics.season_batting_as_of(now())',
        'analytics.standings_as_of(now())',
      ])
        expect((await reader.unsafe(`select count(*)::int as n from ${relation}`))[0]!.n).toBe(0);
      // Even with read-only transactions turned off: no temporary table, no large object.
      await reader.unsafe('set default_transaction_read_only = off');
      await expect(reader.unsafe('create temp table scratch (a int)')).rejects.toThrow(
        /permission denied to create temporary tables/,
      );
      await expect(reader`select lo_from_bytea(0, 'x')`).rejects.toThrow(
        /permission denied for function lo_from_bytea/,
      );
      // Nor the advisory locks dugout's migrations, daemon and loads wait on.
      await expect(reader`select pg_try_advisory_lock(727001001)`).rejects.toThrow(
        /permission denied for function pg_try_advisory_lock/,
      );
    } finally {
      await reader.end();
    }
    const admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    try {
      const [role] =
        await admin`select rolconnlimit, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls,
          (select setconfig from pg_db_role_setting s where s.setrole = r.oid and s.setdatabase = 0) as settings
        from pg_roles r where rolname = 'dugout_reader'`;
      expect(role).toMatchObject({
        rolconnlimit: 20,
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolreplication: false,
        rolbypassrls: false,
      });
      expect([...(role!.settings as string[])].sort()).toEqual([
        'default_transaction_read_only=on',
        'idle_in_transaction_session_timeout=60000',
        'statement_timeout=60000',
        'temp_file_limit=4194304',
      ]);
    } finally {
      await admin.end();
    }
    // It prints the URL to give dugout sql, its password left out.
    expect(lines(r.stdout).at(-1)).toBe(
      `for dugout sql and BI tools (PASSWORD: yours, percent-encoded: / as %2F, @ as %40, : as %3A, # as %23, ? as %3F, % as %25, space as %20; or let --url-file F write the whole URL to a file only you can read): DUGOUT_READER_URL=${url.toString().replace(password, 'PASSWORD')}`,
    );
    expect(r.stderr).toBe('');
  });

  it('re-run, turns a role that was given more back into a reader that dugout sql accepts', {
    timeout: 60_000,
  }, async () => {
    const role = `dugout_rerun_${process.pid}`;
    const admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    const url = new URL(t.url!);
    url.username = role;
    try {
      await admin.unsafe(`drop role if exists ${role}`);
      // What an older dugout made (analytics and mlb only), then given more by hand.
      await admin.unsafe(`create role ${role} login createdb in role pg_signal_backend`);
      for (const schema of ['analytics', 'mlb', 'ingest']) {
        await admin.unsafe(`grant usage on schema ${schema} to ${role}`);
        await admin.unsafe(`grant select on all tables in schema ${schema} to ${role}`);
      }
      await admin.unsafe(`grant insert on mlb.games to ${role}`);
      await admin.unsafe(`grant create on schema raw to ${role}`);
      const refused = await runCli(['sql', 'select 1'], { env: { ...t.env, DUGOUT_READER_URL: url.toString() } });
      expect(refused.code, refused.stderr).toBe(2);

      const r = await runCli(['reader-role', '--role', role, '--password', 'rerun-password'], { env: t.env });
      expect(r.code, r.stderr).toBe(0);
      const q = await runCli(['sql', 'select count(*)::int as n from raw.people', '--json'], {
        env: { ...t.env, DUGOUT_READER_URL: url.toString() },
      });
      expect(q.code, q.stderr).toBe(0);
      expect(JSON.parse(q.stdout)).toEqual([{ n: 0 }]);
      const ingest = await runCli(['sql', 'select count(*) from ingest.runs'], {
        env: { ...t.env, DUGOUT_READER_URL: url.toString() },
      });
      expect(lines(ingest.stderr).at(-1)).toMatch(/permission denied for schema ingest/);
    } finally {
      await admin.unsafe(`drop owned by ${role}`).catch(() => {});
      await admin.unsafe(`drop role if exists ${role}`).catch(() => {});
      await admin.end();
    }
  });

  it('refuses the embedded database in one line (it takes no logins)', async () => {
    const r = await runCli(['reader-role', '--password', 'long-enough'], {
      env: { DUGOUT_PGLITE_DIR: '/nonexistent/x' },
    });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      'dugout: reader-role needs a PostgreSQL DATABASE_URL: the embedded database takes no logins',
    ]);
  });

  it('refuses a short password with exit 2', async () => {
    const r = await runCli(['reader-role', '--password', 'short'], { env: t.env });
    expect(r.code).toBe(2);
  });
});

// The shared test server trusts every login; a cluster of our own that checks passwords proves the
// role really gets the password given, whatever it contains.
describeNeeds('PostgreSQL', canRunThrowawayCluster())('dugout reader-role with hostile passwords', () => {
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
