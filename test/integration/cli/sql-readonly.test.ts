import { spawn } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, queryRows, sql } from '../../../src/db/client.js';
import { inspectLoginRights } from '../../../src/db/login-rights.js';
import { createScratchDatabase } from '../../../src/db/scratch.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { first } from '../../helpers/defined.js';
import { describeNeeds } from '../../needs.js';

const lines = (s: string) => s.trim().split('\n').filter(Boolean);
const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `dugout sql` against real PostgreSQL: the statement runs as a login that can only read, so the
 * reproductions that walked through the old lexer's deny-list fail by privilege. Roles belong to the
 * whole server: every one made here carries this process's id, so parallel files never share one.
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('dugout sql runs as a login that can only read', () => {
  let t: TestDatabase;
  let admin: postgres.Sql;
  const id = process.pid;
  const reader = `dugout_ro_${id}`; // made by `dugout reader-role`
  const login = `dugout_login_${id}`; // a DBA's read-only login: SELECT on every dugout schema
  const group = `dugout_grp_${id}`; // a NOLOGIN role with SELECT on mlb
  const viaGroup = `dugout_via_${id}`; // a login whose sessions start as the group
  const writer = `dugout_w_${id}`; // INSERT on mlb.games
  const signaller = `dugout_sig_${id}`; // a member of pg_signal_backend
  const creator = `dugout_cr_${id}`; // NOLOGIN, CREATEROLE
  const climber = `dugout_climb_${id}`; // a member of the CREATEROLE role
  const roles = [reader, login, viaGroup, group, writer, signaller, climber, creator];
  const slot = `dugout_slot_${id}`;
  // A file the server can read: what the old guard let a query print.
  const secretFile = path.join(tmpdir(), `dugout-secret-${id}`);
  const secret = `secret-${id}-${Math.random().toString(36).slice(2)}`;

  const urlAs = (role: string) => {
    const u = new URL(t.url!);
    u.username = role;
    return u.toString();
  };
  /** The env of a `dugout` whose DATABASE_URL is the owner's (a superuser) and whose reader is `role`. */
  const asReader = (role = reader) => ({ ...t.env, DUGOUT_READER_URL: urlAs(role) });
  const tableExists = async () =>
    (await queryRows<{ t: string | null }>(t.database.db, sql`select to_regclass('public.t')::text as t`))[0]?.t ===
    't';

  beforeAll(async () => {
    t = await createTestDatabase();
    writeFileSync(secretFile, `${secret}\n`);
    chmodSync(secretFile, 0o644);
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    await admin.unsafe('create table public.t (a int)');
    for (const r of roles) await admin.unsafe(`drop role if exists ${r}`);
    const made = await runCli(['reader-role', '--role', reader, '--password', 'reader-test-pw'], { env: t.env });
    expect(made.code, made.stderr).toBe(0);
    await admin.unsafe(`create role ${login} login`);
    for (const schema of ['mlb', 'ingest', 'analytics', 'raw']) {
      await admin.unsafe(`grant usage on schema ${schema} to ${login}`);
      await admin.unsafe(`grant select on all tables in schema ${schema} to ${login}`);
    }
    await admin.unsafe(`create role ${group} nologin`);
    await admin.unsafe(`grant usage on schema mlb to ${group}`);
    await admin.unsafe(`grant select on all tables in schema mlb to ${group}`);
    await admin.unsafe(`create role ${viaGroup} login in role ${group}`);
    await admin.unsafe(`alter role ${viaGroup} set role = ${group}`);
    await admin.unsafe(`create role ${writer} login`);
    await admin.unsafe(`grant usage on schema mlb to ${writer}`);
    await admin.unsafe(`grant select, insert on mlb.games to ${writer}`);
    await admin.unsafe(`create role ${signaller} login in role pg_signal_backend`);
    await admin.unsafe(`create role ${creator} nologin createrole`);
    await admin.unsafe(`create role ${climber} login in role ${creator}`);
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await t?.drop();
    rmSync(secretFile, { force: true });
    const a = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    try {
      await a.unsafe(
        `select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '${slot}'`,
      );
      for (const r of roles) await a.unsafe(`drop role if exists ${r}`);
    } finally {
      await a.end();
    }
  });

  it('runs as the login reader-role made, and prints dates and timestamps as ISO', async () => {
    const q = `select current_user as who, date '2025-03-27' as day, timestamptz '2025-03-27 18:05:00+00' as at`;
    const r = await runCli(['sql', q, '--csv'], { env: asReader() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`who,day,at\n${reader},2025-03-27,2025-03-27T18:05:00Z\n`);
    expect(r.stderr).toBe('');
  });

  // The issue's reproductions, with the owner's DATABASE_URL (a superuser) beside the reader's URL.
  it.each([
    ['a -- comment ended by \\r', `select 1 --x\r, pg_read_file('${secretFile}') f`],
    ['a dollar-quote tag with a non-ASCII letter', `select $é$'$é$, pg_read_file('${secretFile}') --'`],
    [
      'set_config(role) undoing the role, then ts_rewrite running SQL from a string',
      `select 1 --x\r, set_config('role','none',true) s, ts_rewrite('a'::tsquery, $$select 'a'::tsquery,
        to_tsquery('simple', replace(current_user||' '||pg_read_file('${secretFile}',0,40),E'\\n',' '))$$)`,
    ],
  ])('as the reader login, %s reads no server file (exit 1, permission denied)', async (_label, q) => {
    const r = await runCli(['sql', q], { env: asReader() });
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr).at(-1)).toBe('dugout: database error 42501: permission denied for function pg_read_file');
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(await tableExists()).toBe(true);
  });

  it.each([
    ["select lo_import('/etc/hostname')", /permission denied for function lo_import/],
    ["select lo_export(1, '/tmp/dugout-lo-export')", /permission denied for function lo_export/],
    ["select lo_from_bytea(0, 'x')", /permission denied for function lo_from_bytea/],
    ["select set_config('role', 'postgres', true)", /permission denied to set role "postgres"/],
    ['select * from ingest.runs', /permission denied for schema ingest/],
    ['select pg_advisory_lock(727001001)', /permission denied for function pg_advisory_lock/],
  ])('as the reader login, %s fails by privilege', async (q, cause) => {
    const r = await runCli(['sql', q], { env: asReader() });
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(cause);
  });

  it('as the reader login, the ts_rewrite trick cannot end another session', async () => {
    const { pid } = first(await admin<Array<{ pid: number }>>`select pg_backend_pid() as pid`);
    const q = `select 1 --x\r, set_config('role','none',true) s, ts_rewrite('a'::tsquery,
      $$select 'a'::tsquery, to_tsquery('simple', pg_terminate_backend(${pid})::text)$$)`;
    const r = await runCli(['sql', q], { env: asReader() });
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(/42501: must be a superuser to terminate superuser process/);
    expect((await admin`select pg_backend_pid() as pid`)[0]?.pid).toBe(pid); // the same session, alive
  });

  it('as the reader login, no replication slot can be made (it would outlive the rollback and hold WAL)', async () => {
    const q = `select 1 --x\r, set_config('role','none',true) s, pg_create_physical_replication_slot('${slot}')`;
    const r = await runCli(['sql', q], { env: asReader() });
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(/must be superuser or replication role to use replication slots/);
    expect(await admin`select 1 from pg_replication_slots where slot_name = ${slot}`).toHaveLength(0);
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
    [`select pg_read_file('${secretFile}')`],
    [`select 1 --x\r, pg_read_file('${secretFile}') f`],
    [`select $é$'$é$, pg_read_file('${secretFile}') --'`],
    [`select 1 --x\r, set_config('role','none',true), pg_create_physical_replication_slot('${slot}')`],
    ['select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid()'],
    ['select 1; delete from mlb.games'],
    ['select $$x$$; drop table public.t'],
    ['select 1 /* ; */; drop table public.t'],
  ])('on the owner login alone, refuses %s (exit 2, one line)', async (q) => {
    const r = await runCli(['sql', q], { env: t.env });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(await tableExists()).toBe(true);
    expect(await admin`select 1 from pg_replication_slots where slot_name = ${slot}`).toHaveLength(0);
  });

  it('without a read-only login, says in one line how to get one', async () => {
    const r = await runCli(['sql', 'select 1'], { env: t.env });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `dugout: dugout sql runs queries only as a login that cannot write, and DATABASE_URL's login postgres is a superuser and may do anything: run "dugout reader-role --password-file F" once and set DUGOUT_READER_URL to the URL it prints, or pass --as-owner to run with the owner's rights (no security boundary)`,
    ]);
  });

  it('--as-owner runs as the owner login and says in one stderr line that this is no security boundary', async () => {
    const r = await runCli(['sql', 'select current_user as who', '--json', '--as-owner'], { env: asReader() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ who: 'postgres' }]);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^dugout: warning: --as-owner: the query runs as DATABASE_URL's login postgres, which is a superuser .*: this is not a security boundary\n$/,
    );
  });

  it.each([
    [writer, /login dugout_w_\d+ may do more than read: it can write mlb\.games;/],
    [signaller, /may do more than read: it is a member of pg_signal_backend;/],
    [climber, /may do more than read: it can become role dugout_cr_\d+, which is allowed to create roles/],
    ['postgres', /login postgres may do more than read: it is a superuser/],
  ])('refuses a DUGOUT_READER_URL whose login %s can do more than read (exit 2, one line)', async (role, why) => {
    const r = await runCli(['sql', 'select 1'], { env: asReader(role) });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(why);
    expect(r.stderr).toContain('give it a role made by "dugout reader-role"');
  });

  it('finds what makes a login more than a reader: a write, an attribute, a membership, a function, an owned object', async () => {
    const check = async (setup: string[]) => {
      const role = `dugout_chk_${id}`;
      await admin.unsafe(`drop role if exists ${role}`);
      await admin.unsafe(`create role ${role} login`);
      try {
        for (const s of setup) await admin.unsafe(s.replaceAll('ROLE', role));
        const db = await createDatabase({ databaseUrl: urlAs(role), pgliteDir: '' }, { maxConnections: 1 });
        try {
          return (await inspectLoginRights(db.db)).problems.map((p) => p.replaceAll(role, 'ROLE'));
        } finally {
          await db.close();
        }
      } finally {
        await admin.unsafe(`drop owned by ${role}`);
        await admin.unsafe(`drop role ${role}`);
      }
    };
    expect(
      await check(['grant usage on schema mlb to ROLE', 'grant select on all tables in schema mlb to ROLE']),
    ).toEqual([]);
    expect(await check(['grant update (season) on mlb.games to ROLE'])).toEqual(['the login can write mlb.games']);
    expect(await check(['grant create on schema analytics to ROLE'])).toEqual([
      'the login can create objects in schema analytics',
    ]);
    expect(await check(['grant pg_write_all_data to ROLE'])).toContain('the login is a member of pg_write_all_data');
    expect(await check(['grant execute on function pg_read_file(text) to ROLE'])).toEqual([
      "the login can run pg_read_file(text), an administrator's function",
    ]);
    expect(await check(['alter role ROLE createdb'])).toEqual(['the login is allowed to create databases (CREATEDB)']);
    expect(
      await check(['create table public.owned_by_ROLE (a int)', 'alter table public.owned_by_ROLE owner to ROLE']),
    ).toContain('the login owns owned_by_ROLE');
  });

  it("says which role ran the query when it is not the login's own (one stderr line)", async () => {
    const r = await runCli(['sql', 'select current_user as who', '--json'], { env: asReader(viaGroup) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ who: group }]);
    expect(lines(r.stderr)).toEqual([`dugout: the query runs as role ${group}, not as the login ${viaGroup}`]);
  });

  it('a second statement cannot run even past the check: one statement, extended protocol', async () => {
    const run = (text: string) =>
      t.database
        .readOnlySession({ timeoutMs: 5000 }, (s) =>
          s.stream(text, { cursor: false, batchRows: 10 }, async () => undefined),
        )
        .catch((e: unknown) => e);
    expect(String(((await run('select 1; drop table public.t')) as Error).message)).toMatch(/multiple commands/);
    expect(await run("select E'\\''; commit; drop table public.t; --'")).toBeInstanceOf(Error);
    expect(await tableExists()).toBe(true);
  });

  it('a writable CTE is refused up front (exit 2, one line), as every other write', async () => {
    const r = await runCli(['sql', 'with d as (delete from public.t returning 1) select * from d'], {
      env: asReader(),
    });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['dugout: a WITH that holds DELETE writes: dugout sql refuses it']);
    expect(await tableExists()).toBe(true);
  });

  it('the statement timeout cancels a long query (--timeout)', async () => {
    const r = await runCli(['sql', 'select pg_sleep(5)', '--timeout', '0.3'], { env: asReader() });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^dugout: sql: ended after --timeout 0.3 s/);
  });

  it('stops the table at --max-rows through a cursor: rows past it are never fetched', async () => {
    // Row 1500 divides by zero: fetching it would fail the command.
    const q = 'select g, 1 / (1500 - g) as x from generate_series(1, 3000) g';
    const r = await runCli(['sql', q, '--max-rows', '1200'], { env: asReader() });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(2 + 1200 + 1);
    expect(lines(r.stdout).at(-1)).toMatch(/^\(first 1200 rows: the query returns more/);
    const all = await runCli(['sql', q, '--csv'], { env: asReader() });
    expect(all.code).toBe(1);
    expect(lines(all.stderr).at(-1)).toBe('dugout: database error 22012: division by zero');
  });

  it('streams CSV far larger than its heap, and stops quietly when stdout is closed', {
    timeout: 120_000,
  }, async () => {
    // 60,000 rows of 2 KB: 120 MB of CSV through a process whose heap may not pass 64 MB (the set
    // function in the select list streams its rows; in FROM it would be materialized first).
    const q = "select generate_series(1, 60000) as g, repeat('x', 2000) as pad";
    const big = await spawnCounting(['sql', q, '--csv', '--timeout', '100'], asReader(), { heapMb: 64 });
    expect(big.code, big.stderr).toBe(0);
    expect(big.lines).toBe(60_001);
    expect(big.bytes).toBeGreaterThan(120_000_000);
    // `| head`: the reader goes away after the first chunk; the query stops and nothing is reported.
    const endless = 'select generate_series(1, 100000000) as g';
    const cut = await spawnCounting(['sql', endless, '--csv', '--timeout', '100'], asReader(), {
      closeAfterFirst: true,
    });
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stderr).toBe('');
  });

  it('status and sql run under a login with SELECT only: they never migrate', async () => {
    const env = { DATABASE_URL: urlAs(login) };
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
      // The superuser may run it only as the owner.
      const q = await runCli(['sql', 'select 1 as one', '--as-owner'], { env });
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

/**
 * Run `dugout` counting its stdout's bytes and lines without keeping them, with a V8 heap limit,
 * or closing stdout after its first chunk (as `| head -1` does).
 */
function spawnCounting(
  args: string[],
  env: Record<string, string>,
  opts: { heapMb?: number; closeAfterFirst?: boolean },
): Promise<{ code: number | null; bytes: number; lines: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: 'warn', ...env })) {
      if (v !== undefined) childEnv[k] = v;
    }
    const heap = opts.heapMb ? [`--max-old-space-size=${opts.heapMb}`] : [];
    const child = spawn(process.execPath, [...heap, `${REPO_ROOT}/bin/dugout.mjs`, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let newlines = 0;
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      for (const b of d) if (b === 10) newlines++;
      if (opts.closeAfterFirst) child.stdout.destroy();
    });
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, bytes, lines: newlines, stderr });
    });
  });
}
