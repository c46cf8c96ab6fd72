import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-cli-'));
const env = { DUGOUT_PGLITE_DIR: path.join(dir, 'pglite') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function oneLine(stderr: string): string[] {
  return stderr.trim().split('\n').filter(Boolean);
}

describe('the dugout CLI', () => {
  it('prints help with exit 0', async () => {
    const r = await runCli(['--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: dugout');
    expect(r.stdout).toContain('migrate');
    expect(r.stdout).toContain('status');
  });

  it('exits 2 with one line for an unknown command', async () => {
    const r = await runCli(['no-such-command'], { env });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain("unknown command 'no-such-command'");
  });

  it('exits 2 with one line for an unknown flag', async () => {
    const r = await runCli(['status', '--no-such-flag'], { env });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
  });

  it('exits 2 listing every problem for an invalid environment', async () => {
    const r = await runCli(['status'], { env: { ...env, STATSAPI_CONCURRENCY: 'many', LOG_LEVEL: 'loud' } });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain('STATSAPI_CONCURRENCY');
    expect(r.stderr).toContain('LOG_LEVEL');
  });

  it('migrates the embedded default and reports status as JSON', async () => {
    const m = await runCli(['migrate'], { env });
    expect(m.code, m.stderr).toBe(0);
    const s = await runCli(['status', '--json'], { env });
    expect(s.code, s.stderr).toBe(0);
    const report = JSON.parse(s.stdout);
    expect(report).toMatchObject({ cursors: [], runs: [], backlog: [], deadLetters: [] });
    expect(report.database).toContain('pglite:');
    // Two processes, each opening the embedded database; the first applies every migration on PGlite
    // (WASM): a minute is not always enough on a loaded machine.
  }, 180_000);

  // In this process: the help text is the point, not starting Node once per command (the
  // launcher's help and exit code are held above by a real process).
  it('has --help on every command', async () => {
    const help = await runCliInProcess(['--help'], env);
    expect(help.code).toBe(0);
    const commands = [...help.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThan(1);
    for (const c of commands) {
      const r = await runCliInProcess([c, '--help'], env);
      expect(r.code, c).toBe(0);
      expect(r.stdout, c).toContain(`Usage: dugout ${c}`);
    }
  });
});
