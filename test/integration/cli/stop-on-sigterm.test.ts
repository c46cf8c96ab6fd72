import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// The commands as the README and docs/operations.md tell users to run them (`npx dugout …`): a
// supervisor signals only the process it started, npm exec, whose shell and node child must go too.

/** Every process as /proc lists it: its parent and whether it is still running (a zombie is not). */
function processTable(): Map<number, { ppid: number; running: boolean }> {
  const table = new Map<number, { ppid: number; running: boolean }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(ppid), running: state !== 'Z' && state !== 'X' });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** `pid` and every process below it. */
function descendants(pid: number): number[] {
  const table = processTable();
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    for (const [p, info] of table) if (info.ppid === found[i] && !found.includes(p)) found.push(p);
  }
  return found;
}

function running(pids: number[]): number[] {
  const table = processTable();
  return pids.filter((p) => table.get(p)?.running);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.platform === 'linux')('SIGTERM to the documented command stops every process it started', () => {
  let h: SimHarness;
  let t: TestDatabase;
  beforeAll(async () => {
    const probe = await startSim({ seed: 4 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 4, now: new Date(`${addDays(d0, 2)}T12:00:00Z`) });
    // Slow game bodies keep a sync busy when the signal comes.
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', fault: 'slow' }], slowMs: 400 });
    t = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  /** Start `command` (`npx dugout …` by default), wait until `ready`, SIGTERM its PID only; the processes left. */
  async function startAndTerm(
    args: string[],
    ready: (output: string) => boolean,
    command: [string, ...string[]] = ['npx', 'dugout'],
  ) {
    const full: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...cliEnv(t, h), LOG_LEVEL: 'info' })) {
      if (v !== undefined) full[k] = v;
    }
    const child = spawn(command[0], [...command.slice(1), ...args], {
      cwd: REPO_ROOT,
      env: full,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const pid = child.pid!;
    let tree: number[] = [];
    try {
      const deadline = Date.now() + 60_000;
      while (!ready(output) && Date.now() < deadline) await sleep(100);
      expect(ready(output), output).toBe(true);
      tree = descendants(pid);
      process.kill(pid, 'SIGTERM');
      // Within the documented time: the game in hand and the shutdown steps, well under 30 s.
      const end = Date.now() + 30_000;
      while (running(tree).length > 0 && Date.now() < end) await sleep(200);
      // stdout and stderr close only when the last process holding them is gone.
      if (running(tree).length === 0) await exited;
      return { left: running(tree), output };
    } finally {
      for (const p of running(tree)) process.kill(p, 'SIGKILL');
    }
  }

  it('npx dugout sim', { timeout: 90_000 }, async () => {
    const { left, output } = await startAndTerm(['sim', '--port', '0'], (o) => /simulator serving/.test(o));
    expect(left, output).toEqual([]);
  });

  it('npx dugout daemon, npx dugout live and the cron job npx dugout sync', { timeout: 240_000 }, async () => {
    await withDatabaseClosed(t, async () => {
      const now = h.sim.now().toISOString();
      const daemon = await startAndTerm(['daemon', '--now', now], (o) => /daemon started/.test(o));
      expect(daemon.left, daemon.output).toEqual([]);
      const before = h.sim.requestLog.length;
      const live = await startAndTerm(['live', '--now', now], () =>
        h.sim.requestLog.slice(before).some((r) => r.path.includes('/schedule')),
      );
      expect(live.left, live.output).toEqual([]);
      const mark = h.sim.requestLog.length;
      const sync = await startAndTerm(['sync', '--now', now], () =>
        h.sim.requestLog.slice(mark).some((r) => r.path.includes('/feed/live')),
      );
      expect(sync.left, sync.output).toEqual([]);
      // The systemd unit's command, from its working directory.
      const unit = readFileSync(`${REPO_ROOT}/deploy/systemd/dugout.service`, 'utf8');
      const execStart = /^ExecStart=(.+)$/m.exec(unit)![1]!.split(' ');
      expect(execStart.slice(0, 2)).toEqual(['/usr/bin/node', 'bin/dugout.mjs']);
      const service = await startAndTerm(execStart.slice(2), (o) => /daemon started/.test(o), [
        process.execPath,
        'bin/dugout.mjs',
      ]);
      expect(service.left, service.output).toEqual([]);
    });
  });
});
