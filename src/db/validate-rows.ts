import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { RejectRow } from './schema/rows.js';

/**
 * Rows checked against the column types of their table before they are written, so one bad value
 * in a body can neither fail a game's transaction (an integer out of range, a NUL in a name) nor be
 * written silently (a negative count). The rules come from the drizzle table definition:
 *
 * - a key or NOT NULL column that is missing or invalid rejects the row;
 * - another invalid value is stored as null (text, and the strings and keys of a json value: the
 *   NUL characters are dropped, which neither a text column nor Postgres's parsing of JSON for a
 *   row can hold) and the row loads; each is reported in `ingest.rejects` (table, key, column,
 *   value, rule);
 * - a row whose key repeats an earlier row of the same batch is rejected (the first is kept).
 *
 * Integers must be whole and fit their type (int4, int2, 53-bit); with `nonNegative`, integer
 * columns may not be negative (counts, indexes, ids), except those listed in `signed`.
 */
export interface RowValidator {
  readonly target: string;
  /** With `partial`, absent columns are not required (an update of some columns). */
  validate<T extends object>(
    rows: readonly T[],
    opts?: { partial?: boolean },
  ): {
    rows: T[];
    rejects: RejectRow[];
  };
}

type Check = (value: unknown) => string | null;

/** A `\u0000` escape in JSON text (not an escaped backslash followed by "u0000"). */
export const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/** A JSON value's NUL characters, in its strings and its keys, dropped; null when it has none. */
function withoutNul(value: unknown): unknown {
  const text = JSON.stringify(value);
  if (text === undefined || text.search(NUL_ESCAPE) === -1) return null;
  return JSON.parse(text.replace(NUL_ESCAPE, '$1'));
}

/** A row's fields by column name (a row is any object keyed by column names). */
const fieldsOf = (row: object) => row as Record<string, unknown>;

