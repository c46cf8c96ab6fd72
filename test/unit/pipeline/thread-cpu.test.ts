import { describe, expect, it } from 'vitest';
import { threadCpuMs, timed } from '../../../src/pipeline/thread-cpu.js';

const linux = process.platform === 'linux';

describe("a thread's CPU time", () => {
  it.runIf(linux)('counts what the thread computes and not the time it waits', () => {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    // Asleep for 200 ms: a wall clock would read 200.
    const asleep = timed(() => Atomics.wait(cell, 0, 0, 200));
    expect(asleep.result).toBe('timed-out');
    expect(asleep.ms).toBeLessThan(50);
    // Busy for 200 ms of wall: the thread's CPU advances with it (loosely: a busy machine takes cores away).
    const busy = timed(() => {
      const until = performance.now() + 200;
      let n = 0;
      while (performance.now() < until) n++;
      return n;
    });
    expect(busy.result).toBeGreaterThan(0);
    expect(busy.ms).toBeGreaterThan(20);
    expect(busy.ms).toBeLessThan(1_000);
  });

  it('is not read when nobody collects it', () => {
    expect(timed(() => 7, false)).toEqual({ result: 7, ms: 0 });
  });

  it('is a number on Linux and undefined elsewhere, and never goes back', () => {
    const a = threadCpuMs();
    const b = threadCpuMs();
    if (!linux) return expect(a).toBeUndefined();
    expect(typeof a).toBe('number');
    expect(b as number).toBeGreaterThanOrEqual(a as number);
  });
});
