import { describe, expect, it } from 'vitest';
import { sql } from '../../../src/db/client.js';
import { identList, quoteIdent } from '../../../src/db/identifiers.js';
import { PgDialect } from 'drizzle-orm/pg-core';

describe('identifiers in generated statements', () => {
  it('are quoted, with a double quote in a name doubled', () => {
    expect(quoteIdent('game_pk')).toBe('"game_pk"');
    expect(quoteIdent('a"; drop table mlb.games; --')).toBe('"a""; drop table mlb.games; --"');
  });

  it('lists columns quoted, optionally qualified', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(sql`select ${identList(['game_pk', 'x"y'], 'r')}`).sql).toBe(
      'select r."game_pk", r."x""y"',
    );
    expect(dialect.sqlToQuery(sql`insert into t (${identList(['a', 'b'])})`).sql).toBe('insert into t ("a", "b")');
  });
});
