import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvWriter,
  jsonWriter,
  printableValue,
  type ResultWriter,
  StdoutClosedError,
  stdoutWrite,
  tableWriter,
} from '../../../src/cli/sql-output.js';
import type { ResultColumn, Row } from '../../../src/db/adapter/index.js';

const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const INT4 = 23;
const TEXT = 25;

/** Feed batches to a writer as a session would, and return what it printed. */
async function run(
  make: (write: (s: string) => Promise<void>) => ResultWriter,
  columns: ResultColumn[],
  batches: Row[][],
): Promise<{ out: string; stoppedAfter: number | undefined }> {
  let out = '';
  const writer = make(async (s) => {
    out += s;
  });
  let stoppedAfter: number | undefined;
  for (const [i, batch] of batches.entries()) {
    if ((await writer.rows(batch, columns)) === 'stop') {
      stoppedAfter = i;
      break;
    }
  }
  await writer.end(columns);
  return { out, stoppedAfter };
}

const numbered = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ n: from + i }));

describe('dugout sql output', () => {
  it('prints a date as YYYY-MM-DD and timestamps as ISO 8601, with the zone when they have one', () => {
    expect(printableValue('2025-03-27', DATE)).toBe('2025-03-27');
    expect(printableValue(new Date('2025-03-27T00:00:00Z'), DATE)).toBe('2025-03-27');
    expect(printableValue('2025-03-27 18:05:00', TIMESTAMP)).toBe('2025-03-27T18:05:00');
    expect(printableValue('2025-03-27 18:05:00.123456', TIMESTAMP)).toBe('2025-03-27T18:05:00.123456');
    expect(printableValue('2025-03-27 18:05:00+00', TIMESTAMPTZ)).toBe('2025-03-27T18:05:00Z');
    expect(printableValue('2025-03-27 18:05:00.5+00', TIMESTAMPTZ)).toBe('2025-03-27T18:05:00.5Z');
    expect(printableValue('2025-03-27 23:35:00+05:30', TIMESTAMPTZ)).toBe('2025-03-27T23:35:00+05:30');
    expect(printableValue('2025-03-27 11:05:00-07', TIMESTAMPTZ)).toBe('2025-03-27T11:05:00-07:00');
    expect(printableValue(new Date('2025-03-27T18:05:00Z'), TIMESTAMPTZ)).toBe('2025-03-27T18:05:00.000Z');
    // What the pattern does not cover prints as the server wrote it.
    expect(printableValue('infinity', TIMESTAMPTZ)).toBe('infinity');
    expect(printableValue('0044-03-15 12:00:00+00 BC', TIMESTAMPTZ)).toBe('0044-03-15 12:00:00+00 BC');
    expect(printableValue('2025-03-27 18:05:00', TEXT)).toBe('2025-03-27 18:05:00');
    expect(printableValue(7, INT4)).toBe(7);
  });

  it('writes dates the same way in the table, CSV and JSON', async () => {
    const columns = [
      { name: 'day', typeOid: DATE },
      { name: 'at', typeOid: TIMESTAMPTZ },
    ];
    const rows = [{ day: '2025-03-27', at: '2025-03-27 18:05:00+00' }];
    const table = await run((write) => tableWriter({ write, maxRows: 10 }), columns, [rows]);
    expect(table.out).toBe(
      'day         at\n----------  --------------------\n2025-03-27  2025-03-27T18:05:00Z\n(1 row)\n',
    );
    const csv = await run((write) => csvWriter({ write, maxRows: undefined }), columns, [rows]);
    expect(csv.out).toBe('day,at\n2025-03-27,2025-03-27T18:05:00Z\n');
    const json = await run((write) => jsonWriter({ write, maxRows: undefined }), columns, [rows]);
    expect(JSON.parse(json.out)).toEqual([{ day: '2025-03-27', at: '2025-03-27T18:05:00Z' }]);
  });

  it('writes numeric values as JSON numbers with the digits of the server, NaN as a string', async () => {
    const NUMERIC = 1700;
    const columns = [
      { name: 'ratio', typeOid: NUMERIC },
      { name: 'money', typeOid: NUMERIC },
      { name: 'nan', typeOid: NUMERIC },
      { name: 'none', typeOid: NUMERIC },
      { name: 'label', typeOid: TEXT },
    ];
    const rows = [{ ratio: '0.33333333333333333333', money: '-1.50', nan: 'NaN', none: null, label: '0.5' }];
    const { out } = await run((write) => jsonWriter({ write, maxRows: undefined }), columns, [rows]);
    expect(out).toContain('"ratio": 0.33333333333333333333,');
    expect(out).toContain('"money": -1.50,');
    expect(JSON.parse(out)).toEqual([{ ratio: 1 / 3, money: -1.5, nan: 'NaN', none: null, label: '0.5' }]);
  });

  it('stops the table at --max-rows and says so in its last line', async () => {
    const columns = [{ name: 'n', typeOid: INT4 }];
    const { out, stoppedAfter } = await run((write) => tableWriter({ write, maxRows: 3 }), columns, [
      numbered(1, 2),
      numbered(3, 4),
      numbered(5, 6),
    ]);
    expect(stoppedAfter).toBe(1); // the batch that went past the limit was the last one asked for
    expect(out.trimEnd().split('\n')).toEqual([
      'n',
      '-',
      '1',
      '2',
      '3',
      '(first 3 rows: the query returns more; raise --max-rows, or use --csv or --json for all of them)',
    ]);
    // Exactly max rows is no truncation.
    const exact = await run((write) => tableWriter({ write, maxRows: 4 }), columns, [numbered(1, 2), numbered(3, 4)]);
    expect(exact.out.trimEnd().split('\n').at(-1)).toBe('(4 rows)');
  });

  it('prints the header of an empty result, and cuts long cells in the table only', async () => {
    const columns = [
      { name: 'a', typeOid: INT4 },
      { name: 'b', typeOid: TEXT },
    ];
    expect((await run((write) => tableWriter({ write, maxRows: 10 }), columns, [])).out).toBe('a  b\n-  -\n(0 rows)\n');
    expect((await run((write) => csvWriter({ write, maxRows: undefined }), columns, [])).out).toBe('a,b\n');
    expect((await run((write) => jsonWriter({ write, maxRows: undefined }), columns, [])).out).toBe('[]\n');
    const long = 'x'.repeat(5000);
    const table = await run((write) => tableWriter({ write, maxRows: 10 }), columns, [[{ a: 1, b: long }]]);
    expect(table.out).toContain(`${'x'.repeat(999)}…`);
    expect(table.out).not.toContain('x'.repeat(1000));
    const csv = await run((write) => csvWriter({ write, maxRows: undefined }), columns, [[{ a: 1, b: long }]]);
    expect(csv.out).toBe(`a,b\n1,${long}\n`);
  });

  it('streams CSV and JSON batch by batch, and stays valid when --max-rows stops them', async () => {
    const columns = [
      { name: 'n', typeOid: INT4 },
      { name: 's', typeOid: TEXT },
    ];
    const batches = [
      [
        { n: 1, s: 'a,"b"' },
        { n: 2, s: 'line\nbreak' },
      ],
      [{ n: 3, s: null }],
    ];
    const writes: string[] = [];
    const csv = csvWriter({
      write: async (s) => {
        writes.push(s);
      },
      maxRows: undefined,
    });
    for (const b of batches) await csv.rows(b, columns);
    await csv.end(columns);
    expect(writes).toEqual(['n,s\n1,"a,""b"""\n2,"line\nbreak"\n', '3,\n']);

    let truncatedAt: number | undefined;
    const json = await run(
      (write) =>
        jsonWriter({
          write,
          maxRows: 2,
          onTruncated: (n) => {
            truncatedAt = n;
          },
        }),
      columns,
      batches,
    );
    expect(truncatedAt).toBe(2);
    expect(JSON.parse(json.out)).toEqual([
      { n: 1, s: 'a,"b"' },
      { n: 2, s: 'line\nbreak' },
    ]);
    // Indented as JSON.stringify(rows, null, 2) would be.
    const whole = await run((write) => jsonWriter({ write, maxRows: undefined }), columns, batches);
    expect(whole.out).toBe(`${JSON.stringify(batches.flat(), null, 2)}\n`);
  });

  it('waits for a full stdout to drain, and stops with StdoutClosedError once its reader is gone', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    const write = stdoutWrite(stream);
    let done = false;
    const pending = write('x'.repeat(64)).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false); // nobody read yet
    stream.read();
    await pending;
    expect(done).toBe(true);

    const closed = new PassThrough();
    const toClosed = stdoutWrite(closed);
    closed.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(toClosed('more')).rejects.toBeInstanceOf(StdoutClosedError);
  });
});
