import {
  bigint,
  boolean,
  doublePrecision,
  getTableConfig,
  integer,
  json,
  pgSchema,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createRowValidator } from '../../../src/db/validate-rows.js';
import { GAME_ROW_TABLES } from '../../../src/db/queries/game-rows.js';

const odd = 'x"]; throw new Error("run"); //\\';

/** Every kind of column the validator treats differently, a composite key and a name that looks like code. */
const sample = pgSchema('t').table(
  'sample',
  {
    gamePk: integer('game_pk').notNull(),
    seq: smallint('seq').notNull(),
    label: text('label').notNull(),
    count: integer('count'),
    delta: integer('delta'),
    small: smallint('small'),
    big: bigint('big', { mode: 'number' }),
    speed: doublePrecision('speed'),
    ratio: real('ratio'),
    flag: boolean('flag'),
    note: text('note'),
    [odd]: text(odd),
    at: timestamp('at', { withTimezone: true, mode: 'string' }),
    detail: json('detail'),
    defaulted: integer('defaulted').notNull().default(0),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.gamePk, t.seq, t.label] })],
);

const VALUES: unknown[] = [
  undefined,
  null,
  0,
  7,
  -1,
  1.5,
  40_000,
  3_000_000_000,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  'text',
  'a\u0000b',
  '',
  { x: 1 },
  [1],
  { x: 'a\u0000b' },
  { 'k\u0000': [1] },
  { x: 'a\\u0000b' },
  2 ** 80,
];

const base = {
  game_pk: 1,
  seq: 2,
  label: 'a',
  count: 3,
  delta: -4,
  small: 5,
  big: 6,
  speed: 97.5,
  ratio: 0.25,
  flag: false,
  note: 'n',
  [odd]: 'o',
  at: '2025-04-01T00:00:00Z',
  detail: { a: 1 },
  defaulted: 1,
  run_id: 9,
};

/** The kind of each column of `sample`, as the validator reads its type. */
const KINDS: Record<string, 'int' | 'small' | 'big' | 'float' | 'bool' | 'text' | 'json' | 'any'> = {
  game_pk: 'int',
  seq: 'small',
  label: 'text',
  count: 'int',
  delta: 'int',
  small: 'small',
  big: 'big',
  speed: 'float',
  ratio: 'float',
  flag: 'bool',
  note: 'text',
  [odd]: 'text',
  at: 'any',
  detail: 'json',
  defaulted: 'int',
  run_id: 'any',
};
const KEY = new Set(['game_pk', 'seq', 'label']);
const RANGE = { int: 2_147_483_647, small: 32_767, big: Number.MAX_SAFE_INTEGER };

/** Whether a JSON value holds a NUL character in one of its strings or keys. */
function holdsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(holdsNul);
  if (typeof v === 'object' && v !== null)
    return Object.entries(v).some(([k, x]) => k.includes('\u0000') || holdsNul(x));
  return false;
}

/** What the rules say of one value in one column, written out independently of the validator. */
function expected(
  column: string,
  value: unknown,
  opts: { nonNegative?: boolean; signed?: readonly string[] },
  partial: boolean,
): 'kept' | 'cleaned' | 'rejected' {
  if (value === undefined || value === null)
    return KEY.has(column) && !(partial && value === undefined) ? 'rejected' : 'kept';
  const kind = KINDS[column];
  let bad = false;
  if (kind === 'text') bad = typeof value === 'string' && value.includes('\u0000');
  else if (kind === 'json') bad = holdsNul(value);
  else if (kind === 'float') bad = typeof value !== 'number' || !Number.isFinite(value);
  else if (kind === 'bool') bad = typeof value !== 'boolean';
  else if (kind === 'int' || kind === 'small' || kind === 'big') {
    const n = value as number;
    bad =
      typeof value !== 'number' ||
      !Number.isInteger(n) ||
      Math.abs(n + (n < 0 ? 1 : 0)) > RANGE[kind] ||
      (Boolean(opts.nonNegative) && !opts.signed?.includes(column) && n < 0);
  }
  if (!bad) return 'kept';
  return KEY.has(column) ? 'rejected' : 'cleaned';
}

