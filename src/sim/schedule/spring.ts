/** Spring training: daily games inside the Cactus and Grapefruit leagues from late February. */

import type { VenueInfo } from '../data/teams.js';
import type { Rng } from '../prng.js';
import { at } from '../checked.js';
import { addDays, dateMs, DAY_MS } from '../time.js';
import type { League, SchedGame } from '../types.js';
import { fixedStart } from './start-times.js';

const SPRING_VENUE_NAMES: Record<number, string> = {
  2500: 'Tempe Diablo Stadium',
  2603: 'Salt River Fields at Talking Stick',
  2508: 'Ed Smith Stadium',
  4309: 'JetBlue Park',
  4629: 'Sloan Park',
  3834: 'Goodyear Ballpark',
  4249: 'Salt River Fields at Talking Stick',
  2511: 'Publix Field at Joker Marchant Stadium',
  5000: 'CACTI Park of the Palm Beaches',
  2509: 'Surprise Stadium',
  3809: 'Camelback Ranch',
  2856: 'Clover Park',
  2507: 'Hohokam Stadium',
  2526: 'LECOM Park',
  2530: 'Peoria Stadium',
  2532: 'Scottsdale Stadium',
  2520: 'Roger Dean Chevrolet Stadium',
  2534: 'Charlotte Sports Park',
  2536: 'TD Ballpark',
  2862: 'Hammond Stadium',
  2700: 'BayCare Ballpark',
  5380: 'CoolToday Park',
  2518: 'American Family Fields of Phoenix',
  2523: 'George M. Steinbrenner Field',
};

/** Spring parks as minimal venues (Arizona parks keep MST, Florida parks follow Eastern time). */
export function springVenue(id: number, springLeagueId: number): VenueInfo {
  const az = springLeagueId === 114;
  const name = SPRING_VENUE_NAMES[id] ?? `Spring Park ${id}`;
  return {
    id,
    name,
    // As MLB lists a spring complex: its name first, then the street.
    address1: name,
    address2: '1 Ballpark Way',
    city: az ? 'Phoenix' : 'Tampa',
    state: az ? 'Arizona' : 'Florida',
    stateAbbrev: az ? 'AZ' : 'FL',
    postalCode: az ? '85001' : '33601',
    phone: '(555) 555-0100',
    latitude: az ? 33.45 : 27.95,
    longitude: az ? -112.07 : -82.46,
    elevation: az ? 1100 : 10,
    azimuthAngle: 30,
    tzId: az ? 'America/Phoenix' : 'America/New_York',
    stdOffset: az ? -7 : -5,
    dst: !az,
    tzStd: az ? 'MST' : 'EST',
    tzDst: az ? 'MST' : 'EDT',
    capacity: 10_000,
    turfType: 'Grass',
    roofType: 'Open',
    dims: [335, 375, 400, 375, 335],
    country: 'USA',
  };
}

/** Builds spring-training games from `firstDate` to the day before `lastDate`. */
export function buildSpringTraining(
  rng: Rng,
  league: League,
  firstDate: string,
  endDate: string,
  firstPk: number,
): SchedGame[] {
  const games: Array<Omit<SchedGame, 'gamePk'>> = [];
  const days = (dateMs(endDate) - dateMs(firstDate)) / DAY_MS;
  const counts = new Map<number, number>();
  for (const leagueId of [114, 115]) {
    const clubs = league.teams.filter((t) => t.springLeagueId === leagueId).map((t) => t.id);
    for (let d = 0; d < days; d++) {
      const date = addDays(firstDate, d);
      const order = [...clubs];
      for (let i = order.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [order[i], order[j]] = [at(order, j), at(order, i)];
      }
      for (let i = 0; i + 1 < order.length; i += 2) {
        const [x, y] = [at(order, i), at(order, i + 1)];
        const [awayId, homeId] = rng.chance(0.5) ? [x, y] : [y, x];
        const home = league.teamById.get(homeId)!;
        const venue = springVenue(home.springVenueId, leagueId);
        const night = rng.chance(0.12);
        const { startMs, dayNight } = fixedStart(date, venue, night ? 18 : 13, night ? 5 : rng.pick([5, 5, 10, 5]));
        const awayGameIndex = counts.get(awayId) ?? 0;
        const homeGameIndex = counts.get(homeId) ?? 0;
        counts.set(awayId, awayGameIndex + 1);
        counts.set(homeId, homeGameIndex + 1);
        games.push({
          gameType: 'S',
          season: league.season,
          awayId,
          homeId,
          venueId: venue.id,
          originalDate: date,
          originalStartMs: startMs,
          officialDate: date,
          startMs,
          dayNight,
          doubleHeader: 'N',
          gameNumber: 1,
          seriesNumberAway: awayGameIndex + 1,
          seriesNumberHome: homeGameIndex + 1,
          gamesInSeries: 1,
          seriesGameNumber: 1,
          seriesDescription: 'Spring Training',
          ifNecessary: false,
          scheduledInnings: 9,
          awayGameIndex,
          homeGameIndex,
        });
      }
    }
  }
  games.sort((a, b) => a.startMs - b.startMs || a.homeId - b.homeId);
  return games.map((g, i) => ({ ...g, gamePk: firstPk + i }));
}
