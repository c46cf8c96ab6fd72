import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { battingLines, LINE_GAME_COLUMNS, pitchingLines } from '../../src/db/schema/index.js';

/** Columns the loader fills itself (never present in extracted rows). */
const LOADER_COLUMNS = new Set(['run_id', 'updated_at', 'reject_id', 'created_at']);

/** Columns the database fills by trigger, per table: a boxscore line's season and type, from mlb.games. */
const DATABASE_COLUMNS = new Map<PgTable, ReadonlySet<string>>([
  [battingLines, new Set(LINE_GAME_COLUMNS)],
  [pitchingLines, new Set(LINE_GAME_COLUMNS)],
]);

/** SQL column names a row for `table` must carry, and each column's drizzle type and nullability. */
export function rowColumns(table: PgTable): Map<string, { type: string; notNull: boolean }> {
  const columns = new Map<string, { type: string; notNull: boolean }>();
  const byDatabase = DATABASE_COLUMNS.get(table);
  for (const c of Object.values(getTableColumns(table))) {
    if (!LOADER_COLUMNS.has(c.name) && !byDatabase?.has(c.name))
      columns.set(c.name, { type: c.columnType, notNull: c.notNull });
  }
  return columns;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function valueProblem(type: string, value: unknown): string | null {
  if (value === null) return null;
  switch (type) {
    case 'PgInteger':
      return Number.isSafeInteger(value) ? null : 'not an integer';
    case 'PgDoublePrecision':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'not a finite number';
    case 'PgText':
      return typeof value === 'string' && value !== '' ? null : 'not a non-empty string';
    case 'PgBoolean':
      return typeof value === 'boolean' ? null : 'not a boolean';
    case 'PgTimestamp':
      return typeof value === 'string' && ISO_TIMESTAMP.test(value) ? null : 'not an ISO timestamp';
    case 'PgDateString':
      return typeof value === 'string' && ISO_DATE.test(value) ? null : 'not a YYYY-MM-DD date';
    case 'PgJsonb':
      return value === undefined ? 'undefined' : null;
    default:
      return `unexpected column type ${type}`;
  }
}

/**
 * Every way `rows` fail to fit `table`: missing or extra keys (for `partial` rows, only extra keys
 * and the non-null ones), values of the wrong type, nulls in NOT NULL columns. Empty when all fit.
 */
export function conformanceProblems(
  table: PgTable,
  rows: readonly object[],
  opts: { partial?: boolean } = {},
): string[] {
  const columns = rowColumns(table);
  const problems: string[] = [];
  rows.forEach((row, i) => {
    const keys = Object.keys(row);
    for (const key of keys) if (!columns.has(key)) problems.push(`row ${i}: unknown column ${key}`);
    for (const [name, { type, notNull }] of columns) {
      const value = (row as Record<string, unknown>)[name];
      if (!(name in row)) {
        if (!opts.partial || notNull) problems.push(`row ${i}: missing ${name}`);
        continue;
      }
      if (opts.partial && value === null) problems.push(`row ${i}: partial row carries null ${name}`);
      if (notNull && value === null) problems.push(`row ${i}: null in NOT NULL ${name}`);
      const problem = valueProblem(type, value);
      if (problem) problems.push(`row ${i}: ${name}=${JSON.stringify(value)} ${problem}`);
    }
  });
  return problems.slice(0, 20);
}
