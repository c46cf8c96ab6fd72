import { describe, expect, it } from 'vitest';
import { assertReadOnlyQuery, lexSql } from '../../../src/cli/sql-guard.js';
import { UsageError } from '../../../src/errors.js';

const refused = (q: string) => {
  try {
    assertReadOnlyQuery(q);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${q}`);
};

describe('dugout sql guard (lexer, before any connection)', () => {
  it('accepts one read statement, with its trailing semicolons dropped', () => {
    expect(assertReadOnlyQuery('select 1;')).toBe('select 1');
    expect(assertReadOnlyQuery('select 1 ;; ')).toBe('select 1');
    expect(assertReadOnlyQuery("with x as (select ';' as s) select * from x")).toContain('with');
    expect(assertReadOnlyQuery('(select 1) union (select 2)')).toContain('union');
    expect(assertReadOnlyQuery("select $$a;b$$, $t$ ; drop $t$, E'it\\'s;', 'x''y;' -- c;\n")).toContain('select');
    expect(assertReadOnlyQuery('select 1 /* a /* nested; */ still comment; */')).toContain('select');
  });

  it('reads E strings with backslash escapes: the semicolon after them is a second statement', () => {
    // The exact text that dropped a table with the old quote stripper.
    expect(refused("select E'\\''; commit; drop table public.t; --'")).toMatch(/one statement/);
    expect(refused("select e'\\\\'; delete from mlb.games")).toMatch(/one statement/);
  });

  it('sees through dollar quotes, comments and quoted names', () => {
    expect(refused('select $$x$$; delete from mlb.games')).toMatch(/one statement/);
    expect(refused('select $a$ $$ $a$; delete from mlb.games')).toMatch(/one statement/);
    expect(refused('select 1 /* ; */ ; delete from mlb.games')).toMatch(/one statement/);
    expect(refused('select 1 -- harmless\n; delete from mlb.games')).toMatch(/one statement/);
    expect(refused('select "pg_read_file"(\'/etc/passwd\')')).toMatch(/pg_read_file/);
    expect(refused("select pg_catalog.PG_READ_FILE('/etc/passwd')")).toMatch(/server's files/);
    expect(refused('select U&"pg\\005fread_file"(\'/etc/hostname\')')).toMatch(/U&/);
  });

  it('refuses functions that touch server files, other sessions, settings or run SQL from a string', () => {
    for (const [q, word] of [
      ["select lo_import('/etc/hostname')", 'lo_import'],
      ["select lo_export(1, '/tmp/x')", 'lo_export'],
      ["select pg_read_file('/etc/hostname')", 'pg_read_file'],
      ["select pg_read_binary_file('/etc/hostname')", 'pg_read_binary_file'],
      ["select * from pg_ls_dir('.')", 'pg_ls_dir'],
      ['select pg_terminate_backend(pid) from pg_stat_activity', 'pg_terminate_backend'],
      ['select pg_cancel_backend(1)', 'pg_cancel_backend'],
      ["select set_config('role', 'postgres', false)", 'set_config'],
      ["select query_to_xml('delete from mlb.games', true, true, '')", 'query_to_xml'],
      ['select pg_advisory_lock(727001001)', 'pg_advisory_lock'],
      ["select * from dblink('dbname=x', 'select 1') as t(a int)", 'dblink'],
      ['select pg_reload_conf()', 'pg_reload_conf'],
    ] as const) {
      expect(refused(q), q).toContain(word);
    }
  });

  it('refuses statements that do not read, whatever their case or parentheses', () => {
    for (const q of [
      'DELETE FROM mlb.games',
      'update mlb.games set season = 1',
      'drop table mlb.games',
      'commit',
      'copy mlb.games to stdout',
      'do $$ begin end $$',
      '(delete from x)',
      '',
    ]) {
      expect(() => assertReadOnlyQuery(q), q).toThrow(UsageError);
    }
  });

  it('reports unterminated strings, names and comments as usage errors', () => {
    expect(refused("select 'abc")).toMatch(/unterminated string/);
    expect(refused("select E'abc\\'")).toMatch(/unterminated string/);
    expect(refused('select "abc')).toMatch(/unterminated quoted name/);
    expect(refused('select $$abc')).toMatch(/unterminated dollar/);
    expect(refused('select 1 /* a /* b */')).toMatch(/unterminated/);
  });

  it('lexes words, quoted names and strings apart', () => {
    const kinds = lexSql(`select "A""b", 'x', E'\\n', $q$y$q$, c1 from t;`).map((t) => `${t.kind}:${t.text}`);
    expect(kinds).toEqual([
      'word:select',
      'ident:A"b',
      'other:,',
      'string:',
      'other:,',
      'string:',
      'other:,',
      'string:',
      'other:,',
      'word:c1',
      'word:from',
      'word:t',
      'semicolon:;',
    ]);
  });
});
