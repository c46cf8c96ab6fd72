/** Most events in any half-open window `[t, t + windowMs)` of the sorted times. */
export function maxInAnyWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

/** Mean rate over the span of the times, per second (n − 1 intervals). */
export function meanRatePerSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length < 2) return 0;
  return ((sorted.length - 1) * 1000) / (sorted[sorted.length - 1]! - sorted[0]!);
}
