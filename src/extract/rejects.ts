import type { RejectRow } from '../db/schema/rows.js';

/** Build a {@link RejectRow}; `record` is the offending input as received (undefined → null). */
export function reject(
  gamePk: number | null,
  target: string,
  path: string,
  reason: string,
  record: unknown,
): RejectRow {
  return { game_pk: gamePk, target, path, reason, record: record === undefined ? null : record };
}

/** The names of `required` columns that are still null in a draft row. */
export function missingColumns<T extends object>(draft: T, required: ReadonlyArray<keyof T>): string[] {
  return required.filter((col) => draft[col] === null || draft[col] === undefined).map(String);
}

/**
 * Rejects for counts that are numbers but not whole (`hits: 1.5`): they are read as null, and
 * this says so instead of storing the null silently.
 */
export function fractionalCounts(
  gamePk: number | null,
  target: string,
  path: string,
  stats: Record<string, unknown>,
  keys: Iterable<string>,
): RejectRow[] {
  const out: RejectRow[] = [];
  for (const key of keys) {
    const v = stats[key];
    if (typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v)) {
      out.push(reject(gamePk, target, `${path}.${key}`, `${key} ${v} is not a whole number; stored as null`, null));
    }
  }
  return out;
}
