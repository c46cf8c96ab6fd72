import { describe, expect, it } from 'vitest';
import { pick, toBool, toDate, toInt, toNum, toText, toTimestamp } from '../../../src/extract/index.js';

describe('coercions never let undefined, NaN or "" through', () => {
  it.each([
    [3, 3],
    ['100', 100],
    [' 7 ', 7],
    [6.1, null],
    ['6.1', null],
    ['.---', null],
    ['', null],
    [null, null],
    [undefined, null],
    [true, null],
    [Number.NaN, null],
    // Too large for any column: kept as read, for the column check to reject with a reason.
    [1e26, 1e26],
    ['99999999999999999999999999', 1e26],
    [2 ** 53, 2 ** 53],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    [`1${'0'.repeat(400)}`, Number.POSITIVE_INFINITY],
  ])('toInt(%j) → %s', (input, output) => {
    expect(toInt(input)).toBe(output);
  });

  it.each([
    [95.5, 95.5],
    ['95.5', 95.5],
    ['1.000', 1],
    ['.250', 0.25],
    ['-0.5', -0.5],
    ['.---', null],
    ['-.--', null],
    ['', null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NaN, null],
    [null, null],
  ])('toNum(%j) → %s', (input, output) => {
    expect(toNum(input)).toBe(output);
  });

  it.each([
    ['SS', 'SS'],
    ['', null],
    [8, '8'],
    [null, null],
    [{}, null],
  ])('toText(%j) → %s', (input, output) => {
    expect(toText(input)).toBe(output);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', null],
    [null, null],
  ])('toBool(%j) → %s', (input, output) => {
    expect(toBool(input)).toBe(output);
  });

  it.each([
    ['2024-07-01', '2024-07-01'],
    ['2024-02-30', null],
    ['2024-07-01T19:07:00Z', null],
    ['07/01/2024', null],
    ['', null],
  ])('toDate(%j) → %s', (input, output) => {
    expect(toDate(input)).toBe(output);
  });

  it.each([
    ['2024-07-13T01:43:56.863Z', '2024-07-13T01:43:56.863Z'],
    ['2018-09-29T03:33:00Z', '2018-09-29T03:33:00.000Z'],
    ['2024-07-13T01:43:56-04:00', '2024-07-13T05:43:56.000Z'],
    ['2024-07-13T01:43:56', '2024-07-13T01:43:56.000Z'],
    ['2024-07-13', null],
    ['not a time', null],
    [1720835036, null],
  ])('toTimestamp(%j) → %s', (input, output) => {
    expect(toTimestamp(input)).toBe(output);
  });

  it('returns a canonical instant as is only when Date would write it the same way', () => {
    // Every month's day 28 and the days past it, hours and minutes at their edges, leap days.
    const samples: string[] = [];
    for (const year of ['2024', '2025', '1999'])
      for (let month = 0; month <= 13; month++)
        for (const day of [0, 1, 28, 29, 30, 31, 32])
          for (const time of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '12:60:00.000', '12:00:60.000'])
            samples.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}Z`);
    for (const s of samples) {
      const ms = Date.parse(s);
      expect(toTimestamp(s), s).toBe(Number.isNaN(ms) ? null : new Date(ms).toISOString());
    }
  });

  it('pick walks objects and arrays and stops at the first missing step', () => {
    expect(pick({ a: [{ b: 1 }] }, 'a', 0, 'b')).toBe(1);
    expect(pick({ a: null }, 'a', 'b')).toBeUndefined();
    expect(pick('text', 'length')).toBeUndefined();
  });
});
