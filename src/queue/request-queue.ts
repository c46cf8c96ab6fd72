import { setMaxListeners } from 'node:events';
import PQueue from 'p-queue';
import { AbortedError, ApiError, isRetryable } from '../errors.js';
import type { Logger } from '../logger.js';
import { backoffDelayMs } from './backoff.js';
import { type Clock, createSystemClock } from './clock.js';
import { createSlidingWindow } from './sliding-window.js';

export interface RequestQueueOptions {
  /**
   * Most request starts in any one-second window, sliding (not fixed) windows; retries count.
   * Config `STATSAPI_MAX_RPS`, default 5. A fraction above 1 is rounded down (2.5 → 2 per second);
   * below 1 it means one start per `1/maxRps` seconds.
   */
  maxRps: number;
  /** Most attempts in flight at once. Config `STATSAPI_CONCURRENCY`, default 4. */
  concurrency: number;
  /** Attempts per request, the first included, before its error reaches the caller. Config default 5. */
  maxAttempts: number;
  /**
   * Longest `Retry-After` honoured, milliseconds (config default 120000). A longer one ends the
   * request at once with its retryable error, so the caller's worklist defers it. Also the longest
   * global pause.
   */
  retryAfterCapMs: number;
  /** Backoff cap of the first retry, milliseconds. Default 500. */
  baseDelayMs?: number;
  /** Largest backoff cap, milliseconds. Default 30000. */
  maxDelayMs?: number;
  /** Global pause after a 429 or 503 that carries no `Retry-After`, milliseconds. Default 5000. */
  defaultPauseMs?: number;
  /**
   * Added to the one-second window, milliseconds, so that the spread in how long requests take to
   * leave (fetch warm-up, new connections) cannot squeeze `maxRps + 1` arrivals into one second
   * at the server. Default 100, which lowers the sustained rate to `maxRps` per 1.1 s. A new TLS
   * connection on a slow link can lag more than this, so the server-side bound is as good as this
   * margin.
   */
  windowMarginMs?: number;
  /**
   * After this long without a finished attempt, milliseconds, the HTTP connections are probably
   * closed (undici's keep-alive default is 4 s) and the next requests leave late, after a connect
   * (or, in a new process, after fetch warms up). Such "cold" attempts count against the rate from
   * when they finish, which is never before the server saw them. Default 4000.
   */
  coldAfterIdleMs?: number;
  /** Time source for the rate window, backoff and pauses. Default: the system clock. */
  clock?: Clock;
  /**
   * A budget shared with other processes (every dugout process of one Postgres database): each
   * attempt also waits for a start time it grants, and a 429/503 here pauses them all.
   */
  shared?: SharedSlots;
  /** Uniform [0, 1) source for backoff jitter. Default `Math.random`. */
  random?: () => number;
  /** Required. Retries and pauses are logged at `warn`. */
  log: Logger;
  /** Shutdown: aborting rejects queued and sleeping requests with `AbortedError` and aborts in-flight attempts. */
  signal?: AbortSignal;
}

/** Start times granted by a budget several processes share (see pipeline/request-budget.ts). */
export interface SharedSlots {
  /** Resolve at a start time granted to this process. @throws AbortedError when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<void>;
  /** Pause every process for `ms` (a 429/503 seen here). */
  pause(ms: number): void;
}

/** Counters since the queue was created. */
export interface QueueStats {
  /** Attempts started (each one went through the rate window). */
  requests: number;
  /** Attempts that were retries. */
  retries: number;
  /** Requests that ended with a result. */
  succeeded: number;
  /** Requests that ended with an error (aborts excluded). */
  failed: number;
  /** Of `failed`: retryable errors given up on (attempts exhausted, or Retry-After above the cap). */
  gaveUp: number;
  /** Global pauses (429/503 or `pause()`). */
  pauses: number;
  /** Total time the queue was paused, milliseconds (overlapping pauses counted once). */
  pausedMs: number;
}

export interface RunOptions {
  /** Higher runs first among queued attempts. Default 0. */
  priority?: number;
  /** Cancels this request only. */
  signal?: AbortSignal;
}

export interface RequestQueue {
  /**
   * Run `attempt` until it succeeds, a non-retryable error occurs, or attempts run out. Every attempt
   * is queued anew, waits for a start slot in the rate window and for any global pause, and gets an
   * `AbortSignal` that aborts on shutdown or on this request's own signal.
   */
  run<T>(attempt: (signal: AbortSignal) => Promise<T>, opts?: RunOptions): Promise<T>;
  /** Backpressure for producers: resolves once fewer than `n` attempts wait for a slot. */
  onSizeLessThan(n: number): Promise<void>;
  /** Attempts waiting for a concurrency slot. */
  readonly size: number;
  /** Attempts holding a concurrency slot (waiting for the rate window, or in flight). */
  readonly pending: number;
  /** Start nothing for `ms` milliseconds (extends, never shortens, a current pause). */
  pause(ms: number): void;
  /** Resolves when no request is queued, running or sleeping before a retry. */
  onIdle(): Promise<void>;
  readonly stats: QueueStats;
}

/**
 * Create the shared, polite request queue: p-queue for concurrency, priority and backpressure; a
 * sliding one-second window for the rate; retries with exponential backoff and full jitter that
 * honour `Retry-After` up to a cap; a global pause on 429 and 503.
 */
