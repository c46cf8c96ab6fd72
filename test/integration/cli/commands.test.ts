import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { checkReadOnlyQuery } from '../../../src/db/sql-guard.js';
import { CHECKS } from '../../../src/db/queries/checks.js';
import { REPO_ROOT, runCli, until } from '../../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-cmd-'));
const env = { DUGOUT_PGLITE_DIR: path.join(dir, 'pglite') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** The statements of the README's ```sql blocks. */
function readmeStatements(): string[] {
  return readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).map((q) => q.sql);
}

describe('date and range flags', () => {
  it.each([
    ['backfill', '--start-date', '2024-02-30', '--end-date', '2024-03-01'],
    ['backfill', '--start-date', '2024-13-01', '--end-date', '2024-12-01'],
    ['backfill', '--start-date', '24-4-1', '--end-date', '2024-04-02'],
    ['backfill', '--start-date', '2024-04-02', '--end-date', '2024-04-01'],
    ['backfill', '--season', '1800'],
    ['backfill'],
    ['backfill', '--season', '2024', '--sport-id', 'x'],
    ['sync', '--now', '2024-02-30T00:00:00Z'],
    ['snapshot', 'awards', '--max-people', '0'],
    ['snapshot', 'awards', '--max-people', '20001'],
  ])('%s %s %s … is one line on stderr and exit 2, with nothing stored', async (...args) => {
    const r = await runCli(args, { env: { ...env, STATSAPI_BASE_URL: 'http://127.0.0.1:9/api' } });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(existsSync(env.DUGOUT_PGLITE_DIR)).toBe(false); // usage is checked before the database is opened
  });

  it('a mistyped command or flag gets a "did you mean", one line and exit 2', async () => {
    const command = await runCli(['backfil', '--season', '2025'], { env });
    expect(command.code).toBe(2);
    expect(lines(command.stderr)).toEqual(["dugout: unknown command 'backfil' (did you mean backfill?)"]);
    const flag = await runCli(['backfill', '--seson', '2025'], { env });
    expect(flag.code).toBe(2);
    expect(lines(flag.stderr)).toEqual(["dugout backfill: unknown option '--seson' (did you mean --season?)"]);
  });
});

