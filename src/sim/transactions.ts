/**
 * The transactions of the simulated world (`/v1/transactions`), agreeing with its rosters: the
 * players a club starts the season with on the injured list are placed there in spring, most are
 * activated during the season (their roster status becomes 40M that morning, so rosters and the
 * people change log show it), and every planned roster move (a recall, an option, a rehab
 * assignment) and every trade made through the control API is a transaction of its day.
 * Deterministic from the seed: planned once when the simulator is built.
 */

import type { TeamInfo } from './data/teams.js';
import type { RosterMove } from './moves.js';
import { fullName } from './people-gen.js';
import { createRng, hashSeed } from './prng.js';
import { seasonDates } from './schedule/regular.js';
import type { PersonChange, SimState } from './state.js';
import { addDays } from './time.js';
import type { League, Person } from './types.js';
import { position } from './render/common.js';

export interface SimTransaction {
  id: number;
  personId: number;
  fromTeamId?: number;
  toTeamId: number;
  /** The day it takes effect (YYYY-MM-DD) and the moment it is listed. */
  date: string;
  atMs: number;
  typeCode: string;
  typeDesc: string;
  description: string;
  /** Listed without a resolution date (options and recalls are, in the recorded bodies). */
  unresolved?: boolean;
}

/** An injured-list stint the simulator made: placed on `start`, activated on `end` (absent: still on it). */
export interface SimStint {
  personId: number;
  teamId: number;
  days: 10 | 60;
  start: string;
  end?: string;
}

export interface TransactionPlan {
  transactions: readonly SimTransaction[];
  stints: readonly SimStint[];
}

const INJURIES = [
  'Right elbow inflammation.',
  'Left hamstring strain.',
  'Right shoulder fatigue.',
  'Lower back tightness.',
  'Left oblique strain.',
  'Right forearm strain.',
  'Right ankle sprain.',
  'Left wrist contusion.',
];
const MOVE_HOUR_UTC = 14;
const FIRST_ID = 700_000;
/** Trades made through the control API are numbered after the planned transactions. */
const TRADE_FIRST_ID = 900_000;

const at = (date: string) => Date.parse(`${date}T${String(MOVE_HOUR_UTC).padStart(2, '0')}:00:00Z`);

/** "RHP", "LHP" for pitchers, else the position's abbreviation ("SS"). */
function posLabel(p: Person): string {
  if (p.role === 'SP' || p.role === 'RP' || p.position === '1') return p.throws === 'L' ? 'LHP' : 'RHP';
  return position(p.position).abbreviation;
}

type Draft = Omit<SimTransaction, 'id'>;

/**
 * Plans the injured-list stints of the MLB season `mlb` (its clubs' players who open the season on
 * the list) and the transactions of them and of `moves`. Returns the person-record changes the
 * activations make (to be added to the simulator's state) with the plan.
 */
