/**
 * The deepest nesting of arrays and objects a body may have. JSON.parse has no limit of its own,
 * but what walks the parsed body (JSON.stringify, for its fingerprint) runs out of stack a few
 * thousand levels down, and the database's json check is recursive too (the embedded database
 * aborted on a body nested 200,000 levels deep). The deepest real body nests 14 levels.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether a parsed JSON value nests its arrays and objects more than `limit` levels deep (a scalar
 * nests 0). It stops at the first value past the limit, so it never goes more than `limit + 1` calls
 * deep, and it visits only arrays and objects: cheaper than reading the text a character at a time.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  const below = limit - 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const e: unknown = value[i];
      if (typeof e === 'object' && e !== null && nestsDeeperThan(e, below)) return true;
    }
  } else {
    for (const key in value) {
      const e: unknown = (value as Record<string, unknown>)[key];
      if (typeof e === 'object' && e !== null && nestsDeeperThan(e, below)) return true;
    }
  }
  return false;
}

/**
 * How deeply a JSON text nests its arrays and objects (0 for a scalar), brackets inside strings not
 * counted. For text JSON.parse accepted. One pass over the characters: a plain loop, which kept up
 * with a regular expression on the recorded bodies and, unlike one, cannot backtrack.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
