import { type Db, queryRows, sql } from './client.js';

/**
 * Predefined roles whose members reach beyond reading this database: the server's files and
 * programs, other sessions, checkpoints, every table's rows for writing, subscriptions, the
 * connections kept for administrators.
 */
const REACHING_ROLES = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_signal_backend',
  'pg_checkpoint',
  'pg_write_all_data',
  'pg_create_subscription',
  'pg_use_reserved_connections',
];

/** Who a session runs as, and what makes its login more than a reader (empty: a reader). */
export interface LoginRights {
  /** The role that logged in (`session_user`). */
  login: string;
  /** The role the session runs as now (`current_user`): the login's own unless its settings say `role`. */
  role: string;
  /** One sentence per reason, at most {@link MAX_PROBLEMS}. */
  problems: string[];
}

const MAX_PROBLEMS = 20;

/**
 * Whether this session's login, or `role` (and every role it can become with SET ROLE or
 * `set_config('role')`: all its memberships, inherited or not) can do more than read: a superuser,
 * REPLICATION, BYPASSRLS, CREATEROLE or CREATEDB attribute; a predefined role that reaches the
 * server's files, other sessions or every table; an administrator's function of pg_catalog that
 * PUBLIC may not run; a write privilege (INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER,
 * on a table or a column) on any table, view or sequence outside the system schemas; CREATE on a
 * schema or the database; or ownership of a table, schema, function or the database. Only catalog
 * reads, which any login may run. TEMP is not counted: a temporary table is the session's own.
 */
export async function inspectLoginRights(db: Pick<Db, 'execute'>, role?: string): Promise<LoginRights> {
  // Another role than this session's login: what `dugout reader-role` checks of the role it made.
  const subject = role === undefined ? sql`session_user` : sql`${role}::name`;
  const [who] = await queryRows<{ login: string; role: string }>(
    db,
    sql`select ${subject}::text as login, current_user::text as role`,
  );
  const rows = await queryRows<{ problem: string }>(
    db,
    sql`with member_of as (
          select r.oid, r.rolname, r.rolsuper, r.rolreplication, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb,
                 case when r.rolname = ${subject} then 'the login is'
                      else format('the login can become role %I, which is', r.rolname) end as who
          from pg_roles r
          where pg_has_role(${subject}, r.oid, 'MEMBER')
        ),
        user_namespaces as (
          select n.oid, n.nspname, n.nspowner from pg_namespace n
          where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
        )
        select problem from (
          select case when m.rolname = ${subject} then 0 else 1 end as rank, m.who || ' ' || a.what as problem
          from member_of m
          cross join lateral (values
            (m.rolsuper, 'a superuser'),
            (m.rolreplication, 'allowed to replicate (REPLICATION)'),
            (m.rolbypassrls, 'exempt from row security (BYPASSRLS)'),
            (m.rolcreaterole, 'allowed to create roles (CREATEROLE)'),
            (m.rolcreatedb, 'allowed to create databases (CREATEDB)')
          ) as a(has, what)
          where a.has
          union all
          select 2, format('the login is a member of %s', m.rolname)
          from member_of m where m.rolname in ${REACHING_ROLES}
          union all
          select 3, format('the login can run %s, an administrator''s function', p.oid::regprocedure)
          from pg_proc p
          where p.pronamespace = 'pg_catalog'::regnamespace
            and not has_function_privilege('public', p.oid, 'EXECUTE')
            and not exists (select 1 from member_of m where m.rolsuper)
            and exists (select 1 from member_of m where has_function_privilege(m.oid, p.oid, 'EXECUTE'))
          union all
          select 4, format('the login can write %s', c.oid::regclass)
          from pg_class c join user_namespaces n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'f')
            and exists (select 1 from member_of m
                        where has_table_privilege(m.oid, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                           or has_any_column_privilege(m.oid, c.oid, 'INSERT, UPDATE, REFERENCES'))
          union all
          select 4, format('the login can advance sequence %s', c.oid::regclass)
          from pg_class c join user_namespaces n on n.oid = c.relnamespace
          where c.relkind = 'S'
            and exists (select 1 from member_of m where has_sequence_privilege(m.oid, c.oid, 'UPDATE'))
          union all
          select 5, format('the login can create objects in schema %I', n.nspname)
          from user_namespaces n
          where exists (select 1 from member_of m where has_schema_privilege(m.oid, n.oid, 'CREATE'))
          union all
          select 5, format('the login can create schemas in database %I', current_database())
          where exists (select 1 from member_of m where has_database_privilege(m.oid, current_database(), 'CREATE'))
          union all
          select 6, format('the login owns database %I', d.datname)
          from pg_database d where d.datname = current_database() and pg_has_role(${subject}, d.datdba, 'MEMBER')
          union all
          select 6, format('the login owns schema %I', n.nspname)
          from user_namespaces n where pg_has_role(${subject}, n.nspowner, 'MEMBER')
          union all
          select 6, format('the login owns %s', c.oid::regclass)
          from pg_class c join user_namespaces n on n.oid = c.relnamespace
          where pg_has_role(${subject}, c.relowner, 'MEMBER')
          union all
          select 6, format('the login owns function %s', p.oid::regprocedure)
          from pg_proc p join user_namespaces n on n.oid = p.pronamespace
          where pg_has_role(${subject}, p.proowner, 'MEMBER')
        ) found
        order by rank, problem
        limit ${MAX_PROBLEMS}`,
  );
  return { login: who!.login, role: who!.role, problems: rows.map((r) => r.problem) };
}

/** The problems in one clause: the first, and how many more. */
export function summarizeProblems(problems: string[]): string {
  const [first, ...rest] = problems;
  if (!first) return '';
  // A superuser may do anything: the rest of the list adds nothing.
  if (/ is a superuser$/.test(first)) return `${first.replace(/^the login /, '')} and may do anything`;
  const more = rest.length === 0 ? '' : ` (and ${rest.length}${problems.length >= MAX_PROBLEMS ? '+' : ''} more)`;
  return `${first.replace(/^the login /, '')}${more}`;
}
