import type { Logger } from 'pino';
import { pauseRequests, readPausedUntil, takeRequestSlots } from '../db/queries/request-budget.js';
import type { Executor } from '../db/rows.js';
import { AbortedError, describeError } from '../errors.js';
import type { SharedSlots } from '../queue/index.js';

export interface SharedBudgetOptions {
  /** STATSAPI_MAX_RPS: the combined rate of every process sharing the database. */
  maxRps: number;
  /** Added to the window like the local limiter's margin (late sends cannot squeeze in an extra start). Default 100. */
  windowMarginMs?: number;
  log: Logger;
}

/**
 * The request budget every dugout process sharing one Postgres draws from. Start times are granted
 * by `ingest.take_request_slots` under a row lock, spaced on the server's clock so that no window
 * of one second (plus the margin) holds more than `maxRps` starts from all processes together,
 * retries included. A process takes a few at a time (a tenth of a second's worth: one round trip
 * per request at 5/s, one per 100 at 1000/s) and waits for each; a slot it could not use in time
 * is dropped, never used late. A 429/503 records a pause that no later grant precedes.
 */
/** A slot waited for longer than this is checked against a pause recorded meanwhile. */
const LONG_WAIT_MS = 250;

export function createSharedBudget(db: Executor, opts: SharedBudgetOptions): SharedSlots {
  const margin = opts.windowMarginMs ?? 100;
  const limit = Math.max(1, Math.floor(opts.maxRps));
  const windowMs = Math.round((opts.maxRps >= 1 ? 1000 : 1000 / opts.maxRps) + margin);
  const batch = Math.max(1, Math.min(limit, Math.ceil(limit / 10)));
  /** Granted start times, local clock ms, in order. */
  const slots: number[] = [];
  let refilling: Promise<void> | undefined;
  /** Server clock minus local clock, from the last grant. */
  let offset = 0;

  /** Local time until which another process's 429/503 holds every request (0 when none). */
  async function pausedUntil(): Promise<number> {
    const until = await readPausedUntil(db);
    return until ? until - offset : 0;
  }

  async function refill(): Promise<void> {
    const sent = Date.now();
    const rows = await takeRequestSlots(db, batch, limit, windowMs);
    const received = Date.now();
    if (rows.length === 0) return;
    // Server clock → local clock, assuming the grant happened halfway through the round trip.
    offset = rows[0]!.now - (sent + received) / 2;
    for (const r of rows) slots.push(r.at - offset);
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
      pauseRequests(db, ms).catch((err) =>
        opts.log.warn({ err: describeError(err) }, 'could not record the pause for the other workers'),
      );
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError('request cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
