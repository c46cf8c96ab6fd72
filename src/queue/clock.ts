import { AbortedError } from '../errors.js';

/** Time as the queue sees it; injectable so tests run on virtual time. */
export interface Clock {
  /** Milliseconds since an arbitrary epoch (monotonic in the system clock). */
  now(): number;
  /** Resolve after `ms` milliseconds; reject with {@link AbortedError} as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `performance.now()` and `setTimeout`. */
export function createSystemClock(): Clock {
  return {
    now: () => performance.now(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortedError());
        const onAbort = () => {
          clearTimeout(timer);
          reject(new AbortedError());
        };
        const timer = setTimeout(
          () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          Math.max(0, ms),
        );
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}
