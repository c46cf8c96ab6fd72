import type { Logger } from 'pino';
import { pauseRequests, readPausedUntil, takeRequestSlots } from '../db/queries/request-budget.js';
import type { Executor } from '../db/client.js';
import { AbortedError, describeError } from '../errors.js';
import type { SharedSlots } from '../queue/index.js';
import { sleep } from '../sleep.js';

/** Where the shared budget lives: `ingest.request_budget` and `ingest.take_request_slots` in Postgres. */
export interface BudgetStore {
  /** Up to `batch` start times, server-clock epoch ms, with the server's clock when it granted them. */
  take(batch: number, limit: number, windowMs: number): Promise<Array<{ at: number; now: number }>>;
  /** Server-clock epoch ms until which a 429/503 pauses every process, or null. */
  pausedUntil(): Promise<number | null>;
  /** Record a pause of `ms` for every process. */
  pause(ms: number): Promise<void>;
}

export interface SharedBudgetOptions {
  /** STATSAPI_MAX_RPS: the combined rate of every process sharing the database. */
  maxRps: number;
  /** Added to the window like the local limiter's margin (late sends cannot squeeze in an extra start). Default 100. */
  windowMarginMs?: number;
  log: Logger;
}

/** A slot waited for longer than this is checked against a pause recorded meanwhile. */
const LONG_WAIT_MS = 250;
/** The server clock is read off the quickest of this many latest grants. */
const CLOCK_SAMPLES = 32;

/**
 * The request budget every dugout process sharing one Postgres draws from. Start times are granted
 * by `ingest.take_request_slots` under a row lock, spaced on the server's clock so that no window
 * of one second (plus the margin) holds more than `maxRps` starts from all processes together,
 * retries included. A process takes a few at a time (a tenth of a second's worth: one round trip
 * per request at 5/s, one per 100 at 1000/s) and waits for each; a slot it could not use in time
 * is dropped, never used late. A 429/503 records a pause that no later grant precedes.
 */
export function createSharedBudget(db: Executor, opts: SharedBudgetOptions): SharedSlots {
  return createBudgetSlots(
    {
      take: (batch, limit, windowMs) => takeRequestSlots(db, batch, limit, windowMs),
      pausedUntil: () => readPausedUntil(db),
      pause: (ms) => pauseRequests(db, ms),
    },
    opts,
  );
}

/** {@link createSharedBudget} over any store (tests give one with a scripted clock and delays). */
export function createBudgetSlots(store: BudgetStore, opts: SharedBudgetOptions): SharedSlots {
  const margin = opts.windowMarginMs ?? 100;
  const limit = Math.max(1, Math.floor(opts.maxRps));
  const windowMs = Math.round((opts.maxRps >= 1 ? 1000 : 1000 / opts.maxRps) + margin);
  const batch = Math.max(1, Math.min(limit, Math.ceil(limit / 10)));
  /** Granted start times, local clock ms, in order. */
  const slots: number[] = [];
  let refilling: Promise<void> | undefined;
  /** Latest grants' round trips and what each says the server clock minus the local clock is. */
  const samples: Array<{ rtt: number; offset: number }> = [];

  /**
   * Server clock minus local clock. A grant's clock reading lies somewhere in its round trip, which
   * includes the wait for the budget's row lock and, on a loaded host, for a turn of the event loop:
   * taking the midpoint of a round trip of 300 ms can be wrong by 150 ms, enough to start a request
   * before its slot. So the estimate comes from the quickest recent round trip, whose error is at
   * most half of it; older samples age out, so a clock that was stepped is followed.
   */
  function offset(): number {
    let best = samples[0];
    for (const s of samples) if (s.rtt <= best!.rtt) best = s;
    return best?.offset ?? 0;
  }

  /** Local time until which another process's 429/503 holds every request (0 when none). */
  async function pausedUntil(): Promise<number> {
    const until = await store.pausedUntil();
    return until ? until - offset() : 0;
  }

  async function refill(): Promise<void> {
    const sent = Date.now();
    const rows = await store.take(batch, limit, windowMs);
    const received = Date.now();
    if (rows.length === 0) return;
    samples.push({ rtt: received - sent, offset: rows[0]!.now - (sent + received) / 2 });
    if (samples.length > CLOCK_SAMPLES) samples.shift();
    const toLocal = offset();
    for (const r of rows) slots.push(r.at - toLocal);
  }

  return {
    async acquire(signal) {
      for (;;) {
        if (signal.aborted) throw new AbortedError('request cancelled');
        const now = Date.now();
        // A slot more than half the margin in the past would be a late start: drop it.
        while (slots.length > 0 && slots[0]! < now - margin / 2) slots.shift();
        const at = slots.shift();
        if (at !== undefined) {
          if (at > now) await sleep(at - now, signal);
          // A timer that fired late (a busy event loop, a loaded host) would make a late start too.
          if (Date.now() > at + margin / 2) continue;
          // A slot waited for a while may have been granted before another process's 429/503:
          // ask once more, and honour the pause instead.
          if (at - now > LONG_WAIT_MS) {
            const until = await pausedUntil().catch(() => 0);
            if (until > Date.now()) {
              slots.length = 0;
              await sleep(until - Date.now(), signal);
              continue;
            }
            // That round trip may itself have made the start late.
            if (Date.now() > at + margin / 2) continue;
          }
          return;
        }
        refilling ??= refill().finally(() => {
          refilling = undefined;
        });
        await refilling;
      }
    },
    pause(ms) {
      slots.length = 0; // granted before the pause: not to be used
      store
        .pause(ms)
        .catch((err) => opts.log.warn({ err: describeError(err) }, 'could not record the pause for the other workers'));
    },
  };
}