const INT_RANGES: Record<string, [number, number]> = {
  PgInteger: [-2_147_483_648, 2_147_483_647],
  PgSmallInt: [-32_768, 32_767],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

const INT_NAMES: Record<string, string> = { PgInteger: 'integer', PgSmallInt: 'smallint', PgBigInt53: 'bigint' };

/** A condition a column's value must meet, and what a value failing it is. */
interface Rule {
  holds: (v: unknown) => boolean;
  problem: string;
}

const finiteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The rules of a column's type, in the order a value is checked (the first it fails is reported). */
function rulesFor(columnType: string, nonNegative: boolean): Rule[] {
  const range = INT_RANGES[columnType];
  if (range) {
    const [min, max] = range;
    return [
      { holds: finiteNumber, problem: 'not a number' },
      { holds: (v) => Number.isInteger(v), problem: 'not a whole number' },
      {
        holds: (v) => (v as number) >= min && (v as number) <= max,
        problem: `out of range for ${INT_NAMES[columnType]}`,
      },
      ...(nonNegative
        ? [{ holds: (v: unknown) => (v as number) >= 0, problem: 'negative where only counts or ids are possible' }]
        : []),
    ];
  }
  if (columnType === 'PgDoublePrecision' || columnType === 'PgReal') {
    return [{ holds: finiteNumber, problem: 'not a finite number' }];
  }
  if (columnType === 'PgBoolean') return [{ holds: (v) => typeof v === 'boolean', problem: 'not a boolean' }];
  return [];
}

/** A value's check against its rules: the problem of the first it fails, or null. */
function checkFor(rules: readonly Rule[]): Check | undefined {
  if (rules.length === 0) return undefined;
  return (v) => {
    for (const r of rules) if (!r.holds(v)) return r.problem;
    return null;
  };
}

/** A value as a reason quotes it: JSON, but a number as JavaScript writes it (`Infinity`, not `null`). */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Where a rejected row was: written only for a reject, most rows never need the text. */
function rowPath(target: string, i: number, keyText: string): string {
  return `${target}[${i}] (${keyText})`;
}

/** A row's key as rejects name it (`game_pk=1,team_id=2`). */
function keyTextOf(keyColumns: readonly string[]): (row: Record<string, unknown>) => string {
  return (r) => {
    let text = '';
    for (let i = 0; i < keyColumns.length; i++) {
      const k = keyColumns[i] as string;
      text += `${i > 0 ? ',' : ''}${k}=${String(r[k])}`;
    }
    return text;
  };
}

/** Build the validator of one table (once; it runs for every row of every game). */
export function createRowValidator(
  table: PgTable,
  opts: { nonNegative?: boolean; signed?: readonly string[] } = {},
): RowValidator {
  const cfg = getTableConfig(table);
  const target = cfg.name;
  // The row's key: the primary key, else a unique constraint whose nulls are not distinct (a null
  // there is a value like any other: mlb.reviews' play_event_index of a play's own review).
  const uniqueKey = cfg.uniqueConstraints.find((u) => u.nullsNotDistinct)?.columns.map((c) => c.name);
  const primaryKey =
    cfg.primaryKeys[0]?.columns.map((c) => c.name) ?? cfg.columns.filter((c) => c.primary).map((c) => c.name);
  const keyColumns = primaryKey.length > 0 ? primaryKey : (uniqueKey ?? []);
  const signed = new Set(opts.signed ?? []);
  const columns = cfg.columns
    .filter((c) => c.name !== 'run_id')
    .map((c) => ({
      name: c.name,
      required: c.notNull && !c.hasDefault,
      key: keyColumns.includes(c.name),
      // A key column the key may hold as null (a unique constraint's) is not missing when null.
      keyRequired: keyColumns.includes(c.name) && c.notNull,
      text: c.columnType === 'PgText',
      json: c.columnType === 'PgJson' || c.columnType === 'PgJsonb',
      check: checkFor(rulesFor(c.columnType, Boolean(opts.nonNegative) && !signed.has(c.name))),
    }));
  const keyOf = keyTextOf(keyColumns);
  return {
    target,
    validate<T extends object>(rows: readonly T[], vopts: { partial?: boolean } = {}) {
      const kept: T[] = [];
      const rejects: RejectRow[] = [];
      const seen = new Set<string>();
      const partial = Boolean(vopts.partial);
      for (let i = 0; i < rows.length; i++) {
        const typed = rows[i] as T;
        const row = fieldsOf(typed);
        const gamePk =
          typeof row.game_pk === 'number' &&
          Number.isInteger(row.game_pk) &&
          row.game_pk > 0 &&
          row.game_pk <= 2_147_483_647
            ? row.game_pk
            : null;
        const keyText = keyOf(row);
        let fixed: T | undefined;
        let rowError: string | undefined;
        for (const col of columns) {
          const value = row[col.name];
          if (value === null || value === undefined) {
            if ((col.required || col.keyRequired) && !(partial && value === undefined)) {
              rowError = `${col.name} is missing`;
              break;
            }
            continue;
          }
          let problem: string | null = null;
          let replacement: unknown = null;
          if (col.text) {
            if (typeof value === 'string' && value.includes('\u0000')) {
              problem = 'contains NUL characters (dropped)';
              replacement = value.replaceAll('\u0000', '');
            }
          } else if (col.json) {
            replacement = withoutNul(value);
            if (replacement !== null) problem = 'contains NUL characters (dropped)';
          } else if (col.check) {
            problem = col.check(value);
          }
          if (problem === null) continue;
          if (col.key || (col.required && replacement === null)) {
            rowError = `${col.name} ${shown(value)} is ${problem}`;
            break;
          }
          fixed ??= { ...typed };
          fieldsOf(fixed)[col.name] = replacement;
          rejects.push({
            game_pk: gamePk,
            target,
            path: rowPath(target, i, keyText),
            reason: `${col.name} ${shown(value)} is ${problem}; stored as ${replacement === null ? 'null' : 'cleaned text'}`,
            record: null,
          });
        }
        if (rowError) {
          rejects.push({
            game_pk: gamePk,
            target,
            path: rowPath(target, i, keyText),
            reason: `row rejected: ${rowError}`,
            record: row,
          });
          continue;
        }
        if (keyColumns.length > 0) {
          if (seen.has(keyText)) {
            rejects.push({
              game_pk: gamePk,
              target,
              path: rowPath(target, i, keyText),
              reason: `row rejected: key (${keyText}) repeats an earlier row; the first is kept`,
              record: row,
            });
            continue;
          }
          seen.add(keyText);
        }
        kept.push(fixed ?? typed);
      }
      return { rows: kept, rejects };
    },
  };
}
