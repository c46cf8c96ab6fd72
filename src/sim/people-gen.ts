/** Generates real-looking people (players and officials) from the built-in name lists. */

import { at, columns } from './checked.js';
import { MIDDLE_NAMES, NICKNAMES, OFFICIAL_FIRST, ORIGINS, type Origin } from './data/names.js';
import type { Rng } from './prng.js';
import type { Person, PitchMix } from './types.js';

const SECONDARY_PITCHES: Array<[string, number]> = [
  ['SL', -7],
  ['CH', -8],
  ['CU', -12],
  ['FC', -3],
  ['ST', -9],
  ['FS', -6],
  ['KC', -11],
  ['SV', -10],
];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Random calendar date (YYYY-MM-DD) in the given year. */
export function randomDate(rng: Rng, year: number): string {
  const month = rng.int(1, 12);
  const day = rng.int(1, month === 2 ? 28 : 30);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function pickOrigin(rng: Rng): Origin {
  return at(ORIGINS, rng.weighted(ORIGINS.map((o) => o.weight)));
}

function repertoire(rng: Rng, role: 'SP' | 'RP'): PitchMix[] {
  const primary = rng.chance(0.3) ? 'SI' : 'FF';
  const mix: PitchMix[] = [{ code: primary, weight: rng.range(35, 55), speedDelta: primary === 'SI' ? -1 : 0 }];
  if (primary === 'SI' && rng.chance(0.5)) mix.push({ code: 'FF', weight: rng.range(10, 20), speedDelta: 0.5 });
  const extra = role === 'SP' ? rng.int(2, 4) : rng.int(1, 2);
  const pool = [...SECONDARY_PITCHES];
  for (let i = 0; i < extra && pool.length > 0; i++) {
    const [code, delta] = at(pool.splice(rng.int(0, pool.length - 1), 1), 0);
    mix.push({ code, weight: rng.range(8, 30), speedDelta: delta + rng.range(-1.5, 1.5) });
  }
  return mix;
}

const clamp01 = (x: number) => Math.max(0.02, Math.min(0.98, x));

/** Options for one generated player. */
export interface PlayerSpec {
  id: number;
  role: 'SP' | 'RP' | 'POS';
  position: string;
  teamId: number;
  rosterStatus: string;
  primaryNumber: string;
  season: number;
  /** Preseason timestamp used as the record's last-edit time baseline. */
  baseUpdatedMs: number;
}

/** Creates one player with ratings suited to his role. */
export function createPlayer(rng: Rng, spec: PlayerSpec): Person {
  const origin = pickOrigin(rng);
  const age = rng.int(21, 37);
  const place = columns(rng.pick(origin.places));
  const [city, state] = [place(0), place(1)];
  const firstName = rng.pick(origin.firstNames);
  const lastName = rng.pick(origin.lastNames);
  const isPitcher = spec.role !== 'POS';
  const heightIn = Math.round(rng.normal(isPitcher ? 75 : 73, 2));
  const weight = Math.round(rng.normal(isPitcher ? 220 : 205, 15));
  const throws = rng.chance(isPitcher ? 0.28 : 0.12) && !['2', '4', '5', '6'].includes(spec.position) ? 'L' : 'R';
  const batsRoll = rng.next();
  const bats = batsRoll < 0.1 ? 'S' : batsRoll < (throws === 'L' ? 0.8 : 0.35) ? 'L' : 'R';
  const debutAge = rng.int(21, 27);
  const debutYear = spec.season - age + debutAge;
  const usName = origin.country === 'USA' || origin.country === 'Canada';
  const person: Person = {
    id: spec.id,
    firstName,
    lastName,
    useName: firstName,
    useLastName: lastName,
    boxscoreName: lastName,
    birthDate: randomDate(rng, spec.season - age),
    birthCity: city,
    birthCountry: origin.country,
    heightIn,
    weight,
    bats,
    throws,
    position: spec.position,
    primaryNumber: spec.primaryNumber,
    isPlayer: true,
    isVerified: rng.chance(0.6),
    teamId: spec.teamId,
    rosterStatus: spec.rosterStatus,
    updatedAtMs: spec.baseUpdatedMs - rng.int(0, 90) * 86_400_000 - rng.int(0, 86_399) * 1000,
    role: spec.role,
    contact: clamp01(rng.normal(isPitcher ? 0.15 : 0.5, 0.13)),
    power: clamp01(rng.normal(isPitcher ? 0.1 : 0.45, 0.17)),
    eye: clamp01(rng.normal(0.5, 0.14)),
    speed: clamp01(rng.normal(0.5, 0.18)),
    glove: clamp01(rng.normal(0.6, 0.15)),
    stuff: isPitcher ? clamp01(rng.normal(0.5, 0.14)) : 0.1,
    control: isPitcher ? clamp01(rng.normal(0.5, 0.14)) : 0.1,
    stamina: spec.role === 'SP' ? rng.int(82, 108) : spec.role === 'RP' ? rng.int(18, 35) : 0,
    velo: isPitcher ? Math.round(rng.normal(94, 2) * 10) / 10 : 0,
    repertoire: isPitcher ? repertoire(rng, spec.role as 'SP' | 'RP') : [],
    szTop: Math.round((heightIn * 0.0475 + rng.range(-0.05, 0.05)) * 1000) / 1000,
    szBot: Math.round((heightIn * 0.0225 + rng.range(-0.05, 0.05)) * 1000) / 1000,
  };
  if (state) person.birthStateProvince = state;
  if (debutYear <= spec.season && spec.rosterStatus !== 'MIN') {
    person.mlbDebutDate = randomDate(rng, Math.min(debutYear, spec.season)).replace(/-(0[1-2])-/, '-04-');
  }
  if (usName && rng.chance(0.85)) person.draftYear = spec.season - age + rng.int(18, 22);
  if (rng.chance(0.7)) person.middleName = origin.matrilineal ? rng.pick(origin.firstNames) : rng.pick(MIDDLE_NAMES);
  if (origin.matrilineal && rng.chance(0.5)) person.nameMatrilineal = rng.pick(origin.lastNames);
  if (rng.chance(0.25)) person.nickName = rng.pick(NICKNAMES);
  if (rng.chance(0.15))
    person.pronunciation = `${lastName.slice(0, 3).toUpperCase()}-${lastName.slice(3).toLowerCase() || 'ee'}`;
  if (usName && rng.chance(0.04)) person.nameSuffix = rng.chance(0.7) ? 'Jr.' : 'II';
  if (usName && rng.chance(0.05)) {
    // A player who goes by a short name: useName differs from the legal first name.
    person.useName = firstName.slice(0, 1) + '.' + (person.middleName ?? 'J').slice(0, 1) + '.';
  }
  if (rng.chance(0.01)) person.nameTitle = 'Dr.';
  return person;
}

/** Creates a non-playing person (umpire, official scorer, datacaster). */
export function createOfficial(
  rng: Rng,
  id: number,
  role: 'UMP' | 'SCORER' | 'CASTER',
  season: number,
  baseMs: number,
): Person {
  const origin = at(ORIGINS, 0);
  const firstName = rng.pick(OFFICIAL_FIRST);
  const lastName = rng.pick(origin.lastNames);
  const place = columns(rng.pick(origin.places));
  const [city, state] = [place(0), place(1)];
  return {
    id,
    firstName,
    lastName,
    useName: firstName,
    useLastName: lastName,
    boxscoreName: lastName,
    birthDate: randomDate(rng, season - rng.int(30, 62)),
    birthCity: city,
    birthStateProvince: state,
    birthCountry: 'USA',
    heightIn: Math.round(rng.normal(72, 2)),
    weight: Math.round(rng.normal(200, 15)),
    bats: 'R',
    throws: 'R',
    position: role === 'UMP' ? 'U' : '',
    primaryNumber: role === 'UMP' ? String(rng.int(1, 99)) : '',
    isPlayer: false,
    isVerified: false,
    teamId: 0,
    rosterStatus: '',
    updatedAtMs: baseMs - rng.int(100, 400) * 86_400_000,
    role,
    contact: 0,
    power: 0,
    eye: 0,
    speed: 0,
    glove: 0,
    stuff: 0,
    control: 0,
    stamina: 0,
    velo: 0,
    repertoire: [],
    szTop: 0,
    szBot: 0,
  };
}

/** Full display name ("useName useLastName [suffix]"). */
export function fullName(p: Person): string {
  return p.nameSuffix ? `${p.useName} ${p.useLastName} ${p.nameSuffix}` : `${p.useName} ${p.useLastName}`;
}
