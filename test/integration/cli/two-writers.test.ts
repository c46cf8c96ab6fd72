import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

/** Roles are the cluster's: names of this file's own. */
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
const OWNER = `r47w_owner_${suffix}`;
const WRITER2 = `r47w_writer2_${suffix}`;
const READER = `r47w_reader_${suffix}`;

/**
 * docs/security.md: a second login that runs dugout's pipeline is made a member of the owner's
 * role (`create role dugout_writer2 login password '…' in role <owner>`), so it inherits the
 * tables and the advisory locks reader-role grants back to the owner. Both then load the same
 * database at once after a superuser ran reader-role, and the reader reads what each stored.
 */
describeNeeds('PostgreSQL', testBackend() === 'postgres')('two writer logins after reader-role', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let admin: postgres.Sql;
  const urlAs = (user: string, password: string) => {
    const u = new URL(t.url!);
    u.username = user;
    u.password = password;
    return u.toString();
  };

  beforeAll(async () => {
    h = await startSim({ seed: 11 });
    t = await createTestDatabase();
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    // The database, dugout's schemas and relations owned by a login that is no superuser, as a
    // server's operator sets it up.
    await admin.unsafe(`create role "${OWNER}" login password 'owner-password-1'`);
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
      for o in select p.oid::regprocedure as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname in ('mlb', 'analytics', 'raw', 'ingest', 'drizzle') loop
        execute format('alter routine %s owner to %I', o.f, '${OWNER}');
      end loop;
    end $$`);
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await t?.drop();
    await h?.close();
    const root = postgres(t.url!.replace(/\/[^/?]+(\?|$)/, '/postgres$1'), { max: 1, onnotice: () => {} });
    try {
      for (const r of [WRITER2, READER, OWNER]) await root.unsafe(`drop role if exists "${r}"`).catch(() => {});
    } finally {
      await root.end();
    }
  });

  it('the owner and a second writer load side by side without a permission error; the reader reads both', {
    timeout: 240_000,
  }, async () => {
    // A superuser runs reader-role: PUBLIC loses the advisory locks, the owner keeps them.
    const made = await runCli(['reader-role', '--role', READER, '--password', 'reader-password-1'], { env: t.env });
    expect(made.code, made.stderr).toBe(0);
    // The second writer, as docs/security.md says to make it.
    await admin.unsafe(`create role "${WRITER2}" login password 'writer2-password-1' in role "${OWNER}"`);
    const [locks] = await admin<Array<{ pub: boolean; w2: boolean; reader: boolean }>>`select
      has_function_privilege('public', 'pg_try_advisory_lock(bigint)', 'EXECUTE') as pub,
      has_function_privilege(${WRITER2}::name, 'pg_try_advisory_lock(bigint)', 'EXECUTE') as w2,
      has_function_privilege(${READER}::name, 'pg_try_advisory_lock(bigint)', 'EXECUTE') as reader`;
    expect(locks).toEqual({ pub: false, w2: true, reader: false });

    const d0 = firstRegularDate(h.sim);
    const ranges = [
      { login: urlAs(OWNER, 'owner-password-1'), startDate: d0, endDate: addDays(d0, 1) },
      { login: urlAs(WRITER2, 'writer2-password-1'), startDate: addDays(d0, 2), endDate: addDays(d0, 3) },
    ];
    const runs = await Promise.all(
      ranges.map((r) =>
        runCli(['backfill', '--start-date', r.startDate, '--end-date', r.endDate], {
          env: { ...cliEnv(t, h), DATABASE_URL: r.login, STATSAPI_CONCURRENCY: '2' },
          timeoutMs: 200_000,
        }),
      ),
    );
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/permission denied|must be owner/i);
    }
    // Each login's run is in the ledger with the games of its own dates.
    const ledger = await admin<Array<{ games: number }>>`
      select games_loaded::int as games from ingest.runs where job = 'backfill' and status = 'succeeded'`;
    expect(ledger).toHaveLength(2);

    const reader = postgres(urlAs(READER, 'reader-password-1'), { max: 1, onnotice: () => {} });
    try {
      for (const r of ranges) {
        const finals = h.sim
          .listGames()
          .filter((g) => g.officialDate >= r.startDate && g.officialDate <= r.endDate && g.codedGameState === 'F');
        expect(finals.length).toBeGreaterThan(0);
        const [seen] = await reader<Array<{ games: number; pitches: number }>>`
          select count(distinct g.game_pk)::int as games, count(p.*)::int as pitches
          from mlb.games g join raw.boxscores b on b.game_pk = g.game_pk
          left join mlb.pitches p on p.game_pk = g.game_pk
          where g.official_date between ${r.startDate} and ${r.endDate} and g.coded_game_state = 'F'`;
        expect(seen!.games).toBe(finals.length);
        expect(seen!.pitches).toBeGreaterThan(0);
      }
      expect(ledger.every((l) => l.games > 0)).toBe(true);
    } finally {
      await reader.end();
    }
  });
});
