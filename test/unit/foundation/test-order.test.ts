import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFileSeconds } from '../../setup/longest-first.js';

describe('the order test files run in (test/setup/file-seconds.json)', () => {
  it('names only test files that exist, each with its seconds', () => {
    const seconds = readFileSeconds();
    const entries = Object.entries(seconds);
    expect(entries.length).toBeGreaterThan(100);
    const root = new URL('../../../', import.meta.url);
    const missing = entries.filter(([file]) => !existsSync(new URL(file, root))).map(([file]) => file);
    expect(missing, 'renamed or removed: run scripts/test-seconds.mjs on a whole run').toEqual([]);
    for (const [file, s] of entries) {
      expect(file).toMatch(/^test\/(unit|integration|slow)\/.+\.test\.ts$/);
      expect(s).toBeGreaterThanOrEqual(0);
    }
  });
});
