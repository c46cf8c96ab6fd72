import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../../src/api/http.js';
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../../../src/api/json-depth.js';
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
  ])('of %s is %i', (text, depth) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(jsonNestingDepth(text)).toBe(depth);
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
        deepest = Math.max(deepest, jsonNestingDepth(readFileSync(path.join(FIXTURES_DIR, dir.name, f), 'utf8')));
      }
    }
    expect(deepest).toBeGreaterThan(5);
    expect(deepest).toBeLessThan(MAX_JSON_DEPTH / 10);
  });
});
