/** Date and time helpers: calendar dates, park-local start times, Stats API time formats. */

import type { VenueInfo } from './data/teams.js';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Epoch ms of a calendar date (YYYY-MM-DD) at 00:00 UTC. */
export function dateMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** Calendar date (YYYY-MM-DD) of an epoch ms, in UTC. */
export function toDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Adds days to a calendar date. */
export function addDays(date: string, days: number): string {
  return toDate(dateMs(date) + days * DAY_MS);
}

/** Day of week of a calendar date (0 = Sunday). */
export function dayOfWeek(date: string): number {
  return new Date(dateMs(date)).getUTCDay();
}

/** Whether US daylight saving time is in effect on a date (2nd Sunday of March to 1st Sunday of November). */
export function isDst(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const march1 = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const dstStart = Date.UTC(year, 2, 1 + ((7 - march1) % 7) + 7);
  const nov1 = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const dstEnd = Date.UTC(year, 10, 1 + ((7 - nov1) % 7));
  const ms = dateMs(date);
  return ms >= dstStart && ms < dstEnd;
}

/** UTC offset in hours of a park on a date. */
export function venueOffset(venue: Pick<VenueInfo, 'stdOffset' | 'dst'>, date: string): number {
  return venue.stdOffset + (venue.dst && isDst(date) ? 1 : 0);
}

/** Epoch ms of a local wall-clock time at a park. */
export function localToUtcMs(date: string, hour: number, minute: number, offsetHours: number): number {
  return dateMs(date) + (hour - offsetHours) * 3_600_000 + minute * MINUTE_MS;
}

/** "2025-06-01T18:20:00Z" (schedule gameDate style, no milliseconds). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

let isoDay = Number.NaN;
let isoPrefix = '';

/** "2025-06-01T18:29:13.843Z" (play and event times); caches the date part of the last day seen. */
export function isoMillis(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== isoDay) {
    isoDay = day;
    isoPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = rest - s * 1000;
  return `${isoPrefix}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

/** Stats API timecode "YYYYMMDD_HHMMSS" (UTC). */
export function timecode(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** Parses a timecode "YYYYMMDD_HHMMSS" (or "YYYYMMDD_HHMM"); undefined when malformed. */
export function parseTimecode(tc: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})?$/.exec(tc);
  const [, y, mo, d, h, mi, s] = m ?? [];
  if (!y || !mo || !d || !h || !mi) return undefined;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, s ? +s : 0);
}

/** "6/5" style short date used in makeup descriptions. */
export function shortDate(date: string): string {
  return `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
}

/** Local clock "1:20" and "PM" for a UTC instant at a given offset. */
export function localClock(ms: number, offsetHours: number): { time: string; ampm: 'AM' | 'PM' } {
  const d = new Date(ms + offsetHours * 3_600_000);
  const h24 = d.getUTCHours();
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return { time: `${h12}:${pad(d.getUTCMinutes())}`, ampm: h24 < 12 ? 'AM' : 'PM' };
}

/** "June 1, 2025" style long date. */
export function longDate(date: string): string {
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${months[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}
