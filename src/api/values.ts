import type { ItemKind, ParamDef } from './params.js';

/** The wire form of one parameter value, or the reason it is malformed. */
export type Checked = { ok: true; wire: string } | { ok: false; problem: string };

const ok = (wire: string): Checked => ({ ok: true, wire });
const bad = (problem: string): Checked => ({ ok: false, problem });

/**
 * Check one value against its definition and return its wire form (not yet URL-encoded; arrays
 * are returned as their elements, see {@link checkList}).
 */
export function checkScalar(def: ParamDef, value: unknown): Checked {
  switch (def.kind) {
    case 'integer':
      return checkInteger(def.name, value);
    case 'boolean':
      if (value === true || value === 'true') return ok('true');
      if (value === false || value === 'false') return ok('false');
      return bad(`${def.name} must be true or false, got ${show(value)}`);
    case 'string':
      if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value));
      if (typeof value === 'string' && value.trim() !== '') return ok(value);
      return bad(`${def.name} must be a non-empty string, got ${show(value)}`);
    case 'date':
      return checkPattern(def.name, value, 'a calendar date YYYY-MM-DD', DATE_RE, ([y, m, d]) => isDate(y!, m!, d!));
    case 'timecode':
      return checkPattern(
        def.name,
        value,
        'a timecode YYYYMMDD_HHMMSS',
        TIMECODE_RE,
        ([y, m, d, hh, mm, ss]) => isDate(y!, m!, d!) && isTime(hh!, mm!, ss!),
      );
    case 'dateTime':
      return checkPattern(
        def.name,
        value,
        'a UTC time YYYY-MM-DDTHH:MM:SSZ',
        DATE_TIME_RE,
        ([y, m, d, hh, mm, ss]) => isDate(y!, m!, d!) && isTime(hh!, mm!, ss!),
      );
    case 'patchTimecode':
      // Both forms are eight digits, an underscore and six; a real date reads only one way (the month of the
      // YYYYMMDD form would be the MMDDYYYY form's century, 19 or 20).
      return checkPattern(
        def.name,
        value,
        'a timecode YYYYMMDD_HHMMSS (or MMDDYYYY_HHMMSS)',
        PATCH_TIMECODE_RE,
        ([n, hh, mm, ss]) =>
          isTime(hh!, mm!, ss!) &&
          (isDate(Math.floor(n! / 1e4), Math.floor(n! / 100) % 100, n! % 100) ||
            isDate(n! % 1e4, Math.floor(n! / 1e6), Math.floor(n! / 1e4) % 100)),
      );
    case 'array':
      return bad(`${def.name} is a list`);
  }
}

/** Check a list parameter: an array, or a comma string (`"1,2"`); returns the elements' wire forms. */
export function checkList(
  def: ParamDef,
  value: unknown,
): { ok: true; items: string[] } | { ok: false; problem: string } {
  const items = def.items ?? 'string';
  let raw: unknown[];
  if (Array.isArray(value)) raw = value;
  else if (typeof value === 'string') raw = value.split(',');
  else if (typeof value === 'number' && items === 'integer') raw = [value];
  else return { ok: false, problem: `${def.name} must be a list or a comma-separated string, got ${show(value)}` };
  if (raw.length === 0) return { ok: false, problem: `${def.name} must not be an empty list` };
  const out: string[] = [];
  for (const element of raw) {
    const checked = checkItem(def.name, items, typeof element === 'string' ? element.trim() : element);
    if (!checked.ok) return checked;
    out.push(checked.wire);
  }
  return { ok: true, items: out };
}

function checkItem(name: string, kind: ItemKind, value: unknown): Checked {
  if (kind === 'integer') {
    const c = checkInteger(name, value);
    return c.ok ? c : bad(`${name} must be a list of integers, got ${show(value)} in it`);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value));
  if (typeof value === 'string' && value !== '') return ok(value);
  return bad(`${name} must be a list of non-empty strings, got ${show(value)} in it`);
}

function checkInteger(name: string, value: unknown): Checked {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return ok(String(value));
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return ok(String(Number(value.trim())));
  return bad(`${name} must be an integer, got ${show(value)}`);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMECODE_RE = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const PATCH_TIMECODE_RE = /^(\d{8})_(\d{2})(\d{2})(\d{2})$/;

function checkPattern(
  name: string,
  value: unknown,
  what: string,
  re: RegExp,
  valid: (parts: number[]) => boolean,
): Checked {
  if (typeof value !== 'string') return bad(`${name} must be ${what}, got ${show(value)}`);
  const m = re.exec(value);
  if (!m || !valid(m.slice(1).map(Number))) return bad(`${name} must be ${what}, got ${show(value)}`);
  return ok(value);
}

function isDate(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // month lengths of a leap year
  if (d > daysInMonth) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return !(m === 2 && d === 29 && !leap);
}

function isTime(hh: number, mm: number, ss: number): boolean {
  return hh < 24 && mm < 60 && ss < 60;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === undefined) return 'nothing';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
