import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { createScratchDatabase } from '../../../src/db/scratch.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** Reproductions of the `dugout sql` bypasses: each ran a write or touched the server before. */
describe.runIf(testBackend() === 'postgres')('dugout sql is read-only whatever the text', () => {
  let t: TestDatabase;
  const role = `dugout_ro_${process.pid}`;
  const login = `dugout_login_${process.pid}`;
  let admin: postgres.Sql;
  const tableExists = async () =>
    (await queryRows<{ t: string | null }>(t.database.db, sql`select to_regclass('public.t')::text as t`))[0]?.t ===
    't';

  beforeAll(async () => {
    t = await createTestDatabase();
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    await admin.unsafe('create table public.t (a int)');
    await admin.unsafe(`drop role if exists ${role}`);
    await admin.unsafe(`drop role if exists ${login}`);
    await admin.unsafe(`create role ${role} nologin`);
    await admin.unsafe(`grant usage on schema mlb to ${role}`);
    await admin.unsafe(`grant select on all tables in schema mlb to ${role}`);
    await admin.unsafe(`create role ${login} login`);
    for (const schema of ['mlb', 'ingest', 'analytics', 'raw']) {
      await admin.unsafe(`grant usage on schema ${schema} to ${login}`);
      await admin.unsafe(`grant select on all tables in schema ${schema} to ${login}`);
    }
  });
  afterAll(async () => {
    await admin?.end();
    await t?.drop();
    const a = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
      max: 1,
      onnotice: () => {},
    });
    try {
      await a.unsafe(`drop role if exists ${role}`);
      await a.unsafe(`drop role if exists ${login}`);
    } finally {
      await a.end();
    }
  });

  it('the E-string bypass is refused with exit 2 and the table is still there', async () => {
    const r = await runCli(['sql', "select E'\\''; commit; drop table public.t; --'"], { env: t.env });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(await tableExists()).toBe(true);
  });

  it.each([
    ["select lo_import('/etc/hostname')"],
    ["select lo_export(1, '/tmp/dugout-lo-export')"],
    ["select pg_read_file('/etc/hostname')"],
    ['select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid()'],
    ['select 1; delete from mlb.games'],
    ['select $$x$$; drop table public.t'],
    ['select 1 /* ; */; drop table public.t'],
  ])('refuses %s before connecting (exit 2, one line)', async (q) => {
    const r = await runCli(['sql', q], { env: t.env });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(await tableExists()).toBe(true);
  });

  it('a second statement cannot run even past the guard: one statement, extended protocol', async () => {
    const err = await t.database
      .readOnlyQuery('select 1; drop table public.t', { timeoutMs: 5000 })
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toMatch(/multiple commands/);
    const commit = await t.database
      .readOnlyQuery("select E'\\''; commit; drop table public.t; --'", { timeoutMs: 5000 })
      .catch((e: unknown) => e);
    expect(commit).toBeInstanceOf(Error);
    expect(await tableExists()).toBe(true);
  });

  it('a writable CTE fails in the read-only transaction (exit 1, the cause in one line)', async () => {
    const r = await runCli(['sql', 'with d as (delete from public.t returning 1) select * from d'], { env: t.env });
    expect(r.code).toBe(1);
    // The CLI's last line is the database's own cause (the JSON log line before it is for machines).
    expect(lines(r.stderr).at(-1)).toMatch(
      /^dugout: database error 25006: cannot execute \w+ in a read-only transaction$/,
    );
  });

  it('the statement timeout cancels a long query (--timeout)', async () => {
    const r = await runCli(['sql', 'select pg_sleep(5)', '--timeout', '0.3'], { env: t.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/57014|statement timeout/);
  });

  it('runs as the reader role when it exists: the role cannot read what it was not granted', async () => {
    const [who] = await t.database.readOnlyQuery('select current_user as u', { timeoutMs: 5000, role });
    expect(who).toEqual({ u: role });
    await expect(t.database.readOnlyQuery('select * from ingest.runs', { timeoutMs: 5000, role })).rejects.toThrow(
      /permission denied/,
    );
    // A role that does not exist is skipped, not an error.
    const [me] = await t.database.readOnlyQuery('select current_user as u', {
      timeoutMs: 5000,
      role: 'no_such_role_here',
    });
    expect(me?.u).toBe('postgres');
  });

  it('status and sql run under a login with SELECT only: they never migrate', async () => {
    const url = new URL(t.url!);
    url.username = login;
    const env = { DATABASE_URL: url.toString() };
    const status = await runCli(['status', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).deadLetters).toEqual([]);
    const q = await runCli(['sql', 'select count(*)::int as n from mlb.games', '--json'], { env });
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout)).toEqual([{ n: 0 }]);
  });

  it('on an empty database status and check name "dugout migrate" and create nothing; sql warns', async () => {
    const scratch = await createScratchDatabase(t.url!, `dugout_empty_${process.pid}`);
    try {
      const env = { DATABASE_URL: scratch.url };
      for (const cmd of [['status'], ['check']]) {
        const r = await runCli(cmd, { env });
        expect(r.code, r.stderr).toBe(1);
        expect(lines(r.stderr).at(-1)).toMatch(/no dugout schema yet: run "dugout migrate"/);
      }
      const q = await runCli(['sql', 'select 1 as one'], { env });
      expect(q.code, q.stderr).toBe(0);
      expect(q.stderr).toMatch(/warning: the schema is behind \(0 of \d+/);
      const other = postgres(scratch.url, { max: 1, onnotice: () => {} });
      try {
        const [row] =
          await other`select to_regnamespace('drizzle') is null and to_regnamespace('mlb') is null as empty`;
        expect(row?.empty).toBe(true);
      } finally {
        await other.end();
      }
    } finally {
      await scratch.drop();
    }
  });
});
