import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { RegisterError } from '../../../src/errors.js';
import { csvRecords } from '../../../src/extract/register/csv.js';
import { REGISTER_COLUMNS, registerLayout, registerRecord } from '../../../src/extract/register/people.js';
import { openZipEntry, readZipDirectory } from '../../../src/extract/register/zip.js';
import { buildZip } from '../../../src/sim/zip.js';

/** The register's readers, pure: CSV records, a people file's header and records, zip entries. */

const records = async (chunks: string[], max?: number) => {
  const out: Array<{ fields: string[]; line: number }> = [];
  for await (const r of csvRecords(Readable.from(chunks.map((c) => Buffer.from(c))), 'f.csv', max)) out.push(r);
  return out;
};

describe('csvRecords', () => {
  it('reads quotes, doubled quotes, CRLF, a BOM and records cut across chunks', async () => {
    expect(await records(['\ufeffa,b\r\n"x, y","say ""hi""', '"\n1,', '2\n\n"multi\nline",z'])).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x, y', 'say "hi"'], line: 2 },
      { fields: ['1', '2'], line: 3 },
      { fields: ['multi\nline', 'z'], line: 5 },
    ]);
  });

  it('fails a record longer than the bound and a quote never closed, in one line', async () => {
    await expect(records(['a,', 'b'.repeat(100)], 50)).rejects.toThrow('f.csv: line 1 is longer than 50 characters');
    await expect(records(['a,"b\n'])).rejects.toThrow('f.csv: line 1 opens a quote it never closes');
  });
});

describe('registerLayout and registerRecord', () => {
  const header = [...REGISTER_COLUMNS, 'pro_played_first'];
  const layout = registerLayout(header, 'people-0.csv');
  const record = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
  const uuid = '003ca28d-cdc7-4729-91de-2ac966defd41';

  it('names every missing column of a header', () => {
    expect(() => registerLayout(['key_person', 'key_uuid'], 'people-1.csv')).toThrow(
      /^people-1\.csv: the register's columns key_mlbam, .* are missing from the header/,
    );
  });

  it('keeps a person with a key, skips one without, rejects a bad MLBAM id, UUID or width', () => {
    const r = registerRecord(
      record({
        key_person: '003ca28d',
        key_uuid: uuid,
        key_mlbam: '669242',
        key_fangraphs: '19470',
        birth_year: '1995',
        birth_month: '5',
        birth_day: '9',
      }),
      layout,
    );
    expect(r).toMatchObject({
      kind: 'row',
      row: { key_mlbam: 669242, key_fangraphs: '19470', birth_date: '1995-05-09', key_retro: null },
    });
    expect(registerRecord(record({ key_person: '003ca28d', key_uuid: uuid, name_last: 'Nobody' }), layout)).toEqual({
      kind: 'skip',
    });
    expect(registerRecord(record({ key_person: 'a', key_uuid: uuid, key_mlbam: '66924x' }), layout)).toEqual({
      kind: 'reject',
      reason: 'key_mlbam is not a positive whole number: "66924x"',
    });
    expect(registerRecord(record({ key_person: 'a', key_uuid: 'nope', key_mlbam: '1' }), layout)).toMatchObject({
      kind: 'reject',
    });
    expect(registerRecord(['a', uuid], layout)).toMatchObject({
      kind: 'reject',
      reason: `2 fields where the header has ${header.length}`,
    });
  });
});

describe('the zip reader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-zip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    return file;
  };
  const read = async (file: string, max = 1 << 20) => {
    const [entry] = (await readZipDirectory(file)).filter((e) => e.name.endsWith('.csv'));
    const chunks: Buffer[] = [];
    for await (const c of (await openZipEntry(file, entry!, max)) as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  };

  it('reads stored and deflated entries, directories left out', async () => {
    const file = write(
      'ok.zip',
      buildZip([
        { name: 'r/', data: '', stored: true },
        { name: 'r/data/people-0.csv', data: 'a,b\n1,2\n' },
      ]),
    );
    expect((await readZipDirectory(file)).map((e) => e.name)).toEqual(['r/data/people-0.csv']);
    expect(await read(file)).toBe('a,b\n1,2\n');
    expect(await read(write('stored.zip', buildZip([{ name: 'people-1.csv', data: 'x\n', stored: true }])))).toBe(
      'x\n',
    );
  });

  it('refuses an entry past the bound even when its header lies, and one whose bytes were damaged', async () => {
    const big = 'x'.repeat(10_000);
    const lying = buildZip([{ name: 'people-0.csv', data: big }]);
    // The central directory (after the 30-byte header, the name and the data) says 100 bytes.
    const cd = lying.length - 22 - 46 - 'people-0.csv'.length;
    lying.writeUInt32LE(100, cd + 24);
    await expect(read(write('lying.zip', lying), 1000)).rejects.toThrow(/larger than 1000 bytes once inflated/);
    const damaged = buildZip([{ name: 'people-0.csv', data: 'a,b\n1,2\n', stored: true }]);
    damaged[30 + 'people-0.csv'.length] = 'z'.charCodeAt(0);
    await expect(read(write('damaged.zip', damaged))).rejects.toThrow(/corrupt/);
    await expect(read(write('bomb.zip', buildZip([{ name: 'people-0.csv', data: big }])), 1000)).rejects.toThrow(
      RegisterError,
    );
  });

  it('refuses a file that is no zip or is cut short', async () => {
    await expect(readZipDirectory(write('text.zip', Buffer.from('not a zip')))).rejects.toThrow(
      /not a whole zip archive/,
    );
    const whole = buildZip([{ name: 'people-0.csv', data: deflateRawSync(Buffer.from('x')) }]);
    await expect(readZipDirectory(write('cut.zip', whole.subarray(0, whole.length - 1)))).rejects.toThrow(
      /not a whole zip archive/,
    );
  });
});
