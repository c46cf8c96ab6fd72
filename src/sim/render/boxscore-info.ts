/** The text sections of a boxscore: team info lists, game info, pitching notes, pinch-hit notes. */

import { at } from '../checked.js';
import type { TeamBox } from '../derive/box-stats.js';
import type { Line } from '../derive/lines.js';
import type { GameView } from '../game-view.js';
import { localClock, longDate, venueOffset } from '../time.js';
import type { League, Play } from '../types.js';
import { ordinal } from './common.js';

type Field = { label: string; value?: string };

function nameList(league: League, stat: (l: Line) => number, lines: Map<number, Line>): string {
  const parts: string[] = [];
  for (const [id, l] of lines) {
    const n = stat(l);
    if (n > 0)
      parts.push(n > 1 ? `${league.personById.get(id)!.boxscoreName} ${n}` : league.personById.get(id)!.boxscoreName);
  }
  return parts.length ? `${parts.join('; ')}.` : '';
}

/** Team info sections (BATTING, BASERUNNING, FIELDING). */
export function teamInfo(
  league: League,
  box: TeamBox,
  plays: readonly Play[],
  teamIsAway: boolean,
): Array<{ title: string; fieldList: Field[] }> {
  const bat = box.batting;
  const batting: Field[] = [];
  const add = (list: Field[], label: string, value: string) => value && list.push({ label, value });
  add(
    batting,
    '2B',
    nameList(league, (l) => l.doubles, bat),
  );
  add(
    batting,
    '3B',
    nameList(league, (l) => l.triples, bat),
  );
  add(
    batting,
    'HR',
    nameList(league, (l) => l.homeRuns, bat),
  );
  add(
    batting,
    'TB',
    nameList(league, (l) => l.totalBases, bat),
  );
  add(
    batting,
    'RBI',
    nameList(league, (l) => l.rbi, bat),
  );
  add(
    batting,
    'GIDP',
    nameList(league, (l) => l.groundIntoDoublePlay, bat),
  );
  let risp = 0;
  let rispHits = 0;
  for (const p of plays) {
    if (p.top !== teamIsAway || !(p.basesBefore[1] || p.basesBefore[2])) continue;
    if (['walk', 'intent_walk', 'hit_by_pitch', 'sac_bunt', 'sac_fly'].includes(p.eventType)) continue;
    risp++;
    if (['single', 'double', 'triple', 'home_run'].includes(p.eventType)) rispHits++;
  }
  batting.push({ label: 'Team RISP', value: `${rispHits}-for-${risp}.` });
  batting.push({ label: 'Team LOB', value: `${box.innings.reduce((a, r) => a + r.leftOnBase, 0)}.` });
  const running: Field[] = [];
  add(
    running,
    'SB',
    nameList(league, (l) => l.stolenBases, bat),
  );
  add(
    running,
    'CS',
    nameList(league, (l) => l.caughtStealing, bat),
  );
  const fielding: Field[] = [];
  add(
    fielding,
    'E',
    nameList(league, (l) => l.errors, box.fielding),
  );
  const out = [{ title: 'BATTING', fieldList: batting }];
  if (running.length) out.push({ title: 'BASERUNNING', fieldList: running });
  if (fielding.length) out.push({ title: 'FIELDING', fieldList: fielding });
  return out;
}

const PH_VERBS: Record<string, string> = {
  single: 'Singled',
  double: 'Doubled',
  triple: 'Tripled',
  home_run: 'Homered',
  walk: 'Walked',
  intent_walk: 'Intentionally walked',
  hit_by_pitch: 'Hit by pitch',
  strikeout: 'Struck out',
  groundout: 'Grounded out',
  flyout: 'Flied out',
  lineout: 'Lined out',
  popout: 'Popped out',
  force_out: 'Forced out',
  grounded_into_double_play: 'Grounded into a double play',
  sac_fly: 'Hit a sacrifice fly',
  sac_bunt: 'Sacrificed',
  field_error: 'Reached on error',
  pinch_run: 'Ran',
};

/** Pinch-hit notes ("a-Singled for Smith in the 8th."). */
export function phNotes(league: League, box: TeamBox): Field[] {
  return box.phNotes.map((n) => ({
    label: n.letter,
    value: `${PH_VERBS[n.eventType] ?? 'Batted'} for ${league.personById.get(n.replaced)?.boxscoreName ?? 'teammate'} in the ${ordinal(n.inning)}.`,
  }));
}

/**
 * The ABS challenges of a game by challenger, in the order they first challenged: "Goodman 2
 * (Ball-Overturned to Strike, Strike-Confirmed); Kwan (Strike-Confirmed)." The pitch's call in the
 * log is the final one, so an overturned challenge's call on the field is its opposite.
 */
