import { type Database, queryRows, sql } from './client.js';
import { quoteIdent } from './identifiers.js';
import { inspectLoginRights } from './login-rights.js';
import { recordReaderRole } from './reader-drift.js';

/** The schemas a reader reads: the warehouse, its views, and the raw bodies (public API data). */
export const READER_SCHEMAS = ['mlb', 'analytics', 'raw'] as const;
/** dugout's schemas a reader gets nothing in: the worklist, runs and leases, and the migration ledger. */
const CLOSED_SCHEMAS = ['ingest', 'drizzle'] as const;

export interface ReaderRoleOptions {
  /** The role's name (a plain lower-case identifier; roles are shared by the whole cluster). */
  role: string;
  /** A SCRAM-SHA-256 verifier of its password (see db/scram.ts): the plaintext never travels. */
  passwordVerifier: string;
  /** Role-level statement_timeout, milliseconds. */
  statementTimeoutMs: number;
  /** Role-level idle_in_transaction_session_timeout, milliseconds. */
  idleInTransactionTimeoutMs: number;
  /** Most sessions the role may hold at once. */
  connectionLimit: number;
  /** Role-level temp_file_limit (a session's temporary files), kilobytes. */
  tempFileLimitKb: number;
}

export interface ReaderRoleResult {
  /** What could not be done with this login's rights, one sentence each (the role is still made). */
  warnings: string[];
  /** What still makes the role more than a reader (see login-rights.ts); empty when it only reads. */
  problems: string[];
}

/**
 * Create or update the read-only login role: it logs in with the password, may hold
 * `connectionLimit` sessions, is no superuser and has no other attribute, is a member of no role,
 * reads the tables of {@link READER_SCHEMAS} (and those created later by this login), has nothing
 * in ingest or drizzle, starts every transaction read-only and runs under statement, idle and
 * temporary-file limits. Database-wide, PUBLIC loses TEMP (PostgreSQL has no privilege to refuse
 * one role what PUBLIC has: the database's owner and superusers keep it), the right to create
 * large objects (a read-only transaction still may), advisory locks (kept by this login and the
 * database's owner), and CREATE on schema public (PostgreSQL 15's default). What this login lacks
 * the rights for is returned as warnings; the role is then checked as `dugout sql` checks its login.
 */
