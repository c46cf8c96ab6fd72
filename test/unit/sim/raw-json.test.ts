import { describe, expect, it } from 'vitest';
import { num, RawJson, stringifyBody } from '../../../src/sim/render/raw-json.js';

describe('pre-serialized JSON fragments', () => {
  it('formats rounded decimals like Number#toString does', () => {
    for (const x of [
      0, 1.5, -0.05, 12.785231, -132.72493, 91, 0.00004, 0.00005, 3.58, -0.0001, 100.25, 9.99999, 2349.5,
    ]) {
      for (const d of [1, 2, 3, 4]) {
        const expected = Math.round(x * 10 ** d) / 10 ** d;
        expect(Number(num(x, d)), `${x} @${d}`).toBe(expected === 0 ? 0 : expected);
        expect(num(x, d)).not.toMatch(/e|\.$|\.\d*0$/);
      }
    }
  });

  it('splices fragments into the surrounding JSON, nested and repeated', () => {
    const frag = new RawJson('[{"a":1.5},{"b":"x\\"y"}]');
    const body = {
      copyright: 'c',
      plays: [{ playEvents: frag, n: 1 }, { playEvents: new RawJson('[]') }],
      current: { playEvents: frag },
    };
    const text = stringifyBody(body);
    expect(JSON.parse(text)).toEqual({
      copyright: 'c',
      plays: [{ playEvents: [{ a: 1.5 }, { b: 'x"y' }], n: 1 }, { playEvents: [] }],
      current: { playEvents: [{ a: 1.5 }, { b: 'x"y' }] },
    });
    expect(stringifyBody({ plain: [1, 'two'] })).toBe('{"plain":[1,"two"]}');
    expect(() => JSON.stringify(frag)).toThrow(/outside stringifyBody/);
  });
});
