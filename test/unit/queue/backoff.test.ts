import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../../src/queue/index.js';

describe('exponential backoff with full jitter', () => {
  it('draws uniformly below a cap that doubles per failure up to maxDelayMs', () => {
    const top = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, top))).toEqual([99, 199, 399, 799, 999, 999]);
    const bottom = { ...top, random: () => 0 };
    expect(backoffDelayMs(4, bottom)).toBe(0);
    const half = { ...top, random: () => 0.5 };
    expect(backoffDelayMs(3, half)).toBe(200);
  });
});
