import type { Logger } from 'pino';
import { type ApiClient, type AttemptOutcome, createApiClient } from '../api/index.js';
import type { Config } from '../config.js';
import { createRequestQueue, type RequestQueueOptions, type SharedSlots } from '../queue/index.js';

/**
 * How long without any answer from the API makes a refused connection or a failed DNS lookup mean
 * "no network" rather than a blip: a run's first request (a process, or a daemon between syncs, has
 * heard nothing lately) fails at once with one line, while mid-run, with answers arriving every
 * second, such a failure is retried as a blip until the API has been silent this long.
 */
export const UNREACHABLE_AFTER_MS = 30_000;

/** Queue settings beyond the configuration (tests shorten the backoff). */
export type QueueTuning = Pick<RequestQueueOptions, 'signal' | 'baseDelayMs' | 'maxDelayMs' | 'defaultPauseMs'>;

/**
 * The API client a command uses: one request queue (the process's whole politeness budget) from
 * the configuration, and the client on top of it. `tuning.signal` cancels queued work on shutdown.
 */
export function createConfiguredClient(
  config: Pick<
    Config,
    'statsapiBaseUrl' | 'maxRps' | 'concurrency' | 'maxAttempts' | 'retryAfterCapMs' | 'timeoutMs' | 'maxBodyBytes'
  >,
  log: Logger,
  tuning: QueueTuning = {},
  onAttempt?: (attempt: AttemptOutcome) => void,
  shared?: SharedSlots,
): ApiClient {
  const queue = createRequestQueue({
    maxRps: config.maxRps,
    concurrency: config.concurrency,
    maxAttempts: config.maxAttempts,
    retryAfterCapMs: config.retryAfterCapMs,
    log,
    shared,
    ...tuning,
  });
  return createApiClient({
    baseUrl: config.statsapiBaseUrl,
    timeoutMs: config.timeoutMs,
    queue,
    log,
    onAttempt,
    maxBodyBytes: config.maxBodyBytes,
    unreachableAfterMs: UNREACHABLE_AFTER_MS,
  });
}
