import { sleep } from '../sleep.js';

/** Time as the queue sees it; injectable so tests run on virtual time. */
export interface Clock {
  /** Milliseconds since an arbitrary epoch (monotonic in the system clock). */
  now(): number;
  /** Resolve after `ms` milliseconds; reject with an `AbortedError` as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `performance.now()` and {@link sleep}. */
export function createSystemClock(): Clock {
  return {
    now: () => performance.now(),
    sleep,
  };
}
