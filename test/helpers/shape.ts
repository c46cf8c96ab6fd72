/**
 * Key-path shapes of JSON bodies: every path with its JSON type, array elements as `[]`, and id-like
 * object keys ("ID123456", "123") as `*`.
 */

const ID_KEY = /^(ID\d+|\d+)$/;

/** JSON type name of a value. */
export function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Adds every "path:type" of `value` to `out`. */
export function keyPaths(value: unknown, out = new Set<string>(), path = '$'): Set<string> {
  const t = jsonType(value);
  out.add(`${path}:${t}`);
  if (t === 'array') for (const e of value as unknown[]) keyPaths(e, out, `${path}[]`);
  else if (t === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      keyPaths(v, out, `${path}.${ID_KEY.test(k) ? '*' : k}`);
  }
  return out;
}

/** Paths of `expected` missing from `actual`, minus those matching an allow-list pattern. */
export function missingPaths(expected: Set<string>, actual: Set<string>, allow: readonly RegExp[]): string[] {
  return [...expected].filter((p) => !actual.has(p) && !allow.some((re) => re.test(p))).sort();
}