function absChallengeLine(view: GameView, name: (id: number) => string): string | undefined {
  const byChallenger = new Map<number, string[]>();
  for (const play of view.plays)
    for (const ev of play.events) {
      if (ev.kind !== 'pitch' || !ev.abs) continue;
      const final = ev.call === 'C' ? 'Strike' : 'Ball';
      const onField = ev.abs.overturned ? (final === 'Strike' ? 'Ball' : 'Strike') : final;
      const list = byChallenger.get(ev.abs.challengerId) ?? [];
      list.push(ev.abs.overturned ? `${onField}-Overturned to ${final}` : `${onField}-Confirmed`);
      byChallenger.set(ev.abs.challengerId, list);
    }
  if (byChallenger.size === 0) return undefined;
  const parts = [...byChallenger].map(
    ([id, list]) => `${name(id)}${list.length > 1 ? ` ${list.length}` : ''} (${list.join(', ')})`,
  );
  return `${parts.join('; ')}.`;
}

/** Game info list (pitch counts, umpires, weather, duration, attendance, venue, date). */
export function gameInfo(
  league: League,
  view: GameView,
  extras: {
    officials: Array<{ id: number; type: string }>;
    weather: { condition: string; temp: string; wind: string };
    attendance: number;
  },
): Field[] {
  const boxes = view.boxes!;
  const pitchers = [...boxes.away.pitching, ...boxes.home.pitching];
  const name = (id: number) => league.personById.get(id)!.boxscoreName;
  const list = (f: (l: Line) => string) => `${pitchers.map(([id, l]) => `${name(id)} ${f(l)}`).join('; ')}.`;
  const abs = absChallengeLine(view, name);
  const info: Field[] = [
    ...(abs ? [{ label: 'ABS Challenge', value: abs }] : []),
    { label: 'Pitches-strikes', value: list((l) => `${l.numberOfPitches}-${l.strikes}`) },
    { label: 'Groundouts-flyouts', value: list((l) => `${l.groundOuts}-${l.airOuts}`) },
    { label: 'Batters faced', value: list((l) => String(l.battersFaced)) },
  ];
  const inherited = pitchers.filter(([, l]) => l.inheritedRunners > 0);
  if (inherited.length)
    info.push({
      label: 'Inherited runners-scored',
      value: `${inherited.map(([id, l]) => `${name(id)} ${l.inheritedRunners}-${l.inheritedRunnersScored}`).join('; ')}.`,
    });
  const abbrev: Record<string, string> = {
    'Home Plate': 'HP',
    'First Base': '1B',
    'Second Base': '2B',
    'Third Base': '3B',
  };
  info.push({
    label: 'Umpires',
    value: `${extras.officials.map((o) => `${abbrev[o.type]}: ${league.personById.get(o.id)!.useName} ${league.personById.get(o.id)!.useLastName}.`).join(' ')} `,
  });
  info.push({ label: 'Weather', value: `${extras.weather.temp} degrees, ${extras.weather.condition}.` });
  info.push({ label: 'Wind', value: `${extras.weather.wind}.` });
  const venue = league.venueById.get(view.g.venueId);
  const offset = venue ? venueOffset(venue, view.g.officialDate) : -5;
  const clock = localClock(view.g.startMs, offset);
  info.push({ label: 'First pitch', value: `${clock.time} ${clock.ampm}.` });
  if (view.phase === 'over' || view.phase === 'final') {
    const log = view.log!;
    const minutes = Math.round(
      (log.endMs - log.firstPitchMs - ((log.resumedAtMs ?? 0) - (log.suspendedAtMs ?? 0))) / 60_000,
    );
    info.push({ label: 'T', value: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}.` });
    info.push({ label: 'Att', value: `${extras.attendance.toLocaleString('en-US')}.` });
  }
  info.push({ label: 'Venue', value: `${venue?.name ?? 'Ballpark'}.` });
  info.push({ label: longDate(view.g.officialDate) });
  return info;
}

/** "Smith pitched to 2 batters in the 7th." for pitchers removed without an out in their last inning. */
export function pitchingNotes(league: League, view: GameView): string[] {
  const notes: string[] = [];
  const byPitcher = new Map<number, Play[]>();
  for (const p of view.plays) byPitcher.set(p.pitcher, [...(byPitcher.get(p.pitcher) ?? []), p]);
  for (const [id, plays] of byPitcher) {
    const last = at(plays, plays.length - 1);
    const inInning = plays.filter((p) => p.inning === last.inning && p.top === last.top);
    const outs = inInning.reduce((a, p) => a + p.outs - p.outsBefore, 0);
    const removed = view.plays.some(
      (p) => p.inning === last.inning && p.top === last.top && p.pitcher !== id && p.ab > last.ab,
    );
    if (outs === 0 && removed)
      notes.push(
        `${league.personById.get(id)!.boxscoreName} pitched to ${inInning.length} batter${inInning.length > 1 ? 's' : ''} in the ${ordinal(last.inning)}.`,
      );
  }
  return notes;
}
