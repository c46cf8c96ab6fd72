import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { liveJob } from '../../../jobs/live.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/** `script` (util-linux) gives the child a pseudo-terminal; `timeout` (coreutils) SIGTERMs it. */
const HAS_TOOLS = spawnSync('script', ['--version']).status === 0 && spawnSync('timeout', ['--version']).status === 0;

/** Seconds the daemon runs; the simulator's clock runs SPEED times as fast: over an hour of games. */
const SECONDS = 16;
const SPEED = 240;

describe.skipIf(!HAS_TOOLS)('the daemon on a terminal', () => {
  let h: SimHarness;
  let t: TestDatabase;
  const start = '2025-06-01T18:30:00Z';
  beforeAll(async () => {
    // A Sunday afternoon of the simulated 2025 season: games under way, the clock running.
    h = await startSim({ seed: 1, season: 2025, now: new Date(start), speed: SPEED });
    t = await createTestDatabase({ onDisk: true });
    // The day's schedule stored (a live pass), as a running daemon's sync leaves it: the daemon
    // follows live games from its first minute.
    const run = await liveJob.run(runDeps(t.database, h, { sportIds: [1] }), { once: true, untilIdle: false });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it(`shows one compact line per live pass over ${(SECONDS * SPEED) / 60} simulated minutes, no info log`, {
    timeout: 120_000,
  }, async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...cliEnv(t, h), DUGOUT_SPORT_IDS: '1' }))
      if (v !== undefined) env[k] = v;
    // The configured level (info), as a user has it.
    delete env.LOG_LEVEL;
    delete env.CI;
    if (t.kind === 'pglite') delete env.DATABASE_URL;
    const command = `timeout -s TERM ${SECONDS} node '${REPO_ROOT}/bin/dugout.mjs' daemon --now ${start}`;
    const screen = await withDatabaseClosed(
      t,
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('error', reject);
          child.on('close', () => resolve(out));
        }),
    );
    const lines = screen
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences
      .replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    const passes = h.sim.requestLog.filter((r) => r.path.includes('/schedule')).length;
    const passLines = lines.filter((l) =>
      /^\d\d:\d\d:\d\d live 2025-06-01: \d+ followed, \d+ changed, \d+ unchanged/.test(l),
    );
    expect(passLines.length, screen).toBeGreaterThanOrEqual(1);
    // Every live pass polls the schedule once: a line each, at most.
    expect(passLines.length, screen).toBeLessThanOrEqual(passes);
    // A scheduled job that comes due (a sync, on slow machines before the daemon is stopped)
    // prints its one summary line.
    const jobLines = lines.filter((l) => /^\d\d:\d\d:\d\d [a-z]+ run \d+ \w+: /.test(l));
    expect(jobLines.length, screen).toBeLessThanOrEqual(6);
    // Warnings are shown (the signal's, and on a loaded machine perhaps one about a slow pass), a few.
    const warnLines = lines.filter((l) => /^\[[\d:.]+\] WARN: /.test(l));
    expect(warnLines.length, screen).toBeLessThanOrEqual(4);
    expect(
      warnLines.some((l) => /shutting down/.test(l)),
      screen,
    ).toBe(true);
    // Besides: the start and stop lines.
    const others = lines.filter((l) => !passLines.includes(l) && !jobLines.includes(l) && !warnLines.includes(l));
    expect(others.length, screen).toBeLessThanOrEqual(2);
    expect(
      others.some((l) => /^\d\d:\d\d:\d\d daemon started: /.test(l)),
      screen,
    ).toBe(true);
    expect(
      others.some((l) => /^\d\d:\d\d:\d\d daemon stopped$/.test(l)),
      screen,
    ).toBe(true);
    expect(screen).not.toMatch(/INFO/);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(160);
  });
});