export function planTransactions(
  seed: number,
  mlb: League,
  moves: readonly RosterMove[],
  teamOf: (teamId: number) => { team: TeamInfo; sportId: number } | undefined,
  personOf: (personId: number) => Person | undefined,
): { plan: TransactionPlan; changes: PersonChange[] } {
  const drafts: Draft[] = [];
  const stints: SimStint[] = [];
  const changes: PersonChange[] = [];
  const { opening, last } = seasonDates(mlb.season);
  const onRehab = new Set(moves.filter((m) => m.kind === 'rehab').map((m) => m.personId));
  for (const club of mlb.teams) {
    const rng = createRng(hashSeed(seed, mlb.season, 0x7a11, club.id));
    for (const id of mlb.rosters.get(club.id)?.reserve ?? []) {
      const p = mlb.personById.get(id);
      if (!p || (p.rosterStatus !== 'D10' && p.rosterStatus !== 'D60')) continue;
      const days = p.rosterStatus === 'D60' ? 60 : 10;
      const start = addDays(opening, -rng.int(2, 9));
      const who = `${posLabel(p)} ${fullName(p)}`;
      drafts.push({
        personId: id,
        toTeamId: club.id,
        date: start,
        atMs: at(start),
        typeCode: 'SC',
        typeDesc: 'Status Change',
        description: `${club.name} placed ${who} on the ${days}-day injured list. ${rng.pick(INJURIES)}`,
      });
      const stint: SimStint = { personId: id, teamId: club.id, days, start };
      stints.push(stint);
      // A reliever sent on a rehab assignment stays on the list; most others come back in the season.
      const back = addDays(opening, days === 60 ? rng.int(62, 120) : rng.int(12, 70));
      if (onRehab.has(id) || back >= last || !rng.chance(0.8)) continue;
      stint.end = back;
      drafts.push({
        personId: id,
        toTeamId: club.id,
        date: back,
        atMs: at(back),
        typeCode: 'SC',
        typeDesc: 'Status Change',
        description: `${club.name} activated ${who} from the ${days}-day injured list.`,
      });
      changes.push({ personId: id, atMs: at(back), change: 'il', teamId: club.id, rosterStatus: '40M' });
    }
  }
  for (const m of moves) {
    const p = personOf(m.personId);
    const from = teamOf(m.fromTeamId);
    const to = teamOf(m.toTeamId);
    if (!p || !from || !to) continue;
    const who = `${posLabel(p)} ${fullName(p)}`;
    const base = { personId: m.personId, date: m.date, atMs: m.atMs };
    // The major-league club (or the higher level) is the one acting: sportId 1 above 11 above 12…
    const up = to.sportId === 1 || (from.sportId !== 1 && to.sportId < from.sportId);
    if (m.kind === 'rehab')
      drafts.push({
        ...base,
        fromTeamId: from.team.id,
        toTeamId: to.team.id,
        typeCode: 'SC',
        typeDesc: 'Status Change',
        description: `${from.team.name} sent ${who} on a rehab assignment to ${to.team.name}.`,
      });
    else if (m.kind === 'rehabEnd')
      drafts.push({
        ...base,
        fromTeamId: from.team.id,
        toTeamId: to.team.id,
        typeCode: 'SC',
        typeDesc: 'Status Change',
        description: `${to.team.name} recalled ${who} from his rehab assignment with ${from.team.name}.`,
      });
    else if (up && to.sportId === 1)
      drafts.push({
        ...base,
        fromTeamId: from.team.id,
        toTeamId: to.team.id,
        typeCode: 'CU',
        typeDesc: 'Recalled',
        description: `${to.team.name} recalled ${who} from ${from.team.name}.`,
        unresolved: true,
      });
    else if (from.sportId === 1)
      drafts.push({
        ...base,
        fromTeamId: from.team.id,
        toTeamId: to.team.id,
        typeCode: 'OPT',
        typeDesc: 'Optioned',
        description: `${from.team.name} optioned ${who} to ${to.team.name}.`,
        unresolved: true,
      });
    else
      drafts.push({
        ...base,
        fromTeamId: from.team.id,
        toTeamId: to.team.id,
        typeCode: 'ASG',
        typeDesc: 'Assigned',
        description: `${who} assigned to ${to.team.name} from ${from.team.name}.`,
      });
  }
  drafts.sort((a, b) => a.atMs - b.atMs || a.personId - b.personId || a.typeCode.localeCompare(b.typeCode));
  return { plan: { transactions: drafts.map((d, i) => ({ ...d, id: FIRST_ID + i })), stints }, changes };
}

/** The trades made through the control API so far, as transactions (numbered in the order they were made). */
export function tradeTransactions(
  state: SimState,
  teamOf: (teamId: number) => { team: TeamInfo; sportId: number } | undefined,
  personOf: (personId: number) => Person | undefined,
  teamBefore: (personId: number, atMs: number) => number | undefined,
): SimTransaction[] {
  const out: SimTransaction[] = [];
  state.personChanges.forEach((c, i) => {
    if (c.change !== 'trade' || c.teamId === undefined || c.atMs > state.nowMs) return;
    const p = personOf(c.personId);
    const fromId = teamBefore(c.personId, c.atMs - 1);
    const from = fromId !== undefined ? teamOf(fromId) : undefined;
    const to = teamOf(c.teamId);
    if (!p || !to) return;
    const date = new Date(c.atMs).toISOString().slice(0, 10);
    out.push({
      id: TRADE_FIRST_ID + i,
      personId: c.personId,
      ...(from ? { fromTeamId: from.team.id } : {}),
      toTeamId: to.team.id,
      date,
      atMs: c.atMs,
      typeCode: 'TR',
      typeDesc: 'Trade',
      description: `${from?.team.name ?? 'A club'} traded ${posLabel(p)} ${fullName(p)} to ${to.team.name}.`,
    });
  });
  return out;
}
