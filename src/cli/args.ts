import { InvalidArgumentError } from 'commander';
import { MAX_INT4 } from '../config.js';
import type { AlertCondition } from '../db/queries/status.js';
import { MILB_SPORT_IDS } from '../sim/data/sports.js';

/** Whether `s` is a real calendar date in the form YYYY-MM-DD (2024-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** commander argParser for a YYYY-MM-DD flag. */
export function parseDateFlag(value: string): string {
  if (!isCalendarDate(value)) throw new InvalidArgumentError(`"${value}" is not a real date (YYYY-MM-DD)`);
  return value;
}

/** commander argParser for a positive integer flag. */
export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new InvalidArgumentError(`"${value}" is not a positive integer`);
  }
  return n;
}

/** commander argParser for a page size: 10 to 5000. */
export function parsePageSize(value: string): number {
  const n = parsePositiveInt(value);
  if (n < 10 || n > 5000) throw new InvalidArgumentError(`"${value}" is not a page size between 10 and 5000`);
  return n;
}

/** commander argParser for the people one awards snapshot fetches: 1 to 20000. */
export function parseMaxPeople(value: string): number {
  const n = parsePositiveInt(value);
  if (n < 1 || n > 20000) throw new InvalidArgumentError(`"${value}" is not a number of people between 1 and 20000`);
  return n;
}

/** commander argParser for a season year. */
export function parseSeason(value: string): number {
  const n = parsePositiveInt(value);
  if (n < 1876 || n > 2100) throw new InvalidArgumentError(`"${value}" is not a season between 1876 and 2100`);
  return n;
}

/** commander argParser for a comma list of positive integers (`1,11`). */
export function parseIntList(value: string): number[] {
  const parts = value.split(',').map((s) => s.trim());
  if (parts.some((p) => !/^\d+$/.test(p) || Number(p) <= 0 || Number(p) > MAX_INT4)) {
    throw new InvalidArgumentError(`"${value}" is not a comma list of ids from 1 to ${MAX_INT4}`);
  }
  return [...new Set(parts.map(Number))];
}

/** commander argParser for the levels the simulator serves: 1 (MLB) and any of 11–14. */
export function parseSimSportIds(value: string): number[] {
  const ids = parseIntList(value);
  const bad = ids.find((s) => s !== 1 && !MILB_SPORT_IDS.includes(s));
  if (bad !== undefined)
    throw new InvalidArgumentError(`"${value}": the simulator serves sports 1 and 11-14, not ${bad}`);
  return ids;
}

/** commander argParser for a comma list of game types (`R,F,D,L,W`). */
export function parseGameTypes(value: string): string[] {
  const parts = value.split(',').map((s) => s.trim().toUpperCase());
  if (parts.some((p) => !/^[A-Z]$/.test(p))) {
    throw new InvalidArgumentError(`"${value}" is not a comma list of one-letter game types (e.g. R,F,D,L,W)`);
  }
  return [...new Set(parts)];
}

/** commander argParser for an ISO timestamp. */
export function parseTimestamp(value: string): Date {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime()) || !isCalendarDate(value.slice(0, 10))) {
    throw new InvalidArgumentError(`"${value}" is not a valid ISO timestamp`);
  }
  return d;
}

const DURATION_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** commander argParser for `--fail-on dead-letters,stale=2h` (units s, m, h, d). */
export function parseFailOn(value: string): AlertCondition[] {
  const out: AlertCondition[] = [];
  for (const part of value.split(',').map((s) => s.trim())) {
    const stale = /^stale=(\d+)([smhd])$/.exec(part);
    if (part === 'dead-letters') out.push({ kind: 'dead-letters' });
    else if (stale && Number(stale[1]) > 0)
      out.push({ kind: 'stale', windowMs: Number(stale[1]) * DURATION_UNITS_MS[stale[2]!]! });
    else
      throw new InvalidArgumentError(`"${part}" is not a condition (dead-letters, stale=<n><s|m|h|d>, e.g. stale=2h)`);
  }
  return out;
}
