/**
 * Measure the request rate as a server sees it: start a stand-in server in its own process (so its
 * clock is not delayed by the client's event loop), send `--requests` calls through the real client
 * and queue at `--rps`, fail the first attempt of every `--fail-every`-th call with a 500 (so retries
 * count), and report the most arrivals in any sliding one-second window and the mean rate.
 *
 *   node --import tsx scripts/measure-rate.ts --rps 5 --requests 50
 *   node --import tsx scripts/measure-rate.ts --rps 20 --requests 200 --concurrency 4 --fail-every 5
 */
import { parseArgs } from 'node:util';
import { createApiClient } from '../src/api/index.js';
import { createSilentLogger } from '../src/logger.js';
import { createRequestQueue } from '../src/queue/index.js';
import { startArrivalServer } from '../test/helpers/arrival-server.js';
import { maxInAnyWindow } from '../test/helpers/windows.js';

const { values } = parseArgs({
  options: {
    rps: { type: 'string', default: '5' },
    requests: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
    'fail-every': { type: 'string', default: '5' },
    'max-delay-ms': { type: 'string', default: '40' },
  },
});
const rps = Number(values.rps);
const n = Number(values.requests);

const server = await startArrivalServer({
  failEvery: Number(values['fail-every']),
  maxDelayMs: Number(values['max-delay-ms']),
});
const log = createSilentLogger();
const queue = createRequestQueue({
  maxRps: rps,
  concurrency: Number(values.concurrency),
  maxAttempts: 3,
  retryAfterCapMs: 10_000,
  baseDelayMs: 1,
  log,
});
const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 10_000, queue, log });
const started = performance.now();
let arrivals: number[];
try {
  await Promise.all(Array.from({ length: n }, (_, i) => client.call('linescore', { game_pk: i + 1 })));
  arrivals = (await server.seen()).map((r) => r.at).sort((a, b) => a - b);
} finally {
  server.close();
}
const elapsedMs = performance.now() - started;
const spanMs = arrivals[arrivals.length - 1]! - arrivals[0]!;
console.log(
  JSON.stringify({
    maxRps: rps,
    calls: n,
    requestsSeen: arrivals.length,
    retries: queue.stats.retries,
    maxInAnySlidingSecond: maxInAnyWindow(arrivals, 1000),
    // requests seen / wall time of the run, and (n − 1) / span between the first and last arrival
    meanRatePerSecond: Number(((arrivals.length * 1000) / elapsedMs).toFixed(2)),
    spanRatePerSecond: Number((((arrivals.length - 1) * 1000) / spanMs).toFixed(2)),
    elapsedMs: Math.round(elapsedMs),
  }),
);
