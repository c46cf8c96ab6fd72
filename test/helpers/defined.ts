/** `v`, or a thrown error naming what the test expected to be there. */
export function defined<T>(v: T | undefined, what = 'a value'): T {
  if (v === undefined) throw new Error(`expected ${what}, found none`);
  return v;
}

/** The first item, or a thrown error when there is none. */
export function first<T>(items: readonly T[], what = 'an item'): T {
  return defined(items[0], what);
}
