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

/** One row per column and value: the base row with that column set to it (or deleted for undefined). */
function mutations(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [{ ...base }];
  for (const name of Object.keys(base)) {
    for (const value of VALUES) {
      const row: Record<string, unknown> = { ...base };
      if (value === undefined) delete row[name];
      else row[name] = value;
      rows.push(row);
    }
  }
  return rows;
}

describe('createRowValidator', () => {
  const options = [{ nonNegative: false }, { nonNegative: true }, { nonNegative: true, signed: ['delta'] }] as const;

  it.each(options)('gives what its general loop gives for every value in every column (%o)', (opts) => {
    const fast = createRowValidator(sample, opts);
    const general = createRowValidator(sample, { ...opts, precheck: false });
    for (const partial of [false, true]) {
      for (const row of mutations()) {
        expect(fast.validate([row], { partial }), JSON.stringify(row)).toEqual(general.validate([row], { partial }));
      }
      // A batch: duplicate keys (the first kept), with bad rows between them.
      const distinct = mutations().map((row, i) => (row.seq === base.seq ? { ...row, seq: 100 + i } : row));
      const batch = [...distinct, ...mutations(), { ...base, seq: 3 }, { ...base, seq: 3, note: 'b\u0000' }];
      const a = fast.validate(batch, { partial });
      const b = general.validate(batch, { partial });
      expect(a).toEqual(b);
      expect(a.rows.length).toBe(b.rows.length);
      // A kept row is the caller's own object, a cleaned one a copy, on both paths.
      expect(a.rows.map((row) => batch.includes(row))).toEqual(b.rows.map((row) => batch.includes(row)));
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

  it("agrees with its general loop on every game table's columns", () => {
    for (const table of Object.values(GAME_ROW_TABLES)) {
      const fast = createRowValidator(table, { nonNegative: true });
      const general = createRowValidator(table, { nonNegative: true, precheck: false });
      const columns = getTableConfig(table).columns.map((c) => c.name);
      expect(columns.length).toBeGreaterThan(2);
      const clean = Object.fromEntries(columns.map((c) => [c, 1]));
      for (const column of columns) {
        for (const value of VALUES) {
          const row: Record<string, unknown> = { ...clean };
          if (value === undefined) delete row[column];
          else row[column] = value;
          expect(fast.validate([row, row]), `${column} ${String(value)}`).toEqual(general.validate([row, row]));
        }
      }
    }
  });
});
