import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../../src/api/http.js';
import { jsonNestingDepth, MAX_JSON_DEPTH, nestsDeeperThan } from '../../../src/api/json-depth.js';
import { BadBodyError, BodyLimitError } from '../../../src/errors.js';
import { describeRecorded, FIXTURES_DIR } from '../../fixtures.js';

describe('the nesting depth of a JSON text', () => {
  it.each([
    ['1', 0],
    ['"[[[{{{"', 0],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['[[],[[]],[]]', 3],
    ['["\\"[[[", ["]\\\\"]]', 2],
    ['{"k\\\\":{"\\"":{}}}', 3],
  ])('of %s is %i, as read from the text and from the parsed value', (text, depth) => {
    const value: unknown = JSON.parse(text);
    expect(jsonNestingDepth(text)).toBe(depth);
    expect(nestsDeeperThan(value, depth)).toBe(false);
    if (depth > 0) expect(nestsDeeperThan(value, depth - 1)).toBe(true);
  });

  it('of a parsed value is checked without recursing past the limit, however deep the value', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: [1, 'x', null, { b: {} }] }, 4)).toBe(false);
    expect(nestsDeeperThan({ a: [1, 'x', null, { b: {} }] }, 3)).toBe(true);
  });
});

describe('a body as parsed', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it(`is taken nested ${MAX_JSON_DEPTH} levels deep, and refused one level deeper as not worth retrying`, () => {
    expect(parseJsonBody('u', nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    const err = (() => {
      try {
        parseJsonBody('u', nested(MAX_JSON_DEPTH + 1));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(BodyLimitError);
    expect(err).toMatchObject({
      retryable: false,
      message: 'body from u refused: JSON nested 513 levels deep, deeper than 512',
    });
  });

  it('that is not JSON is still a retryable bad body, whatever its brackets', () => {
    expect(() => parseJsonBody('u', nested(100_000).slice(0, -1))).toThrow(BadBodyError);
  });
});

describeRecorded('the recorded bodies', () => {
  it('all nest far less deeply than the limit', () => {
    let deepest = 0;
    for (const dir of readdirSync(FIXTURES_DIR, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      for (const f of readdirSync(path.join(FIXTURES_DIR, dir.name))) {
        if (!f.endsWith('.json')) continue;
        const text = readFileSync(path.join(FIXTURES_DIR, dir.name, f), 'utf8');
        const depth = jsonNestingDepth(text);
        // The parsed value's check agrees with the text's, at the body's own depth.
        const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
        expect([nestsDeeperThan(value, depth), depth === 0 || nestsDeeperThan(value, depth - 1)]).toEqual([
          false,
          true,
        ]);
        deepest = Math.max(deepest, depth);
      }
    }
    expect(deepest).toBeGreaterThan(5);
    expect(deepest).toBeLessThan(MAX_JSON_DEPTH / 10);
  });
});
