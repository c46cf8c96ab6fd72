import { describe, expect, it } from 'vitest';
import { intList, settleAll } from '../../../src/db/rows.js';

const later = <T>(ms: number, value: T, fail = false): Promise<T> =>
  new Promise((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('statements sent together', () => {
  it('gives every result in order', async () => {
    expect(await settleAll([later(20, 1), later(5, 'b'), undefined])).toEqual([1, 'b', undefined]);
  });

  it('waits for every statement before throwing the first error raised', async () => {
    let lastDone = false;
    const last = later(60, 'x').then((v) => {
      lastDone = true;
      return v;
    });
    // The second fails first (at 10 ms), the first fails later: the error is the earliest one.
    await expect(
      settleAll([later(30, 'second to fail', true), later(10, 'first to fail', true), last]),
    ).rejects.toThrow('first to fail');
    expect(lastDone).toBe(true);
  });

  it('writes only integers into a statement', () => {
    expect(intList([1, 745123, -2])).toBe('1,745123,-2');
    expect(() => intList([1, 2.5])).toThrow(TypeError);
    expect(() => intList([Number.NaN])).toThrow(TypeError);
    expect(() => intList(['1); drop table x; --' as unknown as number])).toThrow(TypeError);
  });
});
