/**
 * The simulated season's awards, derived from its final games so they change with the clock:
 * each league's Player of the Week (most total bases in the league's final regular-season games of
 * a Monday–Sunday week, then hits, then the lower person id), announced on the Monday after; and
 * each league's MVP (the same order over the whole season) once every regular-season game is over,
 * announced the day after the last one.
 */

import { statusAt } from '../clock/status.js';
import type { Core } from '../core.js';
import { LEAGUES } from '../data/teams.js';
import { addDays, dayOfWeek, toDate } from '../time.js';
import type { SchedGame } from '../types.js';

export interface AwardInfo {
  id: string;
  name: string;
  description?: string;
  /** A league award names its league, a sport-wide one its sport. */
  leagueId?: number;
  sportId?: number;
  sortOrder: number;
  notes?: string;
}

const byLeague = (
  suffix: string,
  name: string,
  sortOrder: number,
  extra: Pick<AwardInfo, 'description' | 'notes'> = {},
): AwardInfo[] =>
  LEAGUES.map((l) => ({
    id: `${l.abbreviation}${suffix}`,
    name: name.replace('{L}', l.abbreviation),
    leagueId: l.id,
    sortOrder,
    ...(extra.description ? { description: extra.description.replace('{L}', l.abbreviation) } : {}),
    ...(extra.notes ? { notes: extra.notes.replace('{L}', l.abbreviation) } : {}),
  }));

/**
 * The catalogue (ids and names as the real one has them): the awards the simulator gives, and the
 * Hall of Fame, which it never gives (no simulated career is long enough).
 */
export const SIM_AWARDS: readonly AwardInfo[] = [
  { id: 'MLBHOF', name: 'Hall Of Fame', description: 'Member of Hall of Fame', sportId: 1, sortOrder: 1 },
  ...byLeague('MVP', '{L} MVP', 7, { description: '{L} Most Valuable Player' }),
  ...byLeague('POW', '{L} Player of the Week', 69, { notes: '{L} Player of the Week' }),
];

export interface AwardGiven {
  awardId: string;
  date: string;
  season: number;
  personId: number;
  teamId: number;
}

interface Tally {
  personId: number;
  teamId: number;
  totalBases: number;
  hits: number;
}

/** Adds a game's batting lines to per-league tallies. */
function tallyGame(core: Core, g: SchedGame, into: Map<number, Map<number, Tally>>): void {
  const boxes = core.view(g).boxes;
  if (!boxes) return;
  for (const [box, teamId] of [
    [boxes.away, g.awayId],
    [boxes.home, g.homeId],
  ] as const) {
    const leagueId = core.league.teamById.get(teamId)?.leagueId ?? 0;
    let league = into.get(leagueId);
    if (!league) {
      league = new Map();
      into.set(leagueId, league);
    }
    for (const [personId, line] of box.batting) {
      const t = league.get(personId) ?? { personId, teamId, totalBases: 0, hits: 0 };
      t.teamId = teamId;
      t.totalBases += line.totalBases ?? 0;
      t.hits += line.hits ?? 0;
      league.set(personId, t);
    }
  }
}

function leader(tallies: Map<number, Tally> | undefined): Tally | undefined {
  let best: Tally | undefined;
  for (const t of tallies?.values() ?? []) {
    if (t.totalBases === 0 && t.hits === 0) continue;
    if (
      !best ||
      t.totalBases > best.totalBases ||
      (t.totalBases === best.totalBases && (t.hits > best.hits || (t.hits === best.hits && t.personId < best.personId)))
    )
      best = t;
  }
  return best;
}

/** Creates the award book of a core: a week is derived again only when its final games or the corrections change. */
export function createAwardBook() {
  const weeks = new Map<string, { key: string; given: AwardGiven[]; tallies: Map<number, Map<number, Tally>> }>();
  let calendar: { byWeek: Map<string, SchedGame[]>; regular: SchedGame[]; lastDay: string } | undefined;
  // A run asks for hundreds of people at one clock: derive the awards once per clock and corrections.
  let last: { now: number; fixes: number; given: AwardGiven[] } | undefined;
  return (core: Core): AwardGiven[] => {
    const now = core.state.nowMs;
    const today = toDate(now);
    const fixes = core.state.corrections.filter((c) => c.atMs <= now).length;
    if (last?.now === now && last.fixes === fixes) return last.given;
    if (!calendar) {
      const regular = core.model.baseGames.filter((g) => g.gameType === 'R');
      const byWeek = new Map<string, SchedGame[]>();
      for (const g of regular) {
        const monday = addDays(g.officialDate, -((dayOfWeek(g.officialDate) + 6) % 7));
        byWeek.set(monday, [...(byWeek.get(monday) ?? []), g]);
      }
      calendar = { byWeek, regular, lastDay: regular.reduce((d, g) => (g.officialDate > d ? g.officialDate : d), '') };
    }
    const given: AwardGiven[] = [];
    const season = new Map<number, Map<number, Tally>>();
    let weeksDone = 0;
    for (const monday of [...calendar.byWeek.keys()].sort()) {
      const announced = addDays(monday, 7);
      if (announced > today) break;
      weeksDone++;
      const games = calendar.byWeek.get(monday)!.filter((g) => statusAt(core.model, g, now).phase === 'final');
      const key = `${games.length}:${fixes}`;
      let week = weeks.get(monday);
      if (week?.key !== key) {
        const tallies = new Map<number, Map<number, Tally>>();
        for (const g of games) tallyGame(core, g, tallies);
        const weekGiven: AwardGiven[] = [];
        for (const l of LEAGUES) {
          const best = leader(tallies.get(l.id));
          if (best)
            weekGiven.push({
              awardId: `${l.abbreviation}POW`,
              date: announced,
              season: core.model.season,
              personId: best.personId,
              teamId: best.teamId,
            });
        }
        week = { key, given: weekGiven, tallies };
        weeks.set(monday, week);
      }
      given.push(...week.given);
      for (const [leagueId, tallies] of week.tallies) {
        const into = season.get(leagueId) ?? new Map<number, Tally>();
        for (const t of tallies.values()) {
          const s = into.get(t.personId) ?? { personId: t.personId, teamId: t.teamId, totalBases: 0, hits: 0 };
          s.teamId = t.teamId;
          s.totalBases += t.totalBases;
          s.hits += t.hits;
          into.set(t.personId, s);
        }
        season.set(leagueId, into);
      }
    }
    const mvpDate = addDays(calendar.lastDay, 1);
    const over = calendar.regular.every((g) => ['final', 'cancelled'].includes(statusAt(core.model, g, now).phase));
    if (over && mvpDate <= today && weeksDone === calendar.byWeek.size) {
      for (const l of LEAGUES) {
        const best = leader(season.get(l.id));
        if (best)
          given.push({
            awardId: `${l.abbreviation}MVP`,
            date: mvpDate,
            season: core.model.season,
            personId: best.personId,
            teamId: best.teamId,
          });
      }
    }
    last = { now, fixes, given };
    return given;
  };
}
