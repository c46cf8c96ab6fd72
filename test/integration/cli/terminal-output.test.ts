import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveLogLevel } from '../../../src/logger.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

/** `script` (util-linux) gives the child a pseudo-terminal: stdout and stderr are a TTY, merged. */
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

/** Run `dugout …` on a pseudo-terminal; resolves to what the terminal showed and the exit code. */
function runOnTerminal(args: string[], env: Record<string, string>): Promise<{ code: number | null; screen: string }> {
  const command = ['node', `${REPO_ROOT}/bin/dugout.mjs`, ...args]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  // The configured level (info), as a user has it; CI would turn the progress bar off.
  delete childEnv.LOG_LEVEL;
  delete childEnv.CI;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env: childEnv });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.stderr.on('data', (d) => (screen += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

/** The terminal's lines, without colour codes; a progress bar redrawn with \r counts as one line. */
function screenLines(screen: string): string[] {
  return (
    screen
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences
      .replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '')
      .split(/\r?\n/)
      .map(
        (l) =>
          l
            .split('\r')
            .filter((s) => s.trim() !== '')
            .at(-1) ?? '',
      )
      .filter((l) => l.trim() !== '')
  );
}

const nonEmptyLines = (s: string) => s.split('\n').filter((l) => l.trim() !== '');

describe('the log level a command runs at', () => {
  it('on a terminal a one-shot command and the daemon log warnings and errors only; piped, the simulator, or LOG_LEVEL=debug keep theirs', () => {
    expect(effectiveLogLevel('info', true, 'backfill')).toBe('warn');
    expect(effectiveLogLevel('info', true, 'sql')).toBe('warn');
    expect(effectiveLogLevel('info', true, undefined)).toBe('warn');
    expect(effectiveLogLevel('info', false, 'backfill')).toBe('info');
    expect(effectiveLogLevel('info', true, 'daemon')).toBe('warn');
    expect(effectiveLogLevel('info', false, 'daemon')).toBe('info');
    expect(effectiveLogLevel('info', true, 'sim')).toBe('info');
    expect(effectiveLogLevel('debug', true, 'backfill')).toBe('debug');
    expect(effectiveLogLevel('error', true, 'backfill')).toBe('error');
  });
});

describe.skipIf(!HAS_SCRIPT)('what a terminal shows', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let range: { startDate: string; endDate: string };
  beforeAll(async () => {
    h = await startSim({ seed: 3 });
    const d0 = firstRegularDate(h.sim);
    range = { startDate: d0, endDate: addDays(d0, 1) };
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('a two-day backfill shows its progress bar and its summary, no log line; piped, its JSON log', {
    timeout: 400_000,
  }, async () => {
    const env = cliEnv(t, h);
    await withDatabaseClosed(t, async () => {
      const tty = await runOnTerminal(['backfill', '--start-date', range.startDate, '--end-date', range.endDate], env);
      expect(tty.code, tty.screen).toBe(0);
      const lines = screenLines(tty.screen);
      expect(lines.at(-1)).toMatch(
        /^backfill run \d+ succeeded: loaded \d+ games, \d+ people and \d+ reference lists; \d+ requests$/,
      );
      // The bar (redrawn in place) and the summary: nothing else.
      expect(lines, tty.screen).toHaveLength(2);
      expect(lines[0]).toMatch(/^backfill \[.*\] \d+\/\d+ items/);

      // A superuser's DATABASE_URL (the test server) needs --as-owner, and is warned about it.
      const asOwner = t.kind === 'postgres' ? ['--as-owner'] : [];
      const sql = await runOnTerminal(['sql', ...asOwner, 'select count(*)::int as games from mlb.games'], env);
      expect(sql.code, sql.screen).toBe(0);
      const shown = screenLines(sql.screen).filter((l) => !l.startsWith('dugout: warning: --as-owner'));
      expect(shown).toEqual(['games', '-----', expect.stringMatching(/^\d+$/), '(1 row)']);

      // Piped (cron, a file): the JSON log at the configured level, and the same summary on stdout.
      const piped = await runCli(['backfill', '--start-date', range.startDate, '--end-date', range.endDate], {
        env: { ...env, LOG_LEVEL: 'info' },
      });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toMatch(/^backfill run \d+ succeeded: loaded 0 games; \d+ requests?\n$/);
      const logged = piped.stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(logged.map((l) => l.msg)).toContain('run finished');
      // Nothing to migrate: no word of migrations.
      expect(logged.map((l) => l.msg)).not.toContain('migrations applied');
      // A rebuild loads nothing: it says what it re-derived.
      const rebuilt = await runCli(['rebuild'], { env });
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
      expect(rebuilt.stdout).toMatch(
        /^rebuild run \d+ succeeded: rebuilt [1-9]\d* games, [1-9][\d,]* people, [\d,]+ reference rows and [\d,]+ snapshot rows from the stored bodies, the history of [\d,]+ games? from its revisions, without a request\n$/,
      );

      // A season the schedule has no games for says so (exit 0: the run did all there was).
      const empty = await runCli(['backfill', '--season', '2099'], { env });
      expect(empty.code, empty.stderr).toBe(0);
      expect(nonEmptyLines(empty.stdout)).toEqual([
        expect.stringMatching(/^backfill run \d+ succeeded: loaded 0 games; \d+ requests?$/),
        'season 2099: no games scheduled',
      ]);
      const status = await runCli(['status'], { env: { ...env, LOG_LEVEL: 'info' } });
      expect(status.code, status.stderr).toBe(0);
      expect(status.stderr).toBe('');
    });
  });
});