export function createRequestQueue(opts: RequestQueueOptions): RequestQueue {
  const clock = opts.clock ?? createSystemClock();
  const random = opts.random ?? Math.random;
  const { log, maxAttempts, retryAfterCapMs } = opts;
  const backoff = { baseDelayMs: opts.baseDelayMs ?? 500, maxDelayMs: opts.maxDelayMs ?? 30_000, random };
  const defaultPauseMs = opts.defaultPauseMs ?? 5_000;
  if (!(opts.maxRps > 0)) throw new RangeError(`maxRps must be positive, got ${opts.maxRps}`);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  const margin = opts.windowMarginMs ?? 100;
  const window = createSlidingWindow({
    limit: Math.max(1, Math.floor(opts.maxRps)),
    windowMs: (opts.maxRps >= 1 ? 1000 : 1000 / opts.maxRps) + margin,
    clock,
  });
  const pq = new PQueue({ concurrency: opts.concurrency });
  const stats: QueueStats = { requests: 0, retries: 0, succeeded: 0, failed: 0, gaveUp: 0, pauses: 0, pausedMs: 0 };
  // Every queued attempt listens on the shutdown signal; thousands are normal, not a leak.
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal);
  if (opts.signal?.aborted) shutdown.abort();
  else opts.signal?.addEventListener('abort', () => shutdown.abort(), { once: true });
  let pausedUntil = Number.NEGATIVE_INFINITY;
  const coldAfterIdleMs = opts.coldAfterIdleMs ?? 4_000;
  let lastFinishedAt = Number.NEGATIVE_INFINITY;
  let active = 0;
  let idleWaiters: Array<() => void> = [];

  function pause(ms: number): void {
    const now = clock.now();
    const until = now + Math.max(0, ms);
    if (until <= pausedUntil) return;
    stats.pausedMs += Math.round(until - Math.max(now, pausedUntil));
    stats.pauses++;
    pausedUntil = until;
    log.warn({ pauseMs: Math.round(until - now) }, 'request queue paused');
  }

  /**
   * On 429/503, pause everyone. Runs inside the task, before its concurrency slot is released, so the
   * next queued attempt already sees the pause.
   */
  function pauseIfAsked(err: unknown): void {
    if (!(err instanceof ApiError) || (err.status !== 429 && err.status !== 503)) return;
    const ms = Math.min(err.retryAfterMs ?? defaultPauseMs, retryAfterCapMs);
    pause(ms);
    opts.shared?.pause(ms);
  }

  /** Delay before the next attempt, or throw `err` when there is none. */
  function planRetry(err: unknown, failures: number): number {
    if (!isRetryable(err)) throw err;
    const retryAfterMs = err instanceof ApiError ? err.retryAfterMs : undefined;
    if (retryAfterMs !== undefined && retryAfterMs > retryAfterCapMs) {
      stats.gaveUp++;
      log.warn({ err, retryAfterMs, retryAfterCapMs }, 'request given up: Retry-After above the cap');
      throw err;
    }
    if (failures >= maxAttempts) {
      stats.gaveUp++;
      throw err;
    }
    return retryAfterMs ?? backoffDelayMs(failures, backoff);
  }

  async function attemptLoop<T>(
    attempt: (signal: AbortSignal) => Promise<T>,
    run: RunOptions,
    signal: AbortSignal,
  ): Promise<T> {
    for (let failures = 0; ; ) {
      if (signal.aborted) throw new AbortedError('request cancelled');
      try {
        return await pq.add(
          async () => {
            const ticket = await window.acquire(signal, () => pausedUntil);
            if (opts.shared) await opts.shared.acquire(signal);
            stats.requests++;
            const cold = ticket.at - lastFinishedAt > coldAfterIdleMs;
            // The request leaves when the event loop next gets a turn; a loop busy with other work
            // (parsing a big body) sends it late, so count it from then at the earliest.
            setImmediate(() => window.markSent(ticket));
            try {
              return await attempt(signal);
            } catch (err) {
              pauseIfAsked(err);
              throw err;
            } finally {
              lastFinishedAt = clock.now();
              if (cold) window.markSent(ticket);
            }
          },
          { priority: run.priority ?? 0, signal },
        );
      } catch (err) {
        if (signal.aborted) throw err instanceof AbortedError ? err : new AbortedError('request cancelled');
        failures++;
        const delayMs = planRetry(err, failures);
        stats.retries++;
        log.warn({ err, attempt: failures, delayMs }, 'request retrying');
        await clock.sleep(delayMs, signal);
      }
    }
  }

  function notifyIdle(): void {
    if (active !== 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  }

  return {
    async run(attempt, run = {}) {
      const signal = run.signal ? AbortSignal.any([shutdown.signal, run.signal]) : shutdown.signal;
      active++;
      try {
        const result = await attemptLoop(attempt, run, signal);
        stats.succeeded++;
        return result;
      } catch (err) {
        if (!(err instanceof AbortedError)) stats.failed++;
        throw err;
      } finally {
        active--;
        if (active === 0) setImmediate(notifyIdle); // after the caller's own continuations
      }
    },
    onSizeLessThan: (n) => pq.onSizeLessThan(n),
    get size() {
      return pq.size;
    },
    get pending() {
      return pq.pending;
    },
    pause,
    onIdle() {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stats,
  };
}
