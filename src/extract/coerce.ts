/**
 * Total, never-throwing conversions from untyped JSON to column values. Anything that does not fit
 * the column becomes `null`, so a row never carries `undefined`, `NaN` or `""` into the loader; an
 * integer too large for its column is the exception ({@link toInt}), left for the row check.
 */

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** The value as a JSON object, or null for arrays, primitives and null. */
export function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

/** The value as an array, or null. */
export function asArray(value: unknown): unknown[] | null {
  return Array.isArray(value) ? value : null;
}

/**
 * Walk `path` through nested objects/arrays; `undefined` as soon as a step is missing. For what is
 * read once a body or once a game. Code run per pitch, play or runner reads `asObject(x)?.field`
 * instead: one function reading every key of every extractor is slow at it (see
 * docs/performance.md).
 */
export function pick(value: unknown, ...path: Array<string | number>): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const INT_TEXT = /^-?\d+$/;
const NUM_TEXT = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * An integer, from a number or a digit string (`"100"` → 100); floats, `".---"` and the rest → null.
 * An integer too large for any column (`99999999999999999999999999` is read as 1e26, inexact beyond
 * 2^53; `1e400` as Infinity) is returned as read, not as null: the row check against the column's
 * type (db/validate-rows.ts) then rejects it with a reason, where a null would be stored silently.
 */
export function toInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) || Math.abs(value) === Infinity ? value : null;
  if (typeof value === 'string' && INT_TEXT.test(value.trim())) return Number(value.trim());
  return null;
}

/** A finite number, from a number or a numeric string (`"1.000"` → 1); rate placeholders like `".---"` → null. */
export function toNum(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUM_TEXT.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Non-empty text; numbers become their decimal text (a hit `location` may be `8` or `"8"`); `""` → null. */
export function toText(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A boolean, or null for anything that is not one. */
export function toBool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` (validated), or null. Date-times are not truncated: their UTC day may be wrong. */
export function toDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE_TEXT.exec(value);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? value : null;
}

/** `2025-04-01T23:05:12.345Z`: what `Date.prototype.toISOString` writes for years 0000-9999. */
const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Month 01-12, day 01-28 (valid in every month), hour 00-23, minute and second 00-59. */
function plainDayAndTime(v: string): boolean {
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 28 &&
    twoDigits(v, 11) <= 23 &&
    twoDigits(v, 14) <= 59 &&
    twoDigits(v, 17) <= 59
  );
}

function twoDigits(v: string, at: number): number {
  return (v.charCodeAt(at) - 48) * 10 + v.charCodeAt(at + 1) - 48;
}

/**
 * An ISO-8601 timestamp normalized to UTC (`2024-07-13T01:43:56.863Z`), or null. A timestamp
 * without a zone is read as UTC (never as the machine's local time).
 */
export function toTimestamp(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // The API's usual form is already the canonical one: a valid instant in it is returned as is.
  if (value.length === 24 && CANONICAL_INSTANT.test(value) && plainDayAndTime(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
