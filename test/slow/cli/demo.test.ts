import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { checkReadOnlyQuery } from '../../../src/db/sql-guard.js';
import { CHECKS } from '../../../src/db/queries/checks.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';

// The demo is what a new user runs first: a season into a fresh embedded database, minutes of work.
const dir = mkdtempSync(path.join(tmpdir(), 'dugout-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** The statements of the README's ```sql blocks. */
function readmeStatements(): string[] {
  return readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).map((q) => q.sql);
}

describe('dugout demo', () => {
  it('runs end to end on the embedded database, prints the summary, and the README queries work on its data', {
    // CI runs the longest files first, so the demo shares the two cores with the other long files.
    timeout: 480_000,
  }, async () => {
    const demoEnv = { DUGOUT_PGLITE_DIR: path.join(dir, 'demo') };
    const r = await runCli(['demo'], { env: demoEnv, timeoutMs: 460_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1. backfill');
    expect(r.stdout).toMatch(/sync: run \d+ succeeded: loaded \d+ games? and \d+ (person|people)/);
    expect(r.stdout).toContain(`3. checks: ${CHECKS.length}/${CHECKS.length} passed`);
    expect(r.stdout).toMatch(/run expectancy by base-out state[\s\S]*___[\s\S]*123/);
    const first = /this demo loaded ([\d,]+) games and [\d,]+ people in [\d.]+ s/.exec(r.stdout);
    expect(first, r.stdout).not.toBeNull();
    const holds = /the warehouse now holds ([\d,]+) final games, [\d,]+ plays, [\d,]+ pitches, [\d,]+ people/.exec(
      r.stdout,
    );
    expect(holds, r.stdout).not.toBeNull();
    // A fresh warehouse: each game counted once, the corrected one too.
    expect(first![1]).toBe(holds![1]);
    // The demo suggests the README's own first query.
    const readmeFirst = /npx dugout sql "([^"]+)"/.exec(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'))?.[1];
    expect(r.stdout).toContain(`npx dugout sql "${readmeFirst}"`);
    expect(r.stdout).toContain('OPS leaders');
    expect(r.stdout).toContain('npx dugout sql');
    const status = await runCli(['status', '--json'], { env: demoEnv });
    const report = JSON.parse(status.stdout);
    expect(report.runs.map((x: { job: string }) => x.job)).toEqual([
      'check',
      'register',
      'sync',
      'pregame',
      'backfill',
    ]);
    expect(report.deadLetters).toEqual([]);
    // The shipped simulator makes dugout report no new API field (known-paths.json, simulatorOnly).
    expect(report.newFields).toEqual([]);

    // Every example query of the README is one `dugout sql` accepts (its statement check)…
    const statements = readmeStatements();
    for (const query of statements) {
      expect((await checkReadOnlyQuery(query)).text, query).toBe(query.trim().replace(/;$/, ''));
    }
    // …runs as written through it (one process: each costs a PGlite start)…
    const q = await runCli(['sql', statements[0]!, '--json'], { env: demoEnv });
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout).length).toBeGreaterThan(0);

    // …and finds rows in the demo's data: the bench times them all on a database it did not load,
    // and writes nothing there.
    const timed = await runCli(['bench', '--queries-only'], { env: demoEnv });
    expect(timed.code, timed.stderr).toBe(0);
    const out = lines(timed.stdout);
    expect(out[0]).toMatch(/^README example queries on pglite:.* \((\d+) games, (\d+) pitches; best of 3, warm\):$/);
    const timings = out.slice(1).map((l) => /^\s*[\d.]+ ms {2}(.+) \((\d+) rows?\)$/.exec(l));
    expect(timings.map((m) => m?.[1])).toEqual([
      ...readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).map((q) => q.label),
      'standings on the latest date (dashboard panel)',
    ]);
    for (const m of timings) expect(Number(m?.[2]), m?.[1]).toBeGreaterThan(0);
    const after = await runCli(['status', '--json'], { env: demoEnv });
    expect(JSON.parse(after.stdout).runs).toHaveLength(5); // backfill, pregame, sync, register, check: the bench wrote none

    // A second demo says what it did (the corrected game again), apart from what the warehouse holds.
    const again = await runCli(['demo'], { env: demoEnv, timeoutMs: 460_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/this demo loaded 1 game and \d+ (person|people) in/);
    expect(again.stdout).toContain(`the warehouse now holds ${holds![1]} final games`);
  });
});
