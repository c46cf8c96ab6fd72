import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findPostmaster,
  isLocalServerUrl,
  parseProcStat,
  processCpuSeconds,
  sampleServerCpu,
} from '../../../src/bench/server-cpu.js';

/** A /proc/<pid>/stat line: comm, ppid and the user and system ticks where proc(5) puts them. */
function statLine(pid: number, comm: string, ppid: number, utime: number, stime: number): string {
  const rest = ['S', ppid, 1, 1, 0, -1, 4194560, 100, 0, 0, 0, utime, stime, 0, 0, 20, 0, 1, 0, 1000];
  return `${pid} (${comm}) ${rest.join(' ')}\n`;
}

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A directory laid out like /proc, with these processes. */
function fakeProc(processes: Array<[pid: number, comm: string, ppid: number, utime: number, stime: number]>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-proc-'));
  dirs.push(dir);
  const write = (pid: number, comm: string, ppid: number, utime: number, stime: number) => {
    mkdirSync(path.join(dir, String(pid)), { recursive: true });
    writeFileSync(path.join(dir, String(pid), 'stat'), statLine(pid, comm, ppid, utime, stime));
  };
  for (const p of processes) write(...p);
  mkdirSync(path.join(dir, 'self'));
  /** The kernel's list of a process's children (`task/<pid>/children`, space-separated). */
  const children = (pid: number, kids: number[]) => {
    mkdirSync(path.join(dir, String(pid), 'task', String(pid)), { recursive: true });
    writeFileSync(path.join(dir, String(pid), 'task', String(pid), 'children'), kids.map((k) => `${k} `).join(''));
  };
  return { dir, write, children, remove: (pid: number) => rmSync(path.join(dir, String(pid)), { recursive: true }) };
}

describe('a PostgreSQL server’s CPU from /proc', () => {
  it('reads comm (spaces and parentheses included), the parent and user + system seconds', () => {
    expect(parseProcStat(statLine(7, 'postgres', 1, 250, 50))).toEqual({ comm: 'postgres', ppid: 1, cpuS: 3 });
    expect(parseProcStat(statLine(8, 'odd (name) x', 7, 1, 2))).toEqual({ comm: 'odd (name) x', ppid: 7, cpuS: 0.03 });
    expect(parseProcStat('garbage')).toBeUndefined();
  });

  it('finds the postmaster only for a postgres backend whose parent is postgres', () => {
    const proc = fakeProc([
      [100, 'postgres', 1, 0, 0],
      [101, 'postgres', 100, 0, 0],
      [200, 'node', 1, 0, 0],
      [201, 'postgres', 200, 0, 0],
    ]);
    expect(findPostmaster(101, proc.dir)).toBe(100);
    // A pid that is not a backend here: a server on another host, or in a container.
    expect(findPostmaster(200, proc.dir)).toBeUndefined();
    expect(findPostmaster(201, proc.dir)).toBeUndefined();
    expect(findPostmaster(999, proc.dir)).toBeUndefined();
  });

  it('sums what the postmaster and its children used between start and stop, new processes whole', async () => {
    const proc = fakeProc([
      [100, 'postgres', 1, 1000, 0],
      [101, 'postgres', 100, 500, 500],
      [300, 'node', 1, 5000, 0],
      [301, 'postgres', 300, 100, 0],
    ]);
    const sampler = sampleServerCpu(100, 10, proc.dir);
    proc.write(100, 'postgres', 1, 1010, 0); // +0.1 s
    proc.write(101, 'postgres', 100, 600, 600); // +2 s
    proc.write(102, 'postgres', 100, 40, 10); // started meanwhile: 0.5 s
    proc.write(300, 'node', 1, 9000, 0); // not the server's
    proc.write(301, 'postgres', 300, 900, 0); // another server's child
    await new Promise((r) => setTimeout(r, 50));
    proc.write(103, 'postgres', 100, 30, 0); // seen once, then gone: 0.3 s
    await new Promise((r) => setTimeout(r, 50));
    proc.remove(103);
    proc.write(101, 'postgres', 100, 700, 600); // +1 s more
    expect(sampler.stop()).toBeCloseTo(0.1 + 3 + 0.5 + 0.3, 5);
  });

  it('reads only the processes the postmaster lists as its children, when the kernel lists them', () => {
    const proc = fakeProc([
      [100, 'postgres', 1, 1000, 0],
      [101, 'postgres', 100, 500, 0],
      [102, 'postgres', 100, 500, 0],
    ]);
    proc.children(100, [101]);
    const sampler = sampleServerCpu(100, 1_000, proc.dir);
    proc.write(100, 'postgres', 1, 1010, 0); // +0.1 s
    proc.write(101, 'postgres', 100, 600, 0); // +1 s
    proc.write(102, 'postgres', 100, 900, 0); // not in the list: not read
    expect(sampler.stop()).toBeCloseTo(1.1, 5);
  });

  it('looks a backend up only for a server at a loopback address', () => {
    expect(isLocalServerUrl('postgres://postgres@127.0.0.1:5432/x')).toBe(true);
    expect(isLocalServerUrl('postgres://u@localhost/x')).toBe(true);
    expect(isLocalServerUrl('postgres://u@[::1]:5432/x')).toBe(true);
    expect(isLocalServerUrl('postgres:///x?host=/var/run/postgresql')).toBe(true);
    expect(isLocalServerUrl('postgres://u@db.example.com/x')).toBe(false);
    expect(isLocalServerUrl('not a url')).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'reads this process’s own CPU, and nothing for a process that does not exist',
    () => {
      expect(processCpuSeconds(process.pid)).toBeGreaterThanOrEqual(0);
      const proc = fakeProc([]);
      expect(processCpuSeconds(4242, proc.dir)).toBeUndefined();
    },
  );
});
