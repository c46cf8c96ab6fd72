import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';
import { type ArrivalServerOptions, startArrivalServer } from '../../helpers/arrival-server.js';
import { maxInAnyWindow, meanRatePerSecond } from '../../helpers/windows.js';

// Real clock, real HTTP, and a server in its own process: what the server sees.
const log = createSilentLogger();

/** Run `n` linescore calls through a fresh queue and client against a fresh server. */
async function burst(server: ArrivalServerOptions, queue: { maxRps: number; concurrency: number }, n: number) {
  const srv = await startArrivalServer(server);
  try {
    const q = createRequestQueue({ ...queue, maxAttempts: 3, retryAfterCapMs: 10_000, baseDelayMs: 1, log });
    const client = createApiClient({ baseUrl: srv.baseUrl, timeoutMs: 5000, queue: q, log });
    await Promise.all(Array.from({ length: n }, (_, i) => client.call('linescore', { game_pk: i + 1 })));
    return { seen: await srv.seen(), stats: q.stats };
  } finally {
    srv.close();
  }
}

describe('the rate as the server sees it', () => {
  it('never exceeds 20 requests in any sliding second over 50 calls at 20 rps, retries included', async () => {
    const { seen, stats } = await burst({ failEvery: 5, maxDelayMs: 40 }, { maxRps: 20, concurrency: 4 }, 50);
    const arrivals = seen.map((r) => r.at);
    expect(stats.retries).toBe(10);
    expect(arrivals).toHaveLength(60);
    expect(maxInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(20);
    expect(meanRatePerSecond(arrivals)).toBeGreaterThan(15); // and is not needlessly slow
  });

  it('never exceeds 5 requests in any sliding second at 5 rps, retries included', async () => {
    const { seen } = await burst({ failEvery: 4, maxDelayMs: 40 }, { maxRps: 5, concurrency: 8 }, 10);
    const arrivals = seen.map((r) => r.at);
    expect(arrivals).toHaveLength(12);
    expect(maxInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(5);
  });

  it('starts nothing while paused after a 429: no request reaches the server during Retry-After', async () => {
    // Three start together; the second gets a 429 at once while the other two are still in flight.
    const { seen, stats } = await burst(
      { tooManyAt: 1, retryAfterS: 1, fixedDelayMs: 200 },
      { maxRps: 100, concurrency: 3 },
      9,
    );
    expect(seen).toHaveLength(10);
    expect(seen[1]!.status).toBe(429);
    const pauseStart = seen[1]!.doneAt!;
    // 20 ms of slack: a request sent together with the 429'd one may reach the server just after it.
    expect(seen.filter((r) => r.at > pauseStart + 20 && r.at < pauseStart + 980)).toEqual([]);
    // Only the two sent with it were in flight during the pause; everything else came after it.
    expect(seen.filter((r) => r.at <= pauseStart + 20).length).toBe(3);
    expect(seen.filter((r) => r.at >= pauseStart + 980).length).toBe(7);
    expect(stats).toMatchObject({ pauses: 1, pausedMs: 1000 });
  });
});
