import { describe, expect, it } from 'vitest';
import { checkReadOnlyQuery } from '../../../src/db/sql-guard.js';
import { UsageError } from '../../../src/errors.js';

const refused = async (q: string): Promise<string> => {
  const err = await checkReadOnlyQuery(q).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) throw new Error(`accepted: ${JSON.stringify(q)}`);
  expect(err).toBeInstanceOf(UsageError);
  return (err as Error).message;
};

describe('dugout sql statement check (PostgreSQL parser, allow-list)', () => {
  it('accepts one read statement, with its trailing semicolons dropped', async () => {
    const text = async (q: string) => (await checkReadOnlyQuery(q)).text;
    expect(await text('select 1;')).toBe('select 1');
    expect(await text('select 1 ;; ')).toBe('select 1');
    expect(await text("with x as (select ';' as s) select * from x")).toContain('with');
    expect(await text('(select 1) union (select 2)')).toContain('union');
    expect(await text("select $$a;b$$, $t$ ; drop $t$, E'it\\'s;', 'x''y;' -- c;\n")).toContain('select');
    expect(await text('select 1 /* a /* nested; */ still comment; */')).toContain('select');
    expect(await text("select 'é' as ß;")).toBe("select 'é' as ß");
  });

  it('tells a SELECT (read through a cursor) from EXPLAIN and SHOW (read at once)', async () => {
    const kind = async (q: string) => (await checkReadOnlyQuery(q)).kind;
    expect(await kind('values (1), (2)')).toBe('select');
    expect(await kind('table mlb.games')).toBe('select');
    expect(await kind('with a as (select 1) select * from a')).toBe('select');
    expect(await kind('explain analyze select * from mlb.games')).toBe('explain');
    expect(await kind('show statement_timeout')).toBe('show');
  });

  it('refuses a SELECT whose WITH writes, up front like every other write', async () => {
    expect(await refused('with d as (delete from mlb.games returning 1) select * from d')).toBe(
      'a WITH that holds DELETE writes: dugout sql refuses it',
    );
    expect(await refused('with i as (insert into t values (1) returning 1) select * from i')).toMatch(/INSERT/);
    expect(await refused('explain with u as (update t set a = 1 returning 1) select * from u')).toMatch(/UPDATE/);
    expect((await checkReadOnlyQuery('with d as (select 1) select * from d')).cursor).toBe(true);
    expect((await checkReadOnlyQuery('explain select 1')).cursor).toBe(false);
  });

  it('reads E strings with backslash escapes: the semicolon after them is a second statement', async () => {
    // The exact text that dropped a table with the old quote stripper.
    expect(await refused("select E'\\''; commit; drop table public.t; --'")).toMatch(/one statement/);
    expect(await refused("select e'\\\\'; delete from mlb.games")).toMatch(/one statement/);
  });

  it('sees through dollar quotes and comments as PostgreSQL does', async () => {
    expect(await refused('select $$x$$; delete from mlb.games')).toMatch(/one statement/);
    expect(await refused('select $a$ $$ $a$; delete from mlb.games')).toMatch(/one statement/);
    expect(await refused('select 1 /* ; */ ; delete from mlb.games')).toMatch(/one statement/);
    expect(await refused('select 1 -- harmless\n; delete from mlb.games')).toMatch(/one statement/);
  });

  it('ends a -- comment at \\r and reads a dollar-quote tag with a non-ASCII letter, as the server does', async () => {
    // The hand-written lexer read both as one harmless statement: it ended comments at \n only and
    // knew ASCII tags only.
    expect(await refused('select 1 --x\r; delete from mlb.games')).toMatch(/one statement/);
    expect(await refused("select $é$'$é$; delete from mlb.games --'")).toMatch(/one statement/);
    // One SELECT that calls pg_read_file is one SELECT: refusing it is the login's business (it may not).
    const r = await checkReadOnlyQuery("select 1 --x\r, pg_read_file('/etc/hostname') f");
    expect(r).toEqual({ text: "select 1 --x\r, pg_read_file('/etc/hostname') f", kind: 'select', cursor: true });
  });

  it('refuses every other kind of statement, naming its first word', async () => {
    for (const [q, word] of [
      ['DELETE FROM mlb.games', 'DELETE'],
      ['update mlb.games set season = 1', 'UPDATE'],
      ['insert into mlb.games default values', 'INSERT'],
      ['drop table mlb.games', 'DROP'],
      ['commit', 'COMMIT'],
      ["set role 'postgres'", 'SET'],
      ['reset role', 'RESET'],
      ['copy mlb.games to stdout', 'COPY'],
      ['do $$ begin end $$', 'DO'],
      ['declare c cursor for select 1', 'DECLARE'],
      ['call p()', 'CALL'],
    ] as const) {
      expect(await refused(q), q).toContain(`${word} is refused`);
    }
  });

  it('refuses a SELECT that creates a table or locks rows, and EXPLAIN of anything but a SELECT', async () => {
    expect(await refused('select 1 into t')).toMatch(/SELECT INTO/);
    expect(await refused('select * from mlb.games for update')).toMatch(/FOR UPDATE/);
    expect(await refused('(select 1) union (select 2 for share)')).toMatch(/FOR UPDATE\/SHARE/);
    expect(await refused('explain analyze delete from mlb.games')).toMatch(/explains a SELECT only/);
    expect(await refused('explain create table t as select 1')).toMatch(/explains a SELECT only/);
  });

  it('reports empty text and text PostgreSQL cannot parse as usage errors', async () => {
    expect(await refused('')).toMatch(/empty/);
    expect(await refused('  -- only a comment\n')).toMatch(/empty/);
    expect(await refused("select 'abc")).toMatch(/does not parse: unterminated quoted string/);
    expect(await refused('select "abc')).toMatch(/does not parse: unterminated quoted identifier/);
    expect(await refused('select $$abc')).toMatch(/does not parse: unterminated dollar-quoted string/);
    expect(await refused('select 1 /* a /* b */')).toMatch(/does not parse: unterminated \/\* comment/);
    expect(await refused('(delete from x)')).toMatch(/does not parse: syntax error/);
  });
});
