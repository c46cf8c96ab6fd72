/** Calendar-day arithmetic on `YYYY-MM-DD` strings, in UTC (the API's official dates are calendar days). */

export const DAY_MS = 86_400_000;

/** Epoch ms of a day's start (UTC). */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The UTC calendar day of a moment. */
export const isoDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** A day shifted by whole days. */
export const addDays = (day: string, days: number): string => isoDay(dayStartMs(day) + days * DAY_MS);

/** The UTC day `days` from a moment (`shiftDate(now, -3)` = three days ago). */
export const shiftDate = (at: Date, days: number): string => isoDay(at.getTime() + days * DAY_MS);

/** Days from `start` to `end` counting both (1 for the same day). */
export const daysInRange = (start: string, end: string): number => (dayStartMs(end) - dayStartMs(start)) / DAY_MS + 1;
