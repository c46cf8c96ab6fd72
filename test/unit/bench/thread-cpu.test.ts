import { describe, expect, it } from 'vitest';
import { threadCpuMs } from '../../../src/bench/thread-cpu.js';

const linux = process.platform === 'linux';

describe("a thread's CPU time", () => {
  it.runIf(linux)('counts what the thread computes and not the time it waits', () => {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    // Asleep for 200 ms: a wall clock would read 200.
    let before = threadCpuMs() as number;
    expect(Atomics.wait(cell, 0, 0, 200)).toBe('timed-out');
    expect((threadCpuMs() as number) - before).toBeLessThan(50);
    // Busy for 200 ms of wall: the thread's CPU advances with it (loosely: a busy machine takes cores away).
    before = threadCpuMs() as number;
    const until = performance.now() + 200;
    let n = 0;
    while (performance.now() < until) n++;
    expect(n).toBeGreaterThan(0);
    const busy = (threadCpuMs() as number) - before;
    expect(busy).toBeGreaterThan(20);
    expect(busy).toBeLessThan(1_000);
  });

  it('is a number on Linux and undefined elsewhere, and never goes back', () => {
    const a = threadCpuMs();
    const b = threadCpuMs();
    if (!linux) return expect(a).toBeUndefined();
    expect(typeof a).toBe('number');
    expect(b as number).toBeGreaterThanOrEqual(a as number);
  });
});