describe('createRowValidator', () => {
  const options = [{ nonNegative: false }, { nonNegative: true }, { nonNegative: true, signed: ['delta'] }] as const;

  it.each(options)('keeps, cleans or rejects every value in every column as its rules say (%o)', (opts) => {
    const v = createRowValidator(sample, opts);
    // The base row is clean under these options: a negative delta is only when it is signed.
    const start = 'signed' in opts || !opts.nonNegative ? base : { ...base, delta: 4 };
    for (const partial of [false, true]) {
      for (const column of Object.keys(base)) {
        for (const value of VALUES) {
          const row: Record<string, unknown> = { ...start };
          if (value === undefined) delete row[column];
          else row[column] = value;
          const { rows, rejects } = v.validate([row], { partial });
          const want = expected(column, value, opts, partial);
          const got = rows.length === 0 ? 'rejected' : rows[0] === row ? 'kept' : 'cleaned';
          const where = `${column} ${String(value)} partial=${partial}`;
          expect(got, where).toBe(want);
          if (want === 'kept') expect(rejects, where).toEqual([]);
          else
            expect(
              rejects.map((r) => r.reason.startsWith(want === 'rejected' ? 'row rejected: ' : column)),
              where,
            ).toEqual([true]);
          if (want === 'cleaned') {
            const cleaned = (rows[0] as Record<string, unknown>)[column];
            const kind = KINDS[column];
            if (kind === 'text') expect(cleaned, where).toBe((value as string).replaceAll('\u0000', ''));
            else if (kind === 'json') expect(holdsNul(cleaned), where).toBe(false);
            else expect(cleaned, where).toBeNull();
            // The caller's row is left as it was.
            expect(row[column], where).toBe(value);
          }
        }
      }
    }
  });

  it('keeps a clean row as it is, rejects a repeated key with the key in its reason and a bad value with its rule', () => {
    const v = createRowValidator(sample, { nonNegative: true, signed: ['delta'] });
    const row = { ...base };
    const { rows, rejects } = v.validate([row, { ...base }, { ...base, seq: 4, count: -2 }]);
    expect(rows[0]).toBe(row);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ seq: 4, count: null });
    expect(rejects.map((r) => r.reason)).toEqual([
      'row rejected: key (game_pk=1,seq=2,label=a) repeats an earlier row; the first is kept',
      'count -2 is negative where only counts or ids are possible; stored as null',
    ]);
  });

  it('drops the NUL characters of a json value, in its strings and its keys, with a reject; a lookalike escape stays', () => {
    const v = createRowValidator(sample);
    const lookalike = { x: 'a\\u0000b' };
    const { rows, rejects } = v.validate([
      { ...base, seq: 1, detail: { x: 'a\u0000b', 'k\u0000': ['\u0000'] } },
      { ...base, seq: 2, detail: lookalike },
    ]);
    expect(rows.map((r) => r.detail)).toEqual([{ x: 'ab', k: [''] }, lookalike]);
    expect(rejects.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^detail .* is contains NUL characters \(dropped\); stored as cleaned text$/),
    ]);
  });

  it('rejects an integer beyond 2^53 in a bigint column, as beyond the range of an integer one', () => {
    const v = createRowValidator(sample);
    const { rows, rejects } = v.validate([{ ...base, big: 1e26, count: 1e26 }]);
    expect(rows[0]).toMatchObject({ big: null, count: null });
    expect(rejects.map((r) => r.reason)).toEqual([
      'count 1e+26 is out of range for integer; stored as null',
      'big 1e+26 is out of range for bigint; stored as null',
    ]);
  });

  it('keeps or rejects with a reason every row of every game table, whatever the value in any column', () => {
    for (const table of Object.values(GAME_ROW_TABLES)) {
      const v = createRowValidator(table, { nonNegative: true });
      const columns = getTableConfig(table).columns.map((c) => c.name);
      expect(columns.length).toBeGreaterThan(2);
      const clean = Object.fromEntries(columns.map((c) => [c, 1]));
      for (const column of columns) {
        for (const value of VALUES) {
          const row: Record<string, unknown> = { ...clean };
          if (value === undefined) delete row[column];
          else row[column] = value;
          // The same row twice: the second repeats the first's key, when it was kept.
          const { rows, rejects } = v.validate([row, row]);
          const dropped = rejects.filter((r) => r.record !== null).length;
          expect(rows.length + dropped, `${column} ${String(value)}`).toBe(2);
          expect(rows.length, `${column} ${String(value)}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
