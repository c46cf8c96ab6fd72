import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { calendarDate, gameType, season, sportId } from '../../jobs/fields.js';
import { seasonList } from '../../jobs/backfill.js';
import { maxPeople, pageSize } from '../../jobs/snapshot.js';
import type { AlertCondition } from '../db/queries/status.js';
import { MILB_SPORT_IDS } from '../sim/data/sports.js';

/** Whether `s` is a real calendar date in the form YYYY-MM-DD (2024-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  return calendarDate.safeParse(s).success;
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

/**
 * A commander argParser for an integer flag a job's schema bounds: the range is the schema's
 * (`what` names the value in the one line a bad flag prints).
 */
function boundedInt(schema: z.ZodNumber, what: string): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!schema.safeParse(n).success) {
      throw new InvalidArgumentError(`"${value}" is not ${what} between ${schema.minValue} and ${schema.maxValue}`);
    }
    return n;
  };
}

/** commander argParser for a page size (the snapshot job's bounds). */
export const parsePageSize = boundedInt(pageSize, 'a page size');

/** commander argParser for the people one awards snapshot fetches (the snapshot job's bounds). */
export const parseMaxPeople = boundedInt(maxPeople, 'a number of people');

/** commander argParser for a season year (the jobs' bounds). */
export const parseSeason = boundedInt(season, 'a season');

/**
 * commander argParser for `--season`: a year (`2025`), a range (`2008-2025`, either way round) or a
 * comma list of both (`2019,2021-2023`), each year as the jobs bound it; the years in the order
 * written (a range from its first year to its last), each once.
 */
export function parseSeasons(value: string): number[] {
  const out: number[] = [];
  for (const part of value.split(',').map((s) => s.trim())) {
    const m = /^(\d{4})(?:\s*-\s*(\d{4}))?$/.exec(part);
    const a = m ? Number(m[1]) : Number.NaN;
    const b = m?.[2] !== undefined ? Number(m[2]) : a;
    if (!m || !season.safeParse(a).success || !season.safeParse(b).success)
      throw new InvalidArgumentError(
        `"${value}" is not a season, a range of seasons or a comma list of them (e.g. 2025, 2008-2025, 2019,2021-2023), each between ${season.minValue} and ${season.maxValue}`,
      );
    const step = a <= b ? 1 : -1;
    for (let y = a; y !== b + step; y += step) if (!out.includes(y)) out.push(y);
  }
  const checked = seasonList.safeParse(out);
  if (!checked.success) throw new InvalidArgumentError(`"${value}": ${checked.error.issues[0]?.message}`);
  return out;
}

/** commander argParser for a comma list of sport ids (`1,11`), each as the jobs bound it. */
export function parseIntList(value: string): number[] {
  const parts = value.split(',').map((s) => s.trim());
  if (parts.some((p) => !/^\d+$/.test(p) || !sportId.safeParse(Number(p)).success)) {
    throw new InvalidArgumentError(
      `"${value}" is not a comma list of ids from ${sportId.minValue} to ${sportId.maxValue}`,
    );
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

/** commander argParser for a comma list of game types (`R,F,D,L,W`), each as the backfill job checks it. */
export function parseGameTypes(value: string): string[] {
  const parts = value.split(',').map((s) => s.trim().toUpperCase());
  if (parts.some((p) => !gameType.safeParse(p).success)) {
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
