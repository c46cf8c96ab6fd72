import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/db/client.js';
import { applyReaderRole, type ReaderRoleOptions } from '../../../src/db/reader-role.js';
import { scramSha256Verifier } from '../../../src/db/scram.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** Roles are the cluster's: names of this file's own. */
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
const READER = `r47_reader_${suffix}`;
const OWNER = `r47_owner_${suffix}`;

describeNeeds('PostgreSQL', testBackend() === 'postgres')('reader-role run again', () => {
  let t: TestDatabase;
  let admin: postgres.Sql;
  const opened: Database[] = [];
  const urlAs = (user: string, password = 'x') => {
    const u = new URL(t.url!);
    u.username = user;
    u.password = password;
    return u.toString();
  };
  const options = (): ReaderRoleOptions => ({
    role: READER,
    passwordVerifier: scramSha256Verifier('reader-password-1'),
    statementTimeoutMs: 60_000,
    idleInTransactionTimeoutMs: 60_000,
    connectionLimit: 20,
    tempFileLimitKb: 4096 * 1024,
  });
  /** The role's settings, as the catalogue holds them (every database, and this one). */
  const settings = async () =>
    (
      await admin<Array<{ s: string }>>`select unnest(setconfig) as s from pg_db_role_setting d
        join pg_roles r on r.oid = d.setrole where r.rolname = ${READER} order by 1`
    ).map((r) => r.s);

  beforeAll(async () => {
    t = await createTestDatabase();
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
  }, 60_000);

  afterAll(async () => {
    for (const d of opened) await d.close();
    await admin?.end();
    await t?.drop();
    const root = postgres(t.url!.replace(/\/[^/?]+(\?|$)/, '/postgres$1'), { max: 1, onnotice: () => {} });
    try {
      for (const r of [READER, OWNER]) await root.unsafe(`drop role if exists "${r}"`).catch(() => {});
    } finally {
      await root.end();
    }
  });

  it('clears the settings a reader gave itself and sets its own again', { timeout: 60_000 }, async () => {
    await applyReaderRole(t.database, options());
    const expected = await settings();
    expect(expected.some((s) => s.startsWith('statement_timeout='))).toBe(true);
    // PostgreSQL lets a role change its own defaults: the reader lifts its limits for every session.
    const reader = postgres(urlAs(READER, 'reader-password-1'), { max: 1, onnotice: () => {} });
    try {
      await reader.unsafe('set default_transaction_read_only = off');
      await reader.unsafe(`alter role "${READER}" set work_mem = '2GB'`);
      await reader.unsafe(`alter role "${READER}" set statement_timeout = 0`);
      await reader.unsafe(`alter role "${READER}" set default_transaction_read_only = off`);
    } finally {
      await reader.end();
    }
    expect(await settings()).toContain('work_mem=2GB');
    await applyReaderRole(t.database, options());
    expect(await settings()).toEqual(expected);
  });

  it('the database owner runs it again after a superuser did', { timeout: 60_000 }, async () => {
    await applyReaderRole(t.database, options());
    // A non-superuser owner of the database and of dugout's schemas and relations.
    await admin.unsafe(`create role "${OWNER}" login createrole password 'owner-password-1'`);
    await admin.unsafe(`alter database "${new URL(t.url!).pathname.slice(1)}" owner to "${OWNER}"`);
    await admin.unsafe(`do $$ declare o record; begin
      for o in select n.nspname from pg_namespace n where n.nspname in ('mlb', 'analytics', 'raw', 'ingest', 'drizzle') loop
        execute format('alter schema %I owner to %I', o.nspname, '${OWNER}');
      end loop;
      for o in select c.oid::regclass as rel, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname in ('mlb', 'analytics', 'raw', 'ingest', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'f') loop
        execute format('alter %s %s owner to %I',
          case o.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
          o.rel, '${OWNER}');
      end loop;
    end $$`);
    const asOwner = await createDatabase({ databaseUrl: urlAs(OWNER, 'owner-password-1'), pgliteDir: '' });
    opened.push(asOwner);
    const r = await applyReaderRole(asOwner, options());
    expect(r.problems).toEqual([]);
    // What the superuser took from PUBLIC stays taken.
    const [left] = await admin<Array<{ lo: boolean; lock: boolean }>>`select
      has_function_privilege(${READER}::name, 'lo_creat(integer)', 'EXECUTE') as lo,
      has_function_privilege(${READER}::name, 'pg_try_advisory_lock(bigint)', 'EXECUTE') as lock`;
    expect(left).toEqual({ lo: false, lock: false });
  });
});
