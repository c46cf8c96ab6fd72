import { AbortedError } from '../../src/errors.js';
import type { Clock } from '../../src/queue/index.js';

/**
 * Virtual time that moves only when everything is waiting: after a few idle turns of the event
 * loop, it jumps to the earliest sleeper and wakes it. Attempts in tests "take time" by sleeping
 * on this clock, so seconds of backoff and pauses run in milliseconds.
 */
export function createVirtualClock(start = 0): Clock & { sleeps: number[]; busy(ms: number): void } {
  let now = start;
  let seq = 0;
  const timers: Array<{ at: number; seq: number; wake: () => void }> = [];
  let running = false;
  const sleeps: number[] = [];

  async function advance() {
    if (running) return;
    running = true;
    try {
      while (timers.length > 0) {
        for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift();
        if (!next) break;
        now = Math.max(now, next.at);
        next.wake();
      }
    } finally {
      running = false;
    }
  }

  return {
    sleeps,
    /** Blocking work: time passes without the event loop turning. */
    busy(ms) {
      now += ms;
    },
    now: () => now,
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortedError());
        const timer = {
          at: now + Math.max(0, ms),
          seq: seq++,
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const i = timers.indexOf(timer);
          if (i >= 0) timers.splice(i, 1);
          reject(new AbortedError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        timers.push(timer);
        void advance();
      });
    },
  };
}

/**
 * Real time plus every sleep, which returns at once: for tests against a real HTTP server that must
 * see how long the queue *would* wait (Retry-After, backoff) without waiting.
 */
export function createJumpingClock(): Clock & { sleeps: number[] } {
  let offset = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => performance.now() + offset,
    async sleep(ms, signal) {
      if (signal?.aborted) throw new AbortedError();
      sleeps.push(ms);
      offset += Math.max(0, ms);
    },
  };
}
