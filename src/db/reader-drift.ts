import { createHash } from 'node:crypto';
import { queryRows, sql } from './client.js';
import type { Executor } from './client.js';

/** The reader's schemas and dugout's closed ones (as db/reader-role.ts grants them). */
const READ = ['mlb', 'analytics', 'raw'];
const CLOSED = ['ingest', 'drizzle'];

/**
 * What reader-role owns of a role, by name: each setting of the role (for every database, and for
 * this one), its connection limit, its attributes beyond LOGIN, its memberships, and every right it
 * holds beyond reading (a privilege other than SELECT/USAGE in mlb, analytics or raw, any in ingest
 * or drizzle, CREATE or TEMP on the database). Null when the role does not exist. No password.
 */
export async function readerRoleSnapshot(db: Executor, role: string): Promise<Record<string, string> | null> {
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql`with r as (select * from pg_roles where rolname = ${role})
      select 'setting ' || split_part(c, '=', 1) || case when d.setdatabase = 0 then '' else ' (this database)' end as name,
             substr(c, strpos(c, '=') + 1) as value
      from pg_db_role_setting d join r on r.oid = d.setrole cross join lateral unnest(d.setconfig) c
      where d.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      union all
      select 'connection limit', rolconnlimit::text from r
      union all
      select 'attributes', concat_ws(' ', case when rolcanlogin then 'login' else 'nologin' end,
               case when rolsuper then 'superuser' end, case when rolcreaterole then 'createrole' end,
               case when rolcreatedb then 'createdb' end, case when rolreplication then 'replication' end,
               case when rolbypassrls then 'bypassrls' end, case when not rolinherit then 'noinherit' end,
               case when rolvaliduntil is not null then 'valid until ' || rolvaliduntil::text end) from r
      union all
      select 'memberships', coalesce((select string_agg(p.rolname, ', ' order by p.rolname)
               from pg_auth_members m join pg_roles p on p.oid = m.roleid where m.member = r.oid), '') from r
      union all
      select 'grants', coalesce((select string_agg(g, ', ' order by g) from (
               select a.privilege_type || ' on ' || n.nspname || '.' || c.relname as g
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
               cross join lateral aclexplode(c.relacl) a
               where a.grantee = r.oid and (n.nspname in ${CLOSED} or (n.nspname in ${READ} and a.privilege_type <> 'SELECT'))
               union all
               select a.privilege_type || ' on schema ' || n.nspname
               from pg_namespace n cross join lateral aclexplode(n.nspacl) a
               where a.grantee = r.oid and (n.nspname in ${CLOSED} or (n.nspname in ${READ} and a.privilege_type <> 'USAGE'))
               union all
               select a.privilege_type || ' on database'
               from pg_database d cross join lateral aclexplode(d.datacl) a
               where d.datname = current_database() and a.grantee = r.oid and a.privilege_type <> 'CONNECT') x), '')
      from r`,
  );
  if (rows.length === 0) return null;
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** The fingerprint kept of a password verifier: its SHA-256, never the verifier or the password. */
export function passwordFingerprint(verifier: string): string {
  return createHash('sha256').update(verifier, 'utf8').digest('hex');
}

/** Keep what reader-role just left the role with (in its transaction, after every change). */
export async function recordReaderRole(db: Executor, role: string, passwordVerifier: string): Promise<void> {
  const snapshot = await readerRoleSnapshot(db, role);
  await db.execute(sql`insert into ingest.reader_roles (role, settings, password_fingerprint, set_at, set_by)
    values (${role}, ${JSON.stringify(snapshot ?? {})}::jsonb, ${passwordFingerprint(passwordVerifier)}, now(), current_user)
    on conflict (role) do update set settings = excluded.settings, password_fingerprint = excluded.password_fingerprint,
      set_at = excluded.set_at, set_by = excluded.set_by`);
}

/**
 * One notice per way a reader role differs from what reader-role left it with: a setting changed,
 * added or removed (naming it), the connection limit, attributes, memberships or rights, a password
 * hash that is not the one set (compared only where this login may read pg_authid: a superuser), or
 * the role gone. Never a failure; nothing of the password is printed.
 */
export async function readerRoleNotices(db: Executor): Promise<string[]> {
  // A login that may read some of dugout's state but not this table (a monitoring role granted
  // ingest's tables before it existed) gets no notes rather than an error.
  const [readable] = await queryRows<{ ok: boolean }>(
    db,
    sql`select coalesce(has_table_privilege(to_regclass('ingest.reader_roles'), 'SELECT'), false) as ok`,
  );
  if (!readable?.ok) return [];
  const recorded = await queryRows<{ role: string; settings: Record<string, string>; fingerprint: string }>(
    db,
    sql`select role, settings, password_fingerprint as fingerprint from ingest.reader_roles order by role`,
  );
  if (recorded.length === 0) return [];
  const [access] = await queryRows<{ authid: boolean }>(
    db,
    sql`select has_table_privilege('pg_catalog.pg_authid', 'SELECT') as authid`,
  );
  const notices: string[] = [];
  for (const r of recorded) {
    const again = `run dugout reader-role --role ${r.role} again to reset it`;
    const now = await readerRoleSnapshot(db, r.role);
    if (!now) {
      notices.push(`reader role ${r.role}: dropped since reader-role made it`);
      continue;
    }
    const left = typeof r.settings === 'string' ? (JSON.parse(r.settings) as Record<string, string>) : r.settings;
    for (const name of [...new Set([...Object.keys(left), ...Object.keys(now)])].sort()) {
      const was = left[name];
      const is = now[name];
      if (was === is) continue;
      const show = (v: string | undefined) => (v === undefined ? 'unset' : v === '' ? 'none' : JSON.stringify(v));
      notices.push(`reader role ${r.role}: ${name} is ${show(is)}, reader-role left ${show(was)}; ${again}`);
    }
    if (access?.authid) {
      const [pw] = await queryRows<{ same: boolean }>(
        db,
        sql`select coalesce(encode(sha256(convert_to(rolpassword, 'UTF8')), 'hex') = ${r.fingerprint}, false) as same
            from pg_catalog.pg_authid where rolname = ${r.role}`,
      );
      if (pw && !pw.same) {
        notices.push(`reader role ${r.role}: its password hash is not the one reader-role set; ${again}`);
      }
    }
  }
  return notices;
}
