/**
 * The deepest nesting of arrays and objects a body may have. JSON.parse has no limit of its own,
 * but what walks the parsed body (JSON.stringify, for its fingerprint) runs out of stack a few
 * thousand levels down, and the database's json check is recursive too (the embedded database
 * aborted on a body nested 200,000 levels deep). The deepest real body nests 14 levels.
 */
export const MAX_JSON_DEPTH = 512;

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
