import { AbortedError } from '../errors.js';
import type { Clock } from './clock.js';

export interface SlidingWindowOptions {
  /** Most starts in any window. Must be a positive integer. */
  limit: number;
  /** Window length, milliseconds. */
  windowMs: number;
  clock: Clock;
}

/** The slot a start took, and the time it counts from; see {@link SlidingWindow.markSent}. */
export interface SlotTicket {
  readonly index: number;
  at: number;
}

export interface SlidingWindow {
  /**
   * Wait for a start slot and take it. Slots are handed out one at a time in call order. A start
   * is allowed once fewer than `limit` starts lie in the last `windowMs` and `notBefore()` (e.g. a
   * global pause) has passed; both are re-checked after every wait.
   * @throws AbortedError when `signal` aborts first (no slot is taken).
   */
  acquire(signal?: AbortSignal, notBefore?: () => number): Promise<SlotTicket>;
  /**
   * Count a start from now instead (never earlier): call it when the request has surely left — on
   * the next turn of the event loop, or when its answer came — so that a late send (busy event
   * loop, new connection) also delays the next window.
   */
  markSent(ticket: SlotTicket): void;
  /** Start times (clock ms) of the last `limit` starts, oldest first. */
  recent(): number[];
}

/**
 * A sliding-window rate limiter: a ring buffer of the last `limit` start times. A new start must be
 * at least `windowMs` after the start `limit` places back, so no window of `windowMs` ever holds
 * more than `limit` starts, whatever the alignment (unlike fixed interval windows, which let 2×
 * through across a boundary).
 */
export function createSlidingWindow(opts: SlidingWindowOptions): SlidingWindow {
  const { limit, windowMs, clock } = opts;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const starts: number[] = new Array(limit).fill(Number.NEGATIVE_INFINITY);
  let next = 0; // index of the oldest start = the slot the next start replaces
  let turn: Promise<void> = Promise.resolve();

  async function takeSlot(signal: AbortSignal | undefined, notBefore: () => number): Promise<SlotTicket> {
    for (;;) {
      if (signal?.aborted) throw new AbortedError();
      const now = clock.now();
      const at = Math.max(starts[next]! + windowMs, notBefore());
      if (now >= at) {
        const ticket = { index: next, at: now };
        starts[next] = now;
        next = (next + 1) % limit;
        return ticket;
      }
      await clock.sleep(at - now, signal);
    }
  }

  return {
    acquire(signal, notBefore = () => Number.NEGATIVE_INFINITY) {
      const mine = turn.then(() => takeSlot(signal, notBefore));
      turn = mine.then(
        () => {},
        () => {},
      );
      if (!signal) return mine;
      // Leave the line at once on abort; the chained turn then passes without taking a slot.
      return new Promise<SlotTicket>((resolve, reject) => {
        const onAbort = () => reject(new AbortedError());
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        mine.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    markSent(ticket) {
      // Only while the slot still holds this start (it is reused `limit` starts later).
      if (starts[ticket.index] !== ticket.at) return;
      ticket.at = Math.max(ticket.at, clock.now());
      starts[ticket.index] = ticket.at;
    },
    recent() {
      return [...starts.slice(next), ...starts.slice(0, next)].filter(Number.isFinite);
    },
  };
}
