/** Options of {@link backoffDelayMs}. */
export interface BackoffOptions {
  /** Delay cap of the first retry, milliseconds. */
  baseDelayMs: number;
  /** Largest delay cap, milliseconds. */
  maxDelayMs: number;
  /** Uniform random number in [0, 1). */
  random: () => number;
}

/**
 * Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"):
 * a uniform delay in `[0, min(maxDelayMs, baseDelayMs · 2^(failures−1)))`.
 *
 * @param failures attempts that have failed so far (1 after the first failure).
 */
export function backoffDelayMs(failures: number, opts: BackoffOptions): number {
  const cap = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(opts.random() * cap);
}
