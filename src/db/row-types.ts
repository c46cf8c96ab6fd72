import type { InferInsertModel, Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

/** The SQL names of a table's columns (`game_pk`, …), as literal types from the drizzle schema. */
export type ColumnName<T extends Table> = { [K in keyof Columns<T>]: Columns<T>[K]['_']['name'] }[keyof Columns<T>];

/** A value as it travels to the writers in JSON: a timestamp may be a `Date` or its ISO-8601 text. */
type Wire<V> = V extends Date ? Date | string : V;

/**
 * A row of a table keyed by SQL column name, as the writers take it (they send rows as JSON and
 * `json_populate_recordset` types them by the table): the insert model of the drizzle schema with
 * its property names replaced by the column names.
 */
export type ColumnRow<T extends Table> = {
  [K in keyof InferInsertModel<T> as K extends keyof Columns<T> ? Columns<T>[K]['_']['name'] : never]: Wire<
    InferInsertModel<T>[K]
  >;
};

/** `true` when every key of `R` is a column of `T` and every value fits its column; else the offending keys. */
export type RowFits<R, T extends Table> = [Exclude<keyof R, ColumnName<T>>] extends [never]
  ? R extends ColumnRow<T>
    ? true
    : {
        valuesThatDoNotFit: { [K in keyof R & keyof ColumnRow<T>]: R[K] extends ColumnRow<T>[K] ? never : K }[keyof R &
          keyof ColumnRow<T>];
      }
  : { notColumns: Exclude<keyof R, ColumnName<T>> };

/** As {@link RowFits} for a row that updates some columns of existing rows (`updateRows`). */
export type PartialRowFits<R, T extends Table> =
  RowFits<R, T> extends true
    ? true
    : R extends Partial<ColumnRow<T>>
      ? [Exclude<keyof R, ColumnName<T>>] extends [never]
        ? true
        : RowFits<R, T>
      : RowFits<R, T>;
