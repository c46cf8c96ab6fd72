import type { RejectRow } from './types.js';

/** Build a {@link RejectRow}; `record` is the offending input as received (undefined → null). */
export function reject(gamePk: number | null, target: string, path: string, reason: string, record: unknown): RejectRow {
  return { game_pk: gamePk, target, path, reason, record: record === undefined ? null : record };
}

/** The names of `required` columns that are still null in a draft row. */
export function missingColumns<T extends object>(draft: T, required: ReadonlyArray<keyof T>): string[] {
  return required.filter((col) => draft[col] === null || draft[col] === undefined).map(String);
}