describe('the hints a user copies', () => {
  it('reader-role --help states the password rule for both ways of giving it', async () => {
    const r = await runCli(['reader-role', '--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.match(/at least 8 characters/g)).toHaveLength(2);
  });

  it("the simulator's hint lifts the request budget and gives the daemon the simulator's clock", async () => {
    let pid = 0;
    let output = '';
    const sim = runCli(['sim', '--port', '0'], { env, onSpawn: (p) => (pid = p), onStdout: (d) => (output += d) });
    await until('the simulator to print its hint', async () => output.includes('--now'), 60_000);
    process.kill(pid, 'SIGINT');
    const done = await sim;
    const clock = /^clock: (\S+)/m.exec(done.stdout)?.[1];
    expect(clock).toMatch(/^\d{4}-\d\d-\d\dT/);
    const hints = lines(done.stdout).filter((l) => l.includes('npx dugout'));
    expect(hints).toHaveLength(2);
    for (const hint of hints)
      expect(hint).toMatch(/STATSAPI_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/api STATSAPI_MAX_RPS=\d+ /);
    expect(hints[1]).toContain(`npx dugout daemon --now ${clock}`);
  });
});

describe('dugout sql', () => {
  it('refuses a write statement with exit 2', async () => {
    const r = await runCli(['sql', 'DELETE FROM mlb.games'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('DELETE is refused');
  });

  it('prints an aligned table, CSV or JSON', async () => {
    const q = "select 1 as a, 'x,y' as b";
    const table = await runCli(['sql', q], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^a\s+b\n-\s+---\n1\s+x,y\n\(1 row\)/);
    const csv = await runCli(['sql', q, '--csv'], { env });
    expect(csv.stdout.trim()).toBe('a,b\n1,"x,y"');
    const json = await runCli(['sql', q, '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual([{ a: 1, b: 'x,y' }]);
  });

  it('prints a date column as YYYY-MM-DD and timestamps as ISO with their zone, in the table, CSV and JSON', {
    timeout: 120_000,
  }, async () => {
    const q = `select date '2025-03-27' as day, timestamptz '2025-03-27 18:05:00.25+00' as at,
      timestamp '2025-03-27 18:05:00' as local`;
    const table = await runCli(['sql', q], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(lines(table.stdout)[2]).toBe('2025-03-27  2025-03-27T18:05:00.25Z  2025-03-27T18:05:00');
    const csv = await runCli(['sql', q, '--csv'], { env });
    expect(csv.stdout).toBe('day,at,local\n2025-03-27,2025-03-27T18:05:00.25Z,2025-03-27T18:05:00\n');
    const json = await runCli(['sql', q, '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual([
      { day: '2025-03-27', at: '2025-03-27T18:05:00.25Z', local: '2025-03-27T18:05:00' },
    ]);
  });

  it('stops the table at 1000 rows (--max-rows) with a line saying so, fetching no further', {
    timeout: 120_000,
  }, async () => {
    // Row 1500 would fail: the rows past the limit are never fetched.
    const q = 'select g, 1 / (1500 - g) as x from generate_series(1, 3000) g';
    const r = await runCli(['sql', q], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(2 + 1000 + 1);
    expect(out.at(-1)).toMatch(/^\(first 1000 rows: the query returns more; raise --max-rows/);
    const few = await runCli(['sql', q, '--max-rows', '3', '--csv'], { env });
    expect(few.code, few.stderr).toBe(0);
    expect(few.stdout).toBe('g,x\n1,0\n2,0\n3,0\n');
    expect(lines(few.stderr)).toEqual(['dugout: stopped after --max-rows 3 rows: the query returns more']);
  });

  it('reads the query from --file or stdin ("-")', { timeout: 120_000 }, async () => {
    const file = path.join(dir, 'query.sql');
    writeFileSync(file, "-- the season's first day\nselect date '2025-03-27' as day;\n");
    const fromFile = await runCli(['sql', '--file', file, '--csv'], { env });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toBe('day\n2025-03-27\n');
    const fromStdin = await runCli(['sql', '-', '--json'], { env, input: 'select 41 + 1 as answer' });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toEqual([{ answer: 42 }]);
  });

  it('refuses a write hidden in a CTE (read-only transaction)', async () => {
    const r = await runCli(['sql', 'with d as (delete from mlb.games returning 1) select * from d'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/read-only/);
  });
});

describe('dugout demo', () => {
  it('runs end to end on the embedded database, prints the summary, and the README queries work on its data', {
    timeout: 300_000,
  }, async () => {
    const demoEnv = { DUGOUT_PGLITE_DIR: path.join(dir, 'demo') };
    const r = await runCli(['demo'], { env: demoEnv, timeoutMs: 280_000 });
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
    // The demo suggests the README's own first query.
    const readmeFirst = /npx dugout sql "([^"]+)"/.exec(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'))?.[1];
    expect(r.stdout).toContain(`npx dugout sql "${readmeFirst}"`);
    expect(r.stdout).toContain('OPS leaders');
    expect(r.stdout).toContain('npx dugout sql');
    const status = await runCli(['status', '--json'], { env: demoEnv });
    const report = JSON.parse(status.stdout);
    expect(report.runs.map((x: { job: string }) => x.job)).toEqual(['check', 'sync', 'backfill']);
    expect(report.deadLetters).toEqual([]);

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
    expect(JSON.parse(after.stdout).runs).toHaveLength(3);

    // A second demo says what it did (the corrected game again), apart from what the warehouse holds.
    const again = await runCli(['demo'], { env: demoEnv, timeoutMs: 280_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/this demo loaded 1 game and \d+ (person|people) in/);
    expect(again.stdout).toContain(`the warehouse now holds ${holds![1]} final games`);
  });
});
