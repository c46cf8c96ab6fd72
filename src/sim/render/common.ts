/** Small shared pieces of response bodies: copyright, references, positions, stat formatting. */

import type { TeamInfo } from '../data/teams.js';
import { SPRING_LEAGUES } from '../data/teams.js';
import { fullName } from '../people-gen.js';
import type { League } from '../types.js';

export const COPYRIGHT =
  'Copyright 2026 MLB Advanced Media, L.P.  Use of any content on this page acknowledges agreement to the terms posted here http://gdx.mlb.com/components/copyright.txt';

export interface Position {
  code: string;
  name: string;
  type: string;
  abbreviation: string;
}

const POS_ROWS: Array<[string, string, string, string]> = [
  ['1', 'Pitcher', 'Pitcher', 'P'],
  ['2', 'Catcher', 'Catcher', 'C'],
  ['3', 'First Base', 'Infielder', '1B'],
  ['4', 'Second Base', 'Infielder', '2B'],
  ['5', 'Third Base', 'Infielder', '3B'],
  ['6', 'Shortstop', 'Infielder', 'SS'],
  ['7', 'Outfielder', 'Outfielder', 'LF'],
  ['8', 'Outfielder', 'Outfielder', 'CF'],
  ['9', 'Outfielder', 'Outfielder', 'RF'],
  ['10', 'Designated Hitter', 'Hitter', 'DH'],
  ['11', 'Pinch Hitter', 'Hitter', 'PH'],
  ['12', 'Pinch Runner', 'Runner', 'PR'],
  ['Y', 'Two-Way Player', 'Two-Way Player', 'TWP'],
  ['O', 'Outfield', 'Outfielder', 'OF'],
  ['U', 'Umpire', 'Umpire', 'U'],
];

/** Position objects by code. */
export const POSITIONS: ReadonlyMap<string, Position> = new Map(
  POS_ROWS.map(([code, name, type, abbreviation]) => [code, { code, name, type, abbreviation }]),
);

/** The position object for a code (a fresh copy, safe to embed). */
export function position(code: string): Position {
  const p = POSITIONS.get(code) ?? POSITIONS.get('1')!;
  return { code: p.code, name: p.name, type: p.type, abbreviation: p.abbreviation };
}

/** Lower-case position names used in play descriptions ("left fielder"). */
export const FIELDER_NAMES: Record<string, string> = {
  '1': 'pitcher',
  '2': 'catcher',
  '3': 'first baseman',
  '4': 'second baseman',
  '5': 'third baseman',
  '6': 'shortstop',
  '7': 'left fielder',
  '8': 'center fielder',
  '9': 'right fielder',
};

export const personLink = (id: number) => `/api/v1/people/${id}`;

type Ref = { id: number; fullName: string; link: string };
const refCache = new WeakMap<League, Map<number, Ref>>();

/** {id, fullName, link} (memoized per league; the returned object must not be mutated). */
export function personRef(league: League, id: number): Ref {
  let cache = refCache.get(league);
  if (!cache) {
    cache = new Map();
    refCache.set(league, cache);
  }
  let ref = cache.get(id);
  if (!ref) {
    const p = league.personById.get(id);
    ref = { id, fullName: p ? fullName(p) : `Player ${id}`, link: personLink(id) };
    cache.set(id, ref);
  }
  return ref;
}

const idRefs = new Map<number, { id: number; link: string }>();

/** {id, link} (memoized; must not be mutated). */
export function personIdRef(id: number): { id: number; link: string } {
  let ref = idRefs.get(id);
  if (!ref) {
    ref = { id, link: personLink(id) };
    if (idRefs.size > 50_000) idRefs.clear();
    idRefs.set(id, ref);
  }
  return ref;
}

/** {id, name, link} of a team. */
export function teamRef(t: TeamInfo) {
  return { id: t.id, name: t.name, link: `/api/v1/teams/${t.id}` };
}

/** Team reference as embedded in boxscores and hit lists. */
export function teamRefWithSpring(t: TeamInfo) {
  const spring = SPRING_LEAGUES.find((s) => s.id === t.springLeagueId)!;
  return { id: t.id, name: t.name, link: `/api/v1/teams/${t.id}`, springLeague: { ...spring }, allStarStatus: 'N' };
}

/** ".283" style rate; "1.000" when >= 1; `empty` when the denominator is zero. */
export function rate3(num: number, den: number, empty = '.---'): string {
  if (den === 0) return empty;
  const v = num / den;
  const s = v.toFixed(3);
  return v >= 1 ? s : s.slice(1);
}

/** "3.84" style per-N rate; `empty` when the denominator is zero. */
export function rate2(num: number, den: number, empty = '-.--'): string {
  if (den === 0) return empty;
  return (num / den).toFixed(2);
}

/** Innings pitched "6.1" from outs. */
export function inningsPitched(outs: number): string {
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

/** "1st", "2nd", "3rd", "4th"… */
export function ordinal(n: number): string {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
}

export const HANDS: Record<string, string> = { L: 'Left', R: 'Right', S: 'Switch' };
