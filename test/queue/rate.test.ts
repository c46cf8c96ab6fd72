import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createSilentLogger } from '../../src/logger.js';
import { createRequestQueue } from '../../src/queue/index.js';
import { fixture, startTestServer, type TestServer } from '../api/support/test-server.js';
import { maxInAnyWindow, meanRatePerSecond } from './support/windows.js';

// Real clock, real HTTP: what the server sees.
const log = createSilentLogger();
const LINESCORE = fixture('linescore/744914_2024R_HOU-at-TOR.json');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Run `n` linescore calls; the first attempt of every `failEvery`-th game gets a 500. */
async function burst(opts: { maxRps: number; n: number; failEvery: number; concurrency?: number }) {
  const start = server.seen.length;
  const failedOnce = new Set<string>();
  server.handle((url) => {
    const game = Number(/game\/(\d+)/.exec(url)?.[1]);
    if (game % opts.failEvery === 0 && !failedOnce.has(url)) {
      failedOnce.add(url);
      return { status: 500, body: '{}', delayMs: 5 };
    }
    return { body: LINESCORE, delayMs: Math.floor(Math.random() * 40) };
  });
  const queue = createRequestQueue({
    maxRps: opts.maxRps,
    concurrency: opts.concurrency ?? 4,
    maxAttempts: 3,
    retryAfterCapMs: 10_000,
    baseDelayMs: 1,
    log,
  });
  const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 5000, queue, log });
  await Promise.all(Array.from({ length: opts.n }, (_, i) => client.call('linescore', { game_pk: i + 1 })));
  const arrivals = server.seen.slice(start).map((r) => r.at);
  return { arrivals, retries: queue.stats.retries };
}

describe('the rate as the server sees it', () => {
  it('never exceeds 20 requests in any sliding second over 50 calls at 20 rps, retries included', async () => {
    const { arrivals, retries } = await burst({ maxRps: 20, n: 50, failEvery: 5 });
    expect(retries).toBe(10);
    expect(arrivals).toHaveLength(60);
    expect(maxInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(20);
    expect(meanRatePerSecond(arrivals)).toBeGreaterThan(15); // and is not needlessly slow
  });

  it('never exceeds 5 requests in any sliding second at 5 rps, retries included', async () => {
    const { arrivals } = await burst({ maxRps: 5, n: 10, failEvery: 4, concurrency: 8 });
    expect(arrivals).toHaveLength(12);
    expect(maxInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(5);
  });

  it('starts nothing while paused after a 429: no request reaches the server during Retry-After', async () => {
    const start = server.seen.length;
    // Three start together; the second gets a 429 at once while the other two are still in flight.
    server.handle((_url, index) =>
      index - start === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: '{}' } : { body: LINESCORE, delayMs: 200 },
    );
    const queue = createRequestQueue({ maxRps: 100, concurrency: 3, maxAttempts: 3, retryAfterCapMs: 10_000, log });
    const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 5000, queue, log });
    await Promise.all(Array.from({ length: 9 }, (_, i) => client.call('linescore', { game_pk: i + 1 })));
    const seen = server.seen.slice(start);
    expect(seen).toHaveLength(10);
    const pauseStart = seen[1]!.doneAt!;
    expect(seen[1]!.status).toBe(429);
    // 20 ms of slack: a request sent together with the 429'd one may reach the server just after it.
    expect(seen.filter((r) => r.at > pauseStart + 20 && r.at < pauseStart + 980)).toEqual([]);
    // Only the two sent with it were in flight during the pause; everything else came after it.
    expect(seen.filter((r) => r.at <= pauseStart + 20).length).toBe(3);
    expect(seen.filter((r) => r.at >= pauseStart + 980).length).toBe(7);
    expect(queue.stats).toMatchObject({ pauses: 1, pausedMs: 1000 });
  });
});
