import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliInProcess, until } from '../../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-cmd-'));
const env = { DUGOUT_PGLITE_DIR: path.join(dir, 'pglite') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (s: string) => s.trim().split('\n').filter(Boolean);

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
    // In this process: what is checked is the parsing, not the process (test/integration/foundation/cli.test.ts
    // holds a real one's exit 2 and single line).
    const r = await runCliInProcess(args, { ...env, STATSAPI_BASE_URL: 'http://127.0.0.1:9/api' });
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
    // A flag that contains the suggestion gets it too.
    const plural = await runCli(['backfill', '--seasons', '2025'], { env });
    expect(plural.code).toBe(2);
    expect(lines(plural.stderr)).toEqual(["dugout backfill: unknown option '--seasons' (did you mean --season?)"]);
  });
});

describe('the hints a user copies', () => {
  it('reader-role --help states the password rule for both ways of giving it', async () => {
    const r = await runCli(['reader-role', '--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.match(/at least 8 characters/g)).toHaveLength(2);
  });

  it("the simulator's hint lifts the request budget and gives sync the simulator's clock, which stays put", async () => {
    let pid = 0;
    let output = '';
    const sim = runCli(['sim', '--port', '0'], { env, onSpawn: (p) => (pid = p), onStdout: (d) => (output += d) });
    await until('the simulator to print its hint', async () => output.includes('--now'), 60_000);
    process.kill(pid, 'SIGINT');
    const done = await sim;
    const clock = /^clock: ([^,\s]+), stopped /m.exec(done.stdout)?.[1];
    expect(clock).toMatch(/^\d{4}-\d\d-\d\dT/);
    const hints = lines(done.stdout).filter((l) => l.includes('npx dugout'));
    expect(hints).toHaveLength(2);
    for (const hint of hints)
      expect(hint).toMatch(/STATSAPI_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/api STATSAPI_MAX_RPS=\d+ /);
    expect(hints[1]).toContain(`npx dugout sync --now ${clock}`);
    expect(hints[1]).toContain('--speed runs the clock');
  });
});

describe('dugout sql', () => {
  it('refuses a write statement with exit 2', async () => {
    const r = await runCli(['sql', 'DELETE FROM mlb.games'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('DELETE is refused');
  });

  // The file's first command to open the database migrates it: as long as its siblings.
  it('prints an aligned table, CSV or JSON', { timeout: 120_000 }, async () => {
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

  it('refuses a write hidden in a CTE up front (exit 2)', async () => {
    const r = await runCli(['sql', 'with d as (delete from mlb.games returning 1) select * from d'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a WITH that holds DELETE writes: dugout sql refuses it/);
  });
});
