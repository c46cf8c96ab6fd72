import { describe, expect, it, vi } from 'vitest';
import { AbortedError, HttpStatusError, NetworkError, RequestTimeoutError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import {
  type Clock,
  createRequestQueue,
  createSystemClock,
  type RequestQueueOptions,
} from '../../../src/queue/index.js';
import { createVirtualClock } from '../../helpers/clocks.js';
import { maxInAnyWindow } from '../../helpers/windows.js';

const log = createSilentLogger();
const URL_ = 'http://x/v1/y';

function makeQueue(clock: Clock, over: Partial<RequestQueueOptions> = {}) {
  return createRequestQueue({
    maxRps: 100,
    concurrency: 4,
    maxAttempts: 5,
    retryAfterCapMs: 60_000,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    windowMarginMs: 0,
    random: () => 0.5,
    clock,
    log,
    ...over,
  });
}

/** An attempt that fails with the given errors in turn, then answers `ok`; records its start times. */
function scripted(clock: Clock, failures: Error[], durationMs = 10) {
  const starts: number[] = [];
  const attempt = async () => {
    starts.push(clock.now());
    await clock.sleep(durationMs);
    const err = failures.shift();
    if (err) throw err;
    return 'ok';
  };
  return { attempt, starts };
}

describe('the request queue', () => {
  it('retries retryable errors with exponential backoff and full jitter, then succeeds', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock);
    const { attempt, starts } = scripted(clock, [
      new HttpStatusError(URL_, 500),
      new NetworkError(URL_, new Error('reset')),
      new RequestTimeoutError(URL_, 5),
    ]);
    await expect(queue.run(attempt)).resolves.toBe('ok');
    // random 0.5 → half of 1000, 2000, 4000 after each 10 ms attempt
    expect(starts).toEqual([0, 510, 1520, 3530]);
    expect(queue.stats).toMatchObject({ requests: 4, retries: 3, succeeded: 1, failed: 0 });
  });

  it('gives up after maxAttempts with the last retryable error', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { maxAttempts: 3 });
    const errors = [1, 2, 3].map(() => new HttpStatusError(URL_, 502));
    const { attempt, starts } = scripted(clock, [...errors]);
    await expect(queue.run(attempt)).rejects.toBe(errors[2]);
    expect(starts).toHaveLength(3);
    expect(queue.stats).toMatchObject({ requests: 3, retries: 2, failed: 1, gaveUp: 1 });
  });

  it('does not retry a non-retryable error (404)', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock);
    const notFound = new HttpStatusError(URL_, 404);
    const { attempt, starts } = scripted(clock, [notFound]);
    await expect(queue.run(attempt)).rejects.toBe(notFound);
    expect(starts).toEqual([0]);
    expect(queue.stats.retries).toBe(0);
  });

  it('waits exactly the Retry-After period instead of the backoff', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock);
    const { attempt, starts } = scripted(clock, [new HttpStatusError(URL_, 500, 7000)]);
    await queue.run(attempt);
    expect(starts).toEqual([0, 7010]);
  });

  it('gives up at once, with the retryable error, when Retry-After is above the cap', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { retryAfterCapMs: 10_000 });
    const tooLong = new HttpStatusError(URL_, 429, 3_600_000);
    const { attempt, starts } = scripted(clock, [tooLong]);
    const err = await queue.run(attempt).catch((e: unknown) => e);
    expect(err).toBe(tooLong);
    expect((err as HttpStatusError).retryable).toBe(true);
    expect(starts).toEqual([0]);
    expect(queue.stats.gaveUp).toBe(1);
    // The queue still pauses for the cap: the server asked everyone to slow down.
    expect(queue.stats.pausedMs).toBe(10_000);
  });

  it('pauses the whole queue on 429: no attempt starts during the Retry-After period', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { concurrency: 2 });
    const starts: Array<{ id: number; at: number }> = [];
    let first = true;
    const attempt = (id: number) => async () => {
      starts.push({ id, at: clock.now() });
      await clock.sleep(100);
      if (id === 0 && first) {
        first = false;
        throw new HttpStatusError(URL_, 429, 3000);
      }
      return id;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((id) => queue.run(attempt(id))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    // 0 and 1 start at 0; 0 gets the 429 at 100: nothing starts in (100, 3100).
    const during = starts.filter((s) => s.at > 100 && s.at < 3100);
    expect(during).toEqual([]);
    expect(starts.filter((s) => s.at >= 3100)).toHaveLength(5);
    expect(queue.stats).toMatchObject({ pauses: 1, pausedMs: 3000 });
  });

  it('pauses a few seconds (defaultPauseMs) on a 503 without Retry-After', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { defaultPauseMs: 4000, concurrency: 1 });
    const { attempt, starts } = scripted(clock, [new HttpStatusError(URL_, 503)]);
    await queue.run(attempt);
    expect(starts).toEqual([0, 4010]);
  });

  it('counts retries against the rate: every attempt takes a slot in the sliding window', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { maxRps: 5, concurrency: 10, baseDelayMs: 1 });
    const starts: number[] = [];
    const attempt = (i: number) => {
      let failed = false;
      return async () => {
        starts.push(clock.now());
        await clock.sleep(1);
        if (i % 2 === 0 && !failed) {
          failed = true;
          throw new HttpStatusError(URL_, 500);
        }
        return i;
      };
    };
    await Promise.all(Array.from({ length: 30 }, (_, i) => queue.run(attempt(i))));
    expect(starts).toHaveLength(45);
    expect(queue.stats.requests).toBe(45);
    expect(maxInAnyWindow(starts, 1000)).toBe(5);
  });

  it('counts an attempt against the rate from when the busy event loop let it leave', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { maxRps: 1, concurrency: 2 });
    const starts: number[] = [];
    await Promise.all([
      queue.run(async () => {
        starts.push(clock.now());
        clock.busy(300); // e.g. parsing a big body right after the fetch was issued
      }),
      queue.run(async () => {
        starts.push(clock.now());
      }),
    ]);
    expect(starts).toEqual([0, 1300]);
  });

  it('counts a cold attempt (nothing finished for a while: new connections) from when it finishes', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { maxRps: 1, concurrency: 1, coldAfterIdleMs: 4000 });
    const starts: number[] = [];
    const slow = async () => {
      starts.push(clock.now());
      await clock.sleep(300);
    };
    await Promise.all([queue.run(slow), queue.run(slow), queue.run(slow)]);
    // The first is cold: its second counts from 300. The second is warm: the third follows 1 s after it.
    expect(starts).toEqual([0, 1300, 2300]);
    await clock.sleep(5000); // idle long enough to be cold again
    await Promise.all([queue.run(slow), queue.run(slow)]);
    expect(starts.slice(3)).toEqual([7600, 8900]);
  });

  it('serves higher priority first among queued attempts', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { concurrency: 1 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await clock.sleep(10);
    };
    await Promise.all([
      queue.run(job('first')),
      queue.run(job('low'), { priority: 0 }),
      queue.run(job('high'), { priority: 10 }),
    ]);
    expect(order).toEqual(['first', 'high', 'low']);
  });

  it('gives producers backpressure through onSizeLessThan', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { concurrency: 1 });
    const runs = Array.from({ length: 6 }, () => queue.run(() => clock.sleep(100)));
    await Promise.resolve();
    expect(queue.size).toBeGreaterThanOrEqual(4);
    await queue.onSizeLessThan(2);
    expect(queue.size).toBeLessThan(2);
    expect(clock.now()).toBeGreaterThanOrEqual(300);
    await Promise.all(runs);
  });

  it('on shutdown rejects queued and sleeping requests with AbortedError and aborts the one in flight', async () => {
    const clock = createVirtualClock();
    const shutdown = new AbortController();
    const queue = makeQueue(clock, { concurrency: 1, signal: shutdown.signal });
    let inFlightSignal: AbortSignal | undefined;
    const hanging = queue.run(
      (signal) =>
        new Promise((_, reject) => {
          inFlightSignal = signal;
          signal.addEventListener('abort', () => reject(new AbortedError('fetch aborted')));
        }),
    );
    const queued = [1, 2, 3].map(() => queue.run(async () => 'never'));
    // A second queue on the real clock whose request sleeps 50 s before its retry.
    const sleepingQueue = makeQueue(createSystemClock(), { signal: shutdown.signal, baseDelayMs: 100_000 });
    const sleeping = sleepingQueue.run(() => Promise.reject(new HttpStatusError(URL_, 500)));
    await vi.waitFor(() => expect(sleepingQueue.stats.retries).toBe(1));
    expect(inFlightSignal?.aborted).toBe(false);
    shutdown.abort();
    for (const p of [hanging, ...queued, sleeping]) await expect(p).rejects.toBeInstanceOf(AbortedError);
    expect(inFlightSignal?.aborted).toBe(true);
    await expect(queue.run(async () => 1)).rejects.toBeInstanceOf(AbortedError);
    expect(queue.stats.failed).toBe(0);
  });

  it('cancels one request by its own signal without touching the others', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock, { concurrency: 1 });
    const mine = new AbortController();
    const first = queue.run(() => clock.sleep(100).then(() => 'a'));
    const cancelled = queue.run(async () => 'b', { signal: mine.signal });
    const third = queue.run(async () => 'c');
    mine.abort();
    await expect(cancelled).rejects.toBeInstanceOf(AbortedError);
    await expect(Promise.all([first, third])).resolves.toEqual(['a', 'c']);
  });

  it('is idle only when nothing is queued, running or waiting to retry', async () => {
    const clock = createVirtualClock();
    const queue = makeQueue(clock);
    const { attempt } = scripted(clock, [new HttpStatusError(URL_, 500)]);
    let done = false;
    void queue.run(attempt).then(() => {
      done = true;
    });
    await queue.onIdle();
    expect(done).toBe(true);
    expect(queue.stats.retries).toBe(1);
  });
});
