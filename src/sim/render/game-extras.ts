/** Per-game details that are not part of the play log: umpires, weather, attendance. */

import { at } from '../checked.js';
import { createRng, hashSeed } from '../prng.js';
import type { League, SchedGame } from '../types.js';

const OFFICIAL_TYPES = ['Home Plate', 'First Base', 'Second Base', 'Third Base'];
const CONDITIONS = ['Clear', 'Sunny', 'Partly Cloudy', 'Cloudy', 'Overcast', 'Drizzle'];
const WINDS = [
  'Out To CF',
  'In From CF',
  'L To R',
  'R To L',
  'Out To LF',
  'Out To RF',
  'In From LF',
  'In From RF',
  'Varies',
  'Calm',
];

/** The umpire crew works a whole series; positions rotate game by game. */
export function officialsOf(league: League, seed: number, g: SchedGame): Array<{ id: number; type: string }> {
  const crew = at(
    league.umpireCrews,
    hashSeed(seed, g.homeId, g.seriesNumberHome, g.gameType.charCodeAt(0)) % league.umpireCrews.length,
  );
  return OFFICIAL_TYPES.map((type, i) => ({ id: at(crew, (i + g.seriesGameNumber - 1) % crew.length), type }));
}

/** Weather at first pitch. */
export function weatherOf(seed: number, g: SchedGame, roofType: string) {
  const rng = createRng(hashSeed(seed, g.gamePk, 0x3ea7));
  const month = Number(g.officialDate.slice(5, 7));
  const base = { 2: 66, 3: 68, 4: 62, 5: 70, 6: 78, 7: 83, 8: 82, 9: 76, 10: 64, 11: 55 }[month] ?? 70;
  if (roofType === 'Dome') return { condition: 'Dome', temp: '72', wind: '0 mph, None' };
  const speed = rng.int(0, 16);
  return {
    condition: rng.pick(CONDITIONS),
    temp: String(Math.round(base + rng.normal(0, 6))),
    wind: speed === 0 ? '0 mph, Calm' : `${speed} mph, ${rng.pick(WINDS)}`,
  };
}

/** Paid attendance. */
export function attendanceOf(seed: number, g: SchedGame, capacity: number): number {
  const rng = createRng(hashSeed(seed, g.gamePk, 0xa77));
  return Math.round(
    capacity * rng.range(g.gameType === 'S' ? 0.4 : 0.55, g.gameType === 'R' || g.gameType === 'S' ? 0.98 : 1),
  );
}
