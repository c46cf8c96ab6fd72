import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

// `src/cli/` holds commands only: every SQL statement lives in `src/db/queries/`. This scans the
// sources for the forms a statement takes there: drizzle's sql template and sql.raw, postgres.js'
// unsafe, a query builder call, or a string literal that reads as a statement.

const STATEMENT_LITERAL =
  /(['"`])\s*(select|insert|update|delete|with|create|alter|drop|truncate|copy|grant|revoke|merge)\s+[\w*"][^'"`]*?\b(from|into|set|table|as|to|on|values|by)\b/i;
const SQL_CALL = /\bsql`|\bsql\.raw\(|\.unsafe\(|\.execute\(|\.(select|insert|update|delete)\(\s*[a-z]/;

/** The lines of a source that hold SQL, as `line: text`. */
function sqlLines(source: string): string[] {
  return source
    .split('\n')
    .map((text, i) => ({ text, n: i + 1 }))
    .filter(({ text }) => !/^\s*(\/\/|\*|\/\*)/.test(text))
    .filter(({ text }) => SQL_CALL.test(text) || STATEMENT_LITERAL.test(text))
    .map(({ text, n }) => `${n}: ${text.trim()}`);
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

describe('src/cli holds no SQL', () => {
  it('finds SQL in the forms it takes', () => {
    expect(sqlLines('await db.execute(sql`update ingest.runs set status = ${s}`);')).toHaveLength(1);
    expect(sqlLines("const q = 'select full_name from analytics.season_batting';")).toHaveLength(1);
    expect(sqlLines('rows = await queryRows(db, sql.raw(text));')).toHaveLength(1);
    expect(sqlLines('await tx.insert(plays).values(row);')).toHaveLength(1);
    expect(sqlLines("  'WITH t AS (select 1) select * from t'")).toHaveLength(1);
    // …and not in a command's words.
    expect(sqlLines(".description('show cursors, recent runs, the worklist backlog and dead letters')")).toEqual([]);
    expect(sqlLines("out('dugout sql runs one read-only statement');")).toEqual([]);
  });

  it('in none of its files', () => {
    const files = sourcesUnder(path.join(REPO_ROOT, 'src/cli'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) =>
      sqlLines(readFileSync(f, 'utf8')).map((l) => `${path.relative(REPO_ROOT, f)}:${l}`),
    );
    expect(found).toEqual([]);
  });
});
