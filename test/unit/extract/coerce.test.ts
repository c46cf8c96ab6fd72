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

  it('pick walks objects and arrays and stops at the first missing step', () => {
    expect(pick({ a: [{ b: 1 }] }, 'a', 0, 'b')).toBe(1);
    expect(pick({ a: null }, 'a', 'b')).toBeUndefined();
    expect(pick('text', 'length')).toBeUndefined();
  });
});
