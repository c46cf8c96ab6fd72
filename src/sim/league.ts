/** Builds the seeded league: clubs, parks, 40-man rosters, depth charts and game officials. */

import { at } from './checked.js';
import { MILB_SPORT_IDS, milbLevel } from './data/levels.js';
import { TEAMS, type TeamInfo, type VenueInfo } from './data/teams.js';
import { VENUES } from './data/venues.js';
import { createOfficial, createPlayer } from './people-gen.js';
import { createRng, hashSeed, type Rng } from './prng.js';
import type { League, Person, TeamDepth } from './types.js';

// Active 26: 5 starters, 8 relievers, 13 position players (9 starters incl. DH, 4 bench).
const ACTIVE_LAYOUT: Array<['SP' | 'RP' | 'POS', string]> = [
  ...Array.from({ length: 5 }, () => ['SP', '1'] as ['SP', string]),
  ...Array.from({ length: 8 }, () => ['RP', '1'] as ['RP', string]),
  ['POS', '2'],
  ['POS', '3'],
  ['POS', '4'],
  ['POS', '5'],
  ['POS', '6'],
  ['POS', '7'],
  ['POS', '8'],
  ['POS', '9'],
  ['POS', '10'],
  ['POS', '2'],
  ['POS', '6'],
  ['POS', '4'],
  ['POS', '8'],
];
// The rest of the 40-man roster.
const RESERVE_LAYOUT: Array<['SP' | 'RP' | 'POS', string]> = [
  ['SP', '1'],
  ['SP', '1'],
  ['RP', '1'],
  ['RP', '1'],
  ['RP', '1'],
  ['RP', '1'],
  ['RP', '1'],
  ['POS', '2'],
  ['POS', '5'],
  ['POS', '3'],
  ['POS', '6'],
  ['POS', '7'],
  ['POS', '9'],
  ['POS', '8'],
];
const RESERVE_STATUS = [
  '40M',
  '40M',
  '40M',
  '40M',
  'D10',
  '40M',
  'D60',
  '40M',
  'MIN',
  '40M',
  '40M',
  'D10',
  '40M',
  'MIN',
];