export async function applyReaderRole(database: Database, opts: ReaderRoleOptions): Promise<ReaderRoleResult> {
  const warnings: string[] = [];
  await database.db.transaction(async (tx) => {
    const setting = (name: string, value: string) =>
      tx.execute(sql`select set_config(${`dugout.reader_${name}`}, ${value}, true)`);
    // The name and the verifier travel as bound parameters, quoted by the server with format
    // %I/%L: no text of them is spliced into SQL, and the plaintext password is in no statement.
    await setting('role', opts.role);
    await setting('password', opts.passwordVerifier);
    await setting('connection_limit', String(opts.connectionLimit));
    await tx.execute(sql`do $$
      declare
        r text := current_setting('dugout.reader_role');
        g record;
      begin
        if not exists (select 1 from pg_roles where rolname = r) then
          execute format('create role %I', r);
        end if;
        -- Only a superuser may give or take these: asked for only when the role has them.
        if exists (select 1 from pg_roles where rolname = r and (rolsuper or rolreplication or rolbypassrls)) then
          execute format('alter role %I nosuperuser noreplication nobypassrls', r);
        end if;
        -- Every setting the role has goes (one its reader gave itself: work_mem, a timeout of 0…);
        -- the ones reader-role owns are set again below.
        execute format('alter role %I reset all', r);
        execute format('alter role %I in database %I reset all', r, current_database());
        execute format('alter role %I login nocreatedb nocreaterole inherit connection limit %s password %L',
          r, current_setting('dugout.reader_connection_limit')::int, current_setting('dugout.reader_password'));
        for g in select p.rolname from pg_auth_members m
                   join pg_roles p on p.oid = m.roleid join pg_roles u on u.oid = m.member
                 where u.rolname = r loop
          execute format('revoke %I from %I', g.rolname, r);
        end loop;
      end $$`);
    await setting('password', '');
    const role = sql.identifier(opts.role);
    for (const schema of [...READER_SCHEMAS, ...CLOSED_SCHEMAS]) {
      const s = sql.identifier(schema);
      await tx.execute(sql`revoke all on all tables in schema ${s} from ${role}`);
      await tx.execute(sql`revoke all on all sequences in schema ${s} from ${role}`);
      await tx.execute(sql`alter default privileges in schema ${s} revoke all on tables from ${role}`);
    }
    for (const schema of CLOSED_SCHEMAS) {
      await tx.execute(sql`revoke all on schema ${sql.identifier(schema)} from ${role}`);
    }
    for (const schema of READER_SCHEMAS) {
      const s = sql.identifier(schema);
      await tx.execute(sql`revoke create on schema ${s} from ${role}`);
      await tx.execute(sql`grant usage on schema ${s} to ${role}`);
      await tx.execute(sql`grant select on all tables in schema ${s} to ${role}`);
      await tx.execute(sql`alter default privileges in schema ${s} grant select on tables to ${role}`);
    }
    await tx.execute(sql`alter role ${role} set default_transaction_read_only = on`);
    await tx.execute(sql.raw(`alter role ${quoteIdent(opts.role)} set statement_timeout = ${opts.statementTimeoutMs}`));
    await tx.execute(
      sql.raw(
        `alter role ${quoteIdent(opts.role)} set idle_in_transaction_session_timeout = ${opts.idleInTransactionTimeoutMs}`,
      ),
    );
    // A superuser's setting: tried in a savepoint, a warning when this login may not.
    await tx
      .transaction((sp) =>
        sp.execute(sql.raw(`alter role ${quoteIdent(opts.role)} set temp_file_limit = ${opts.tempFileLimitKb}`)),
      )
      .catch(() =>
        warnings.push(
          'temp_file_limit was not set (only a superuser may): a query can fill the disk with temporary files until its statement timeout',
        ),
      );
    // Revoking what one does not own is a warning of the server's, not an error: checked below.
    await tx.execute(sql`do $$ begin
        execute format('revoke temporary on database %I from public', current_database());
        execute format('revoke temporary on database %I from %I', current_database(), current_setting('dugout.reader_role'));
      end $$`);
    // Only where PUBLIC still has it: revoking what this login holds no right on at all (after a
    // superuser ran reader-role) is an error, not the server's usual warning.
    await tx.execute(sql`do $$
      declare f regprocedure;
      begin
        foreach f in array array['lo_creat(integer)', 'lo_create(oid)', 'lo_from_bytea(oid, bytea)']::regprocedure[] loop
          if has_function_privilege('public', f, 'EXECUTE') then
            begin
              execute format('revoke execute on function %s from public', f);
            exception when insufficient_privilege then null;
            end;
          end if;
        end loop;
      end $$`);
    await tx.execute(sql`do $$ begin
        if to_regnamespace('public') is not null then revoke create on schema public from public; end if;
      end $$`);
    // Advisory locks are dugout's own (migrations, the daemon's leadership, a game's load, a cursor):
    // a reader taking one could stall them. This login and the database's owner keep them.
    await tx.execute(sql`do $$
      declare
        f regprocedure;
        keep text;
      begin
        for f in select p.oid::regprocedure from pg_proc p
                 where p.pronamespace = 'pg_catalog'::regnamespace and p.proname ~ '^pg_(try_)?advisory_(xact_)?lock' loop
          for keep in select r.rolname from pg_roles r
                      where not r.rolsuper and (r.rolname = current_user
                        or r.oid = (select datdba from pg_database where datname = current_database())) loop
            begin
              execute format('grant execute on function %s to %I', f, keep);
            exception when insufficient_privilege then null;
            end;
          end loop;
          if has_function_privilege('public', f, 'EXECUTE') then
            begin
              execute format('revoke execute on function %s from public', f);
            exception when insufficient_privilege then null;
            end;
          end if;
        end loop;
      end $$`);
    // What the role was left with, so status and check can tell when its reader changed it.
    await recordReaderRole(tx, opts.role, opts.passwordVerifier);
  });
  warnings.push(...(await databaseWideWarnings(database, opts.role)));
  const { problems } = await inspectLoginRights(database.db, opts.role);
  return { warnings, problems };
}

/** What PUBLIC (and so the role) still has because this login could not revoke it. */
async function databaseWideWarnings(database: Database, role: string): Promise<string[]> {
  const [left] = await queryRows<{ db: string; temp: boolean; lo: boolean; locks: boolean; unreadable: number }>(
    database.db,
    sql`select current_database() as db,
               has_function_privilege(${role}::name, 'pg_try_advisory_lock(bigint)', 'EXECUTE') as locks,
               has_database_privilege(${role}::name, current_database(), 'TEMP') as temp,
               has_function_privilege(${role}::name, 'lo_from_bytea(oid, bytea)', 'EXECUTE') as lo,
               (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname in ${[...READER_SCHEMAS]} and c.relkind in ('r', 'p', 'v', 'm', 'f')
                  and not has_table_privilege(${role}::name, c.oid, 'SELECT')) as unreadable`,
  );
  const warnings: string[] = [];
  if (left?.unreadable) {
    warnings.push(
      `${role} cannot read ${left.unreadable} tables and views of ${READER_SCHEMAS.join(', ')}: run reader-role as their owner`,
    );
  }
  if (left?.temp) {
    warnings.push(
      `${role} can still create temporary tables: only the owner of database ${left.db} may run "revoke temporary on database ${left.db} from public"`,
    );
  }
  if (left?.lo) {
    warnings.push(
      `${role} can still create large objects when it turns read-only transactions off: a superuser may run "revoke execute on function lo_creat(integer), lo_create(oid), lo_from_bytea(oid, bytea) from public"`,
    );
  }
  if (left?.locks) {
    warnings.push(
      `${role} can still take advisory locks, which dugout's migrations, daemon and loads wait on: a superuser may run reader-role again`,
    );
  }
  return warnings;
}
