import type { RejectRow } from '../db/schema/rows.js';

/**
 * What extraction shares besides its rows. The row types themselves are derived from the drizzle
 * tables (`src/db/schema/rows.ts`, imported as types only): a row's keys are its table's column
 * names, and a column changed in the schema changes the row extraction must produce.
 *
 * Value conventions: integers and floats are JS numbers, timestamps ISO-8601 strings (UTC),
 * dates `YYYY-MM-DD`, and a missing optional value is `null` (never `undefined`, `NaN` or `""`).
 */

/** What every extractor returns: the rows it could build and the records it could not. */
export interface Extracted<T> {
  rows: T;
  rejects: RejectRow[];
}

/** A row under construction: every column may still be null until it is validated. */
export type Draft<T> = { [K in keyof T]: T[K] | null };

/** A base as the feed names it in runner movements. */
export type BaseName = '1B' | '2B' | '3B' | 'score';
