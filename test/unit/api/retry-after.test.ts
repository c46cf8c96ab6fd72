import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/api/index.js';

const NOW = Date.parse('2024-07-01T12:00:00Z');

describe('Retry-After parsing', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
  });

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(parseRetryAfter('Mon, 01 Jul 2024 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Mon, 01 Jul 2024 11:59:00 GMT', NOW)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    for (const v of [null, undefined, '', 'soon', '-5', '1e3']) expect(parseRetryAfter(v, NOW)).toBeUndefined();
  });
});
