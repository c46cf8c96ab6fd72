/**
 * Weather and other disruptions applied to the built schedule: postponed games made up as split or
 * traditional doubleheaders or on a later off day, one suspended game resumed the next day, and one
 * cancelled spring game. Postponed and suspended games keep their gamePk, as in the real API.
 */

import type { Rng } from '../prng.js';
import { at } from '../checked.js';
import { addDays, dateMs, DAY_MS, localToUtcMs, MINUTE_MS, shortDate, venueOffset } from '../time.js';
import type { League, SchedGame } from '../types.js';

/** A game whose doubleheader flags only apply from a point in time (when the makeup is announced). */
export interface DoubleHeaderChange {
  fromMs: number;
}

const POSTPONEMENTS = 9;

function keyOf(a: number, b: number, date: string) {
  return `${Math.min(a, b)}-${Math.max(a, b)}-${date}`;
}

/** Applies postponements and the suspended game to regular-season games (mutates them). */
export function applyRegularDisruptions(
  rng: Rng,
  league: League,
  games: SchedGame[],
  dhChanges: Map<number, DoubleHeaderChange>,
): void {
  const byPairDate = new Map<string, SchedGame>();
  const datesWithGames = new Set<string>();
  for (const g of games) {
    byPairDate.set(keyOf(g.awayId, g.homeId, g.originalDate), g);
    datesWithGames.add(g.originalDate);
  }
  const first = at(games, 0).originalDate;
  const last = at(games, games.length - 1).originalDate;
  const touched = new Set<string>();
  const busy = (g: SchedGame) => {
    for (let d = -3; d <= 3; d++) {
      const date = addDays(g.originalDate, d);
      if (touched.has(`${g.awayId}:${date}`) || touched.has(`${g.homeId}:${date}`)) return true;
    }
    return false;
  };
  const mark = (g: SchedGame) => {
    touched.add(`${g.awayId}:${g.originalDate}`);
    touched.add(`${g.homeId}:${g.originalDate}`);
  };
  const candidates = games.filter(
    (g) => dateMs(g.originalDate) >= dateMs(first) + 8 * DAY_MS && dateMs(g.originalDate) <= dateMs(last) - 20 * DAY_MS,
  );
  // The suspended game: a June night game with a next-day game between the same clubs (any night
  // game of a season without June games, 2020's).
  const nights = candidates.filter((g) => g.dayNight === 'night');
  const june = nights.filter((g) => g.originalDate.slice(5, 7) === '06');
  const suspendable = june.length > 0 ? june : nights;
  for (let tries = 0; tries < 200; tries++) {
    const g = rng.pick(suspendable);
    const next = byPairDate.get(keyOf(g.awayId, g.homeId, addDays(g.originalDate, 1)));
    if (next?.dayNight !== 'night' || busy(g)) continue;
    const resumeStartMs = next.startMs - 200 * MINUTE_MS;
    g.suspended = { afterHalfInnings: 11, resumeDate: next.originalDate, resumeStartMs, reason: 'Rain' };
    mark(g);
    break;
  }
  let made = 0;
  for (let tries = 0; tries < 2000 && made < POSTPONEMENTS; tries++) {
    const g = rng.pick(candidates);
    if (busy(g) || g.suspended || g.doubleHeader !== 'N') continue;
    const next = byPairDate.get(keyOf(g.awayId, g.homeId, addDays(g.originalDate, 1)));
    const venue = league.venueById.get(g.venueId)!;
    const announcedMs = g.originalStartMs - rng.int(60, 150) * MINUTE_MS;
    const reason = rng.chance(0.6) ? 'Rain' : 'Inclement Weather';
    const postponed = {
      announcedMs,
      reason,
      statusCode: reason === 'Rain' ? 'DR' : 'DI',
      originalDoubleHeader: 'N' as const,
      originalGameNumber: 1,
    };
    const style = made % 3; // 0 split DH, 1 traditional DH, 2 later off day
    if (style < 2 && next && next.dayNight === 'night' && next.doubleHeader === 'N') {
      const makeupDate = next.originalDate;
      g.postponed = postponed;
      g.officialDate = makeupDate;
      g.description = `Makeup of ${shortDate(g.originalDate)} PPD`;
      if (style === 0) {
        g.startMs = localToUtcMs(makeupDate, 13, 5, venueOffset(venue, makeupDate));
        g.doubleHeader = 'S';
        g.dayNight = 'day';
      } else {
        g.startMs = next.startMs - 215 * MINUTE_MS;
        g.doubleHeader = 'Y';
        g.dayNight = 'day';
      }
      g.gameNumber = 1;
      next.doubleHeader = g.doubleHeader;
      next.gameNumber = 2;
      dhChanges.set(next.gamePk, { fromMs: announcedMs });
    } else if (style === 2) {
      let date = addDays(g.originalDate, 10);
      while (datesWithGames.has(date) && dateMs(date) < dateMs(last)) date = addDays(date, 1);
      if (datesWithGames.has(date)) continue;
      datesWithGames.add(date);
      g.postponed = postponed;
      g.officialDate = date;
      g.startMs = localToUtcMs(date, 18, 40, venueOffset(venue, date));
      g.dayNight = 'night';
      g.description = `Makeup of ${shortDate(g.originalDate)} PPD`;
    } else continue;
    mark(g);
    made++;
  }
}

/** Cancels one mid-March spring game (status C, never played). */
export function applySpringCancellation(rng: Rng, games: SchedGame[]): void {
  const march = games.filter((g) => g.originalDate.slice(5, 7) === '03' && Number(g.originalDate.slice(8, 10)) >= 8);
  const g = rng.pick(march.length > 0 ? march : games);
  g.cancelled = { announcedMs: g.startMs - 95 * MINUTE_MS, reason: 'Rain' };
}
