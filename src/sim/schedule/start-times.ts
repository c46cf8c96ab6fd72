import type { VenueInfo } from '../data/teams.js';
import type { Rng } from '../prng.js';
import { dayOfWeek, localToUtcMs, venueOffset } from '../time.js';

const NIGHT = [
  [18, 40],
  [18, 45],
  [19, 5],
  [19, 7],
  [19, 10],
  [19, 15],
  [18, 35],
] as const;
const DAY = [
  [12, 10],
  [13, 5],
  [13, 10],
  [13, 35],
  [13, 40],
  [16, 5],
  [12, 35],
] as const;

/** Picks a realistic local start time for a game and returns it in UTC with its day/night label. */
export function pickStartTime(
  rng: Rng,
  date: string,
  venue: VenueInfo,
  opts: { getaway: boolean; forceDay?: boolean },
): { startMs: number; dayNight: 'day' | 'night' } {
  const dow = dayOfWeek(date);
  let day: boolean;
  if (opts.forceDay) day = true;
  else if (dow === 0) day = rng.chance(0.92);
  else if (dow === 6) day = rng.chance(0.45);
  else day = opts.getaway ? rng.chance(0.4) : rng.chance(0.08);
  const [h, m] = day ? rng.pick(DAY) : rng.pick(NIGHT);
  return { startMs: localToUtcMs(date, h, m, venueOffset(venue, date)), dayNight: h >= 17 ? 'night' : 'day' };
}

/** A start at a fixed local time. */
export function fixedStart(
  date: string,
  venue: VenueInfo,
  hour: number,
  minute: number,
): { startMs: number; dayNight: 'day' | 'night' } {
  return {
    startMs: localToUtcMs(date, hour, minute, venueOffset(venue, date)),
    dayNight: hour >= 17 ? 'night' : 'day',
  };
}
