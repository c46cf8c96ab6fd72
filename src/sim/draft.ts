/**
 * The Rule 4 draft each June of a served season: 20 rounds of the season's MLB clubs (in an order
 * drawn from the seed and the year), a compensation round after the first and the second, picks
 * made one every two minutes from the draft's start, most of them signed some days later.
 * Deterministic from the seed and the year; what a request sees depends only on the clock.
 */

import { columns } from './checked.js';
import { ORIGINS } from './data/names.js';
import type { TeamInfo } from './data/teams.js';
import { createPlayer } from './people-gen.js';
import { createRng, hashSeed } from './prng.js';
import type { Person } from './types.js';

const DAY_MS = 86_400_000;
/** Minutes between two picks. */
const PICK_MINUTES = 2;
const ROUNDS = 20;
/** Picks with a slot value (the first ten rounds and their compensation picks, as the real draft). */
const SLOTTED_ROUNDS = 10;

export interface SimDraftPick {
  pickNumber: number;
  roundPickNumber: number;
  pickRound: string;
  teamId: number;
  person: Person;
  bisPlayerId: number;
  rank?: number;
  pickValue?: number;
  /** When the pick is made (epoch ms): it is listed from then on. */
  madeAtMs: number;
  /** When the player signs (epoch ms), if he does: the bonus is listed from then on. */
  signedAtMs?: number;
  signingBonus?: number;
  /** A top pick's first MLB game (the first pick's in the September after the draft); listed once passed. */
  mlbDebutDate?: string;
  school: { name: string; schoolClass: string; city: string; state?: string; country: string };
  home: { city: string; state?: string; country: string };
}

/** The draft's first pick: the second Sunday of June after 23:00 UTC (7 p.m. Eastern). */
export function draftStartMs(year: number): number {
  const firstJune = new Date(Date.UTC(year, 5, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstJune) % 7);
  return Date.UTC(year, 5, firstSunday + 7, 23);
}

/** A draftee's person id: a band no other simulated person uses (730,000 – 799,999). */
function draftPersonId(year: number, pickNumber: number): number {
  return 730_000 + (((year % 70) + 70) % 70) * 1000 + pickNumber;
}

const SCHOOL_KINDS = [
  ['High School', 'HS SR'],
  ['State University', '4YR JR'],
  ['University', '4YR JR'],
  ['College', '4YR SR'],
  ['Community College', 'JC J2'],
] as const;

const POSITIONS = ['1', '1', '1', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function draftee(seed: number, year: number, pickNumber: number, teamId: number, nowBase: number) {
  const rng = createRng(hashSeed(seed, year, pickNumber, 0x0d4f7));
  const position = rng.pick(POSITIONS);
  const person = createPlayer(rng, {
    id: draftPersonId(year, pickNumber),
    role: position === '1' ? (rng.chance(0.6) ? 'SP' : 'RP') : 'POS',
    position,
    teamId,
    rosterStatus: 'MIN',
    primaryNumber: '',
    season: year,
    baseUpdatedMs: nowBase,
  });
  const [kind, schoolClass] = rng.pick(SCHOOL_KINDS);
  const ageAtDraft = schoolClass === 'HS SR' ? 18 : rng.int(20, 22);
  person.birthDate = `${year - ageAtDraft}-${person.birthDate.slice(5)}`;
  person.draftYear = year;
  delete person.mlbDebutDate;
  const usa = ORIGINS[0]!;
  const place = columns(rng.pick(usa.places));
  const schoolCity = place(0);
  const schoolState = place(1);
  const home = {
    city: person.birthCity,
    country: person.birthCountry === 'USA' ? 'USA' : person.birthCountry,
    ...(person.birthStateProvince ? { state: person.birthStateProvince } : {}),
  };
  return {
    person,
    school: { name: `${schoolCity} ${kind}`, schoolClass, city: schoolCity, state: schoolState, country: 'USA' },
    home,
    rng,
  };
}

/** The slot value of an overall pick in dollars (falls from about 10.5 million at the first). */
function slotValue(pickNumber: number): number {
  return Math.max(150_000, Math.round((10_500_000 * 0.93 ** (pickNumber - 1)) / 100) * 100);
}

/** Every pick of a year's draft, in order, for these clubs (the season's MLB clubs). */
export function planDraft(seed: number, year: number, teams: readonly TeamInfo[]): SimDraftPick[] {
  const order = [...teams];
  const rng = createRng(hashSeed(seed, year, 0xd4a17));
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const rounds: Array<{ round: string; clubs: TeamInfo[] }> = [];
  for (let r = 1; r <= ROUNDS; r++) {
    rounds.push({ round: String(r), clubs: order });
    // A few clubs earn a compensation pick after the first and the second rounds.
    if (r <= 2) rounds.push({ round: r === 1 ? 'CB-A' : 'CB-B', clubs: order.filter(() => rng.chance(0.2)) });
  }
  const start = draftStartMs(year);
  const picks: SimDraftPick[] = [];
  let pickNumber = 0;
  let slotted = true;
  for (const { round, clubs } of rounds) {
    if (round === String(SLOTTED_ROUNDS + 1)) slotted = false;
    clubs.forEach((team, i) => {
      pickNumber++;
      const made = start + (pickNumber - 1) * PICK_MINUTES * 60_000;
      const d = draftee(seed, year, pickNumber, team.id, start - 30 * DAY_MS);
      const signs = d.rng.chance(pickNumber <= 100 ? 0.97 : 0.85);
      const value = slotted ? slotValue(pickNumber) : undefined;
      picks.push({
        pickNumber,
        roundPickNumber: i + 1,
        pickRound: round,
        teamId: team.id,
        person: d.person,
        bisPlayerId: 5_000_000 + d.person.id,
        ...(pickNumber <= 150 ? { rank: pickNumber + d.rng.int(0, 20) } : {}),
        ...(value !== undefined ? { pickValue: value } : {}),
        madeAtMs: made,
        ...(signs
          ? {
              signedAtMs: made + d.rng.int(2, 35) * DAY_MS,
              signingBonus: Math.round(((value ?? 150_000) * d.rng.range(0.7, 1.05)) / 100) * 100,
            }
          : {}),
        ...(pickNumber === 1
          ? { mlbDebutDate: `${year}-09-${String(d.rng.int(2, 15)).padStart(2, '0')}` }
          : pickNumber <= 20
            ? {
                mlbDebutDate: `${year + d.rng.int(1, 2)}-0${d.rng.int(4, 9)}-${String(d.rng.int(1, 28)).padStart(2, '0')}`,
              }
            : {}),
        school: d.school,
        home: d.home,
      });
    });
  }
  return picks;
}
