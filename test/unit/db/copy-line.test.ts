import { describe, expect, it } from 'vitest';
import { type CopyColumn, copyLineEncoder } from '../../../src/db/copy.js';

const column = (name: string, kind: CopyColumn['kind'] = 'scalar'): CopyColumn => ({
  name,
  quoted: `"${name.replaceAll('"', '""')}"`,
  kind,
});

describe('copyLineEncoder', () => {
  it("writes each column's value as a COPY text field, in column order", () => {
    const line = copyLineEncoder(
      [column('id'), column('name'), column('speed'), column('on'), column('detail', 'json'), column('gone')],
      {},
    );
    expect(
      line({ gone: null, detail: { a: [1, 'x\ty'] }, on: true, speed: 97.4, name: 'a\\b\nc', id: 7, other: 1 }),
    ).toBe('7\ta\\\\b\\nc\t97.4\ttrue\t{"a":[1,"x\\\\ty"]}\t\\N\n');
    // Missing, undefined and non-finite values are NULL; a date is its ISO text; an object in a scalar column its JSON.
    expect(line({ id: Number.NaN, name: undefined, speed: Number.POSITIVE_INFINITY, on: false, detail: null })).toBe(
      '\\N\t\\N\t\\N\tfalse\t\\N\t\\N\n',
    );
    expect(line({ id: 1n, name: new Date(Date.UTC(2025, 3, 1)), speed: { x: 1 } })).toBe(
      '1\t2025-04-01T00:00:00.000Z\t{"x":1}\t\\N\t\\N\t\\N\n',
    );
  });

  it('writes extra values once for every row, and reads a name that looks like code only as a name', () => {
    const odd = `x"]; throw new Error("run"); //\\`;
    const line = copyLineEncoder([column(odd), column('run_id'), column('constructor')], { run_id: 42 });
    expect(line({ [odd]: 'v', run_id: 1 })).toBe('v\t42\t\\N\n');
    expect(line({ [odd]: 5, constructor: 'c' })).toBe('5\t42\tc\n');
  });

  it("writes each encoder's own extra values", () => {
    const columns = [column('id'), column('run_id'), column('note', 'json')];
    const first = copyLineEncoder(columns, { run_id: 1 });
    const second = copyLineEncoder(columns, { run_id: 2 });
    expect(first({ id: 3, note: null })).toBe('3\t1\t\\N\n');
    expect(second({ id: 3, note: null })).toBe('3\t2\t\\N\n');
    // An extra value that needs escaping, or is null, is written as its COPY text too.
    expect(copyLineEncoder(columns, { run_id: null })({ id: 4 })).toBe('4\t\\N\t\\N\n');
    expect(copyLineEncoder([column('id'), column('tag')], { tag: 'a\tb"c' })({ id: 5 })).toBe('5\ta\\tb"c\n');
  });

  it('writes an empty line for no columns', () => {
    expect(copyLineEncoder([], {})({ a: 1 })).toBe('\n');
  });
});
