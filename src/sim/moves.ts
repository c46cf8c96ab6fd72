/**
 * Roster moves between the clubs of one organization on adjacent levels (MLB and Triple-A,
 * Triple-A and Double-A, …), planned once per season from the seed: a bench player sent down while
 * a player of the level below is promoted in his place (and the reverse a few weeks later), and now
 * and then an injured major-league reliever on a rehab assignment with the Triple-A affiliate. A move takes effect for the games of its date; it is a person-record
 * change (currentTeam, roster status) at that morning, so rosters and the people change log show it.
 */

import { seasonDates } from './schedule/regular.js';
import { createRng, hashSeed } from './prng.js';
import { addDays } from './time.js';
import type { League, TeamDepth } from './types.js';

export interface RosterMove {
  personId: number;
  /** First date the move is in effect (YYYY-MM-DD) and the moment it is recorded. */
  date: string;
  atMs: number;
  fromTeamId: number;
  toTeamId: number;
  /** Roster status at the new club: A (active), RA (rehab assignment), D10 (back on the injured list). */
  status: string;
  /** swap: takes `replaces`' place on the new club; rehab: joins the bullpen; rehabEnd: leaves it. */
  kind: 'swap' | 'rehab' | 'rehabEnd';
  replaces?: number;
}

const MOVE_HOUR_UTC = 14; // 10 am Eastern: before the day's games

/**
 * Plans a season's moves between each club of `upper` and its organization's club of `lower` (the
 * level below). `used` holds the players already moved between other levels (nobody is in two
 * chains of moves); MLB's injured relievers go on rehab with the Triple-A club.
 */
export function planRosterMoves(seed: number, upper: League, lower: League, used: Set<number>): RosterMove[] {
  const { opening, last } = seasonDates(upper.season);
  const moves: RosterMove[] = [];
  const at = (date: string) => Date.parse(`${date}T${String(MOVE_HOUR_UTC).padStart(2, '0')}:00:00Z`);
  for (const club of upper.teams) {
    const org = club.parentOrgId ?? club.id;
    const affiliate = lower.teams.find((t) => t.parentOrgId === org);
    if (!affiliate) continue;
    const salt = upper.sportId === 1 ? [] : [upper.sportId];
    const rng = createRng(hashSeed(seed, upper.season, 0x30e5, club.id, ...salt));
    const up = upper.depth.get(club.id)!;
    const down = lower.depth.get(affiliate.id)!;
    const candidates = (d: typeof up) => d.bench.filter((id) => id !== d.backupCatcher && !used.has(id));
    const optioned = rng.pick(candidates(up));
    const called = rng.pick(candidates(down));
    used.add(optioned);
    used.add(called);
    const d1 = addDays(opening, rng.int(20, 100));
    const d2 = addDays(d1, rng.int(10, 30));
    const swap = (date: string, upId: number, downId: number) => {
      moves.push({
        personId: downId,
        date,
        atMs: at(date),
        fromTeamId: affiliate.id,
        toTeamId: club.id,
        status: 'A',
        kind: 'swap',
        replaces: upId,
      });
      moves.push({
        personId: upId,
        date,
        atMs: at(date),
        fromTeamId: club.id,
        toTeamId: affiliate.id,
        status: 'A',
        kind: 'swap',
        replaces: downId,
      });
    };
    swap(d1, optioned, called); // `called` up, `optioned` down
    swap(d2, called, optioned); // and back
    if (upper.sportId !== 1) continue;
    const injured = upper.rosters.get(club.id)!.reserve.find((id) => {
      const p = upper.personById.get(id)!;
      return p.rosterStatus === 'D10' && p.role === 'RP';
    });
    if (injured !== undefined && rng.chance(0.4)) {
      const start = addDays(opening, rng.int(30, 150));
      const end = addDays(start, 6);
      if (end < last) {
        moves.push({
          personId: injured,
          date: start,
          atMs: at(start),
          fromTeamId: club.id,
          toTeamId: affiliate.id,
          status: 'RA',
          kind: 'rehab',
        });
        moves.push({
          personId: injured,
          date: end,
          atMs: at(end),
          fromTeamId: affiliate.id,
          toTeamId: club.id,
          status: 'D10',
          kind: 'rehabEnd',
        });
      }
    }
  }
  return moves.sort((a, b) => a.atMs - b.atMs || a.personId - b.personId);
}

const replaceIn = (ids: number[], from: number, to: number) => ids.map((id) => (id === from ? to : id));

/** A depth chart with one move applied to `teamId`. */
function applyToDepth(d: TeamDepth, m: RosterMove, teamId: number, isPitcher: boolean): TeamDepth {
  if (m.kind === 'swap' && m.toTeamId === teamId && m.replaces !== undefined) {
    const r = m.replaces;
    const starters = Object.fromEntries(Object.entries(d.starters).map(([k, id]) => [k, id === r ? m.personId : id]));
    return {
      rotation: replaceIn(d.rotation, r, m.personId),
      bullpen: replaceIn(d.bullpen, r, m.personId),
      starters,
      order: replaceIn(d.order, r, m.personId),
      bench: replaceIn(d.bench, r, m.personId),
      backupCatcher: d.backupCatcher === r ? m.personId : d.backupCatcher,
    };
  }
  if (m.kind === 'rehab' && m.toTeamId === teamId)
    return isPitcher ? { ...d, bullpen: [...d.bullpen, m.personId] } : { ...d, bench: [...d.bench, m.personId] };
  if (m.kind === 'rehabEnd' && m.fromTeamId === teamId)
    return {
      ...d,
      bullpen: d.bullpen.filter((id) => id !== m.personId),
      bench: d.bench.filter((id) => id !== m.personId),
    };
  return d;
}

function applyToActive(active: readonly number[], m: RosterMove, teamId: number): readonly number[] {
  if (m.kind === 'swap' && m.toTeamId === teamId && m.replaces !== undefined)
    return replaceIn([...active], m.replaces, m.personId);
  if (m.kind === 'rehab' && m.toTeamId === teamId) return [...active, m.personId];
  if (m.kind === 'rehabEnd' && m.fromTeamId === teamId) return active.filter((id) => id !== m.personId);
  return active;
}

/** The league with its clubs' active lists and depth charts following the moves by date. */
export function withMoves(league: League, moves: readonly RosterMove[]): League {
  const byTeam = new Map<number, RosterMove[]>();
  for (const m of moves)
    for (const t of [m.fromTeamId, m.toTeamId]) if (league.rosters.has(t)) byTeam.set(t, [...(byTeam.get(t) ?? []), m]);
  if (byTeam.size === 0) return league;
  const inEffect = (teamId: number, date: string) => (byTeam.get(teamId) ?? []).filter((m) => m.date <= date);
  const memo = new Map<string, TeamDepth>();
  return {
    ...league,
    activeAt(teamId, date) {
      let active: readonly number[] = league.rosters.get(teamId)!.active;
      for (const m of inEffect(teamId, date)) active = applyToActive(active, m, teamId);
      return active;
    },
    depthAt(teamId, date) {
      const effective = inEffect(teamId, date);
      if (effective.length === 0) return league.depth.get(teamId)!;
      const key = `${teamId}:${effective.length}`;
      let d = memo.get(key);
      if (!d) {
        d = league.depth.get(teamId)!;
        for (const m of effective) d = applyToDepth(d, m, teamId, league.personById.get(m.personId)?.role !== 'POS');
        memo.set(key, d);
      }
      return d;
    },
  };
}
