import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_BYTES, readQueryText } from '../../../src/cli/sql-input.js';
import { UsageError } from '../../../src/errors.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-sql-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noStdin = Readable.from([]);
const stdinOf = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

describe('dugout sql query text', () => {
  it('comes from the argument, a file, or stdin when either is "-"', async () => {
    expect(await readQueryText('select 1', undefined, noStdin)).toBe('select 1');
    const file = path.join(dir, 'q.sql');
    writeFileSync(file, 'select\n  2 -- from a file\n');
    expect(await readQueryText(undefined, file, noStdin)).toBe('select\n  2 -- from a file\n');
    expect(await readQueryText('-', undefined, stdinOf('select ', '3'))).toBe('select 3');
    expect(await readQueryText(undefined, '-', stdinOf('select é'))).toBe('select é');
  });

  it('takes exactly one source', async () => {
    await expect(readQueryText(undefined, undefined, noStdin)).rejects.toThrow(/as an argument, or with --file/);
    await expect(readQueryText('select 1', path.join(dir, 'q.sql'), noStdin)).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses text over 1 MiB from a file or stdin, and a file it cannot read, in one line', async () => {
    const big = path.join(dir, 'big.sql');
    writeFileSync(big, `select '${'x'.repeat(MAX_QUERY_BYTES)}'`);
    await expect(readQueryText(undefined, big, noStdin)).rejects.toThrow(/longer than 1 MiB/);
    const chunk = 'y'.repeat(64 * 1024);
    const endless = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.from(chunk);
      })(),
    );
    await expect(readQueryText('-', undefined, endless)).rejects.toThrow(/query in stdin is longer than 1 MiB/);
    const exact = path.join(dir, 'exact.sql');
    writeFileSync(exact, 'z'.repeat(MAX_QUERY_BYTES));
    expect((await readQueryText(undefined, exact, noStdin)).length).toBe(MAX_QUERY_BYTES);
    await expect(readQueryText(undefined, path.join(dir, 'missing.sql'), noStdin)).rejects.toThrow(
      /cannot read --file .*missing\.sql: ENOENT/,
    );
  });
});