/** Unique id allocator inside a numeric band. */
function createIdAllocator(rng: Rng) {
  const used = new Set<number>();
  return (min: number, max: number): number => {
    for (;;) {
      const id = rng.int(min, max);
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

function jerseyAllocator(rng: Rng) {
  const used = new Set<number>();
  return (): string => {
    for (;;) {
      const n = rng.int(1, 99);
      if (!used.has(n)) {
        used.add(n);
        return String(n);
      }
    }
  };
}

/** Assigns boxscore names the way the real API does: "Last", or "Last, F" when a surname repeats. */
function assignBoxscoreNames(players: Person[]): void {
  const byLast = new Map<string, Person[]>();
  for (const p of players) byLast.set(p.useLastName, [...(byLast.get(p.useLastName) ?? []), p]);
  for (const group of byLast.values()) {
    if (group.length < 2) continue;
    const initials = new Map<string, number>();
    for (const p of group) initials.set(p.useName.charAt(0), (initials.get(p.useName.charAt(0)) ?? 0) + 1);
    for (const p of group) {
      const short = (initials.get(p.useName.charAt(0)) ?? 0) > 1 ? p.useName.slice(0, 2) : p.useName.charAt(0);
      p.boxscoreName = `${p.useLastName}, ${short}`;
    }
  }
}

function buildDepth(active: Person[]): TeamDepth {
  const pitchers = active.filter((p) => p.role !== 'POS');
  const rotation = pitchers.filter((p) => p.role === 'SP').map((p) => p.id);
  const bullpen = pitchers
    .filter((p) => p.role === 'RP')
    .sort((a, b) => b.stuff - a.stuff)
    .map((p) => p.id);
  const hitters = active.filter((p) => p.role === 'POS');
  const starters: Record<string, number> = {};
  const bench: number[] = [];
  for (const p of hitters) {
    if (starters[p.position] === undefined) starters[p.position] = p.id;
    else bench.push(p.id);
  }
  const score = (p: Person) => p.contact * 0.6 + p.eye * 0.4 + p.power * 0.5;
  const nine = Object.values(starters).map((id) => hitters.find((h) => h.id === id)!);
  const ranked = [...nine].sort((a, b) => score(b) - score(a) || a.id - b.id);
  // Best hitters bat 2-4, a fast one leads off, the weakest bat last.
  const order = [3, 0, 1, 2, 4, 5, 6, 7, 8].map((rank) => at(ranked, rank).id);
  const backupCatcher = bench.find((id) => hitters.find((h) => h.id === id)?.position === '2') ?? at(bench, 0);
  return { rotation, bullpen, starters, order, bench, backupCatcher };
}

export interface LeagueOptions {
  /** 1 (MLB, the default) or a minor-league level 11–14. */
  sportId?: number;
  /** The season whose people are drawn (default: `season`): seasons sharing it share their players. */
  anchorSeason?: number;
  /** The clubs (default: the level's clubs) and the parks they play in. */
  teams?: readonly TeamInfo[];
  venues?: readonly VenueInfo[];
}

// Minor leaguers are weaker than major leaguers the lower the level (ratings scaled by this).
const LEVEL_RATING: Record<number, number> = { 11: 0.94, 12: 0.9, 13: 0.86, 14: 0.82 };

/**
 * Creates the league for a seed and season. Pure: the same (seed, season) always yields the same
 * people with the same ids, names, ratings and rosters. A minor-league level draws its players,
 * umpires and scorers from its own id bands, so levels never share an id.
 */
export function createLeague(seed: number, season: number, options: LeagueOptions = {}): League {
  const sportId = options.sportId ?? 1;
  const level = MILB_SPORT_IDS.indexOf(sportId);
  const anchor = options.anchorSeason ?? season;
  const teams = options.teams ?? (level < 0 ? TEAMS : milbLevel(sportId).teams);
  const venues = options.venues ?? (level < 0 ? VENUES : milbLevel(sportId).venues);
  const rng = createRng(hashSeed(seed, anchor, level < 0 ? 0x1ea6 : 0x1ea6 + sportId));
  const allocId = createIdAllocator(rng);
  const playerBand: [number, number] =
    level < 0 ? [600_000, 699_999] : [800_000 + level * 40_000, 839_999 + level * 40_000];
  const officialBand = (mlb: [number, number]): [number, number] =>
    level < 0 ? mlb : [960_000 + level * 10_000, 969_999 + level * 10_000];
  const baseUpdatedMs = Date.UTC(anchor, 1, 10);
  const people: Person[] = [];
  const rosters = new Map<number, { active: number[]; reserve: number[] }>();
  const depth = new Map<number, TeamDepth>();
  for (const team of teams) {
    const jersey = jerseyAllocator(rng);
    const make = ([role, position]: ['SP' | 'RP' | 'POS', string], status: string): Person => {
      const id = allocId(...playerBand);
      const p = createPlayer(rng, {
        id,
        role,
        position,
        teamId: team.id,
        rosterStatus: status,
        primaryNumber: jersey(),
        season: anchor,
        baseUpdatedMs,
      });
      return level < 0 ? p : minorLeaguer(p, sportId);
    };
    const active = ACTIVE_LAYOUT.map((slot) => make(slot, 'A'));
    const reserve = RESERVE_LAYOUT.map((slot, i) => make(slot, level < 0 ? at(RESERVE_STATUS, i) : 'A'));
    people.push(...active, ...reserve);
    rosters.set(team.id, { active: active.map((p) => p.id), reserve: reserve.map((p) => p.id) });
    depth.set(team.id, buildDepth(active));
  }
  assignBoxscoreNames(people);
  const official = (band: [number, number], role: 'UMP' | 'SCORER' | 'CASTER') => {
    const p = createOfficial(rng, allocId(...band), role, anchor, baseUpdatedMs);
    return level < 0 ? p : { ...p, sportId };
  };
  const umpires: Person[] = Array.from({ length: 76 }, () => official(officialBand([427_000, 489_999]), 'UMP'));
  const scorerByTeam = new Map<number, number>();
  const casterByTeam = new Map<number, number>();
  for (const team of teams) {
    const scorer = official(officialBand([500_000, 529_999]), 'SCORER');
    const caster = official(officialBand([700_000, 729_999]), 'CASTER');
    people.push(scorer, caster);
    scorerByTeam.set(team.id, scorer.id);
    casterByTeam.set(team.id, caster.id);
  }
  people.push(...umpires);
  const umpireCrews: number[][] = [];
  for (let i = 0; i + 4 <= umpires.length; i += 4) umpireCrews.push(umpires.slice(i, i + 4).map((u) => u.id));
  return {
    seed,
    season,
    sportId,
    teams,
    teamById: new Map(teams.map((t) => [t.id, t])),
    venues,
    venueById: new Map(venues.map((v) => [v.id, v])),
    people,
    personById: new Map(people.map((p) => [p.id, p])),
    rosters,
    depth,
    activeAt: (teamId) => rosters.get(teamId)!.active,
    depthAt: (teamId) => depth.get(teamId)!,
    umpireCrews,
    scorerByTeam,
    casterByTeam,
  };
}

/** A minor leaguer: weaker ratings for the level, no MLB debut yet. */
function minorLeaguer(p: Person, sportId: number): Person {
  const f = LEVEL_RATING[sportId] ?? 1;
  const { mlbDebutDate: _debut, ...rest } = p;
  return {
    ...rest,
    sportId,
    contact: p.contact * f,
    power: p.power * f,
    eye: p.eye * f,
    stuff: p.stuff * f,
    control: p.control * f,
  };
}
