/**
 * Reads the simulator makes of its own tables and arrays, where a missing value is a bug in the
 * simulator (an index past the end, a key it never set): it is thrown, named, not carried on as
 * `undefined` into a body.
 */

/** The item at `i`. */
export function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`simulator: no item at index ${i} of ${items.length}`);
  return v;
}

/** The value of `key`. */
export function entry<V>(table: Readonly<Record<string | number, V>>, key: string | number): V {
  const v = table[key];
  if (v === undefined) throw new Error(`simulator: no entry "${key}"`);
  return v;
}

/** A value the caller knows is there (`what` names it in the error when it is not). */
export function present<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`simulator: ${what} is missing`);
  return v;
}

/** The `|`-separated columns of a row of one of the simulator's data tables, read by position. */
export function columns(row: string, sep = '|'): (i: number) => string {
  const cells = row.split(sep);
  return (i) => {
    const v = cells[i];
    if (v === undefined) throw new Error(`simulator: data row "${row}" has no column ${i}`);
    return v;
  };
}
