import { AbortedError } from './errors.js';

/**
 * Resolve after `ms` milliseconds (at once for `ms <= 0`); reject with {@link AbortedError} as soon
 * as `signal` aborts, or at once when it already has. The one timed wait of dugout: the queue's
 * system clock, the shared request budget and the load's wait for a lapsed lease all use it.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
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
  });
}
