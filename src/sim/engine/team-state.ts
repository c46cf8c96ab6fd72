/** One club's in-game state: lineup, fielders, pitcher, bullpen and bench. */

import type { Rng } from '../prng.js';
import type { League, LineupSlot, Person, TeamDepth } from '../types.js';
import { at, entry } from '../checked.js';

export interface TeamState {
  teamId: number;
  /** Current occupant of each batting slot (0..8). */
  slots: number[];
  /** Substitutions made in each slot (for battingOrder "101", "102"…). */
  slotSubs: number[];
  /** Battting-order string per player ("100", "401"). */
  battingOrder: Map<number, string>;
  /** Current position code per player in the game. */
  pos: Map<number, string>;
  /** Fielders by position code "1".."9" ("10" = DH). */
  fielders: Record<string, number>;
  next: number;
  pitcher: number;
  pitchCount: Map<number, number>;
  /** Pitches thrown by the current pitcher (mirrors pitchCount for speed). */
  count: number;
  /** Outs recorded by the current pitcher since he entered. */
  outsSinceEntry: number;
  battersSinceEntry: number;
  runsAllowedByStarter: number;
  bullpen: number[];
  bench: number[];
  closer: number;
  /** Pinch hitters who must take a fielding position at the next defensive half. */
  pendingSwitch: Array<{ id: number; pos: string; from: 'hitter' | 'runner' }>;
  lineup: LineupSlot[];
  starter: number;
  /** The batting slot of the pitcher in a game without the designated hitter (-1 with one). */
  pitcherSlot: number;
}

const POS_ORDER = ['2', '3', '4', '5', '6', '7', '8', '9', '10'];

/**
 * Sets up a club for one game: the day's starting pitcher from the rotation and, now and then, a
 * regular given the day off in favour of a bench player. Without the designated hitter (`dh`
 * false: a National League park before 2022) the pitcher bats in the DH's place and the DH sits.
 */
export function createTeamState(
  rng: Rng,
  league: League,
  teamId: number,
  gameIndex: number,
  date: string,
  dh = true,
): TeamState {
  const depth: TeamDepth = league.depthAt(teamId, date);
  const starters: Record<string, number> = { ...depth.starters };
  const bench = [...depth.bench];
  const person = (id: number): Person => league.personById.get(id)!;
  if (rng.chance(0.25)) {
    // Rest day: a bench player who plays the same spot (or the DH) starts instead.
    const restPos = rng.chance(0.35) ? '2' : rng.pick(POS_ORDER.slice(1));
    const sub = restPos === '2' ? depth.backupCatcher : bench.find((id) => person(id).position !== '2');
    if (sub !== undefined) {
      bench.splice(bench.indexOf(sub), 1);
      bench.push(entry(starters, restPos));
      starters[restPos] = sub;
    }
  }
  const posOf = new Map<number, string>();
  for (const code of POS_ORDER) posOf.set(entry(starters, code), code);
  const order = depth.order.map((id) => {
    if (posOf.has(id)) return id;
    const code = POS_ORDER.find((c) => depth.starters[c] === id)!;
    return entry(starters, code);
  });
  const starter = at(depth.rotation, gameIndex % depth.rotation.length);
  const fielders: Record<string, number> = { '1': starter };
  for (const code of POS_ORDER) fielders[code] = entry(starters, code);
  let pitcherSlot = -1;
  if (!dh) {
    const dhId = entry(starters, '10');
    pitcherSlot = order.indexOf(dhId);
    order[pitcherSlot] = starter;
    posOf.delete(dhId);
    posOf.set(starter, '1');
    delete fielders['10'];
    bench.push(dhId);
  }
  const battingOrder = new Map<number, string>();
  order.forEach((id, i) => {
    battingOrder.set(id, `${i + 1}00`);
  });
  const pos = new Map<number, string>(posOf);
  pos.set(starter, '1');
  const bullpen = [...depth.bullpen];
  return {
    teamId,
    slots: order,
    slotSubs: Array(9).fill(0),
    battingOrder,
    pos,
    fielders,
    next: 0,
    pitcher: starter,
    pitchCount: new Map([[starter, 0]]),
    count: 0,
    outsSinceEntry: 0,
    battersSinceEntry: 0,
    runsAllowedByStarter: 0,
    bullpen: bullpen.slice(1),
    bench,
    closer: bullpen[0] ?? 0,
    pendingSwitch: [],
    lineup: order.map((id) => ({ id, pos: posOf.get(id)! })),
    starter,
    pitcherSlot,
  };
}

/**
 * Brings a new pitcher in; returns the replaced pitcher's id and, in a game without the designated
 * hitter, the batting order he takes (the slot of the pitcher, or of the pinch hitter who batted for him).
 */
export function changePitcher(team: TeamState, newPitcher: number): { old: number; battingOrder?: string } {
  const old = team.pitcher;
  const battingOrder =
    team.pitcherSlot >= 0 ? substitute(team, team.pitcherSlot, newPitcher, '1').battingOrder : undefined;
  team.pitcher = newPitcher;
  team.fielders['1'] = newPitcher;
  team.pos.set(newPitcher, '1');
  team.pitchCount.set(old, team.count);
  team.pitchCount.set(newPitcher, 0);
  team.count = 0;
  team.outsSinceEntry = 0;
  team.battersSinceEntry = 0;
  const i = team.bullpen.indexOf(newPitcher);
  if (i >= 0) team.bullpen.splice(i, 1);
  if (newPitcher === team.closer) team.closer = 0;
  return { old, battingOrder };
}

/** The pitcher was batted for (no designated hitter): a new one must come in before the next pitch. */
export function pitcherRemoved(team: TeamState): boolean {
  return team.pitcherSlot >= 0 && team.slots[team.pitcherSlot] !== team.pitcher;
}

/** Puts a bench player into a batting slot (pinch hitter or defensive replacement). */
export function substitute(
  team: TeamState,
  slot: number,
  newId: number,
  pos: string,
): { replaced: number; battingOrder: string } {
  const replaced = at(team.slots, slot);
  team.slots[slot] = newId;
  const subs = at(team.slotSubs, slot) + 1;
  team.slotSubs[slot] = subs;
  const battingOrder = `${slot + 1}0${subs}`;
  team.battingOrder.set(newId, battingOrder);
  team.pos.set(newId, pos);
  const oldPos = team.pos.get(replaced);
  if (oldPos && team.fielders[oldPos] === replaced && pos !== '11') team.fielders[oldPos] = newId;
  const b = team.bench.indexOf(newId);
  if (b >= 0) team.bench.splice(b, 1);
  return { replaced, battingOrder };
}

/**
 * The position a batter/runner plays in the field: his own, or the one he is due to take when he
 * entered as a pinch hitter or runner (that pending switch is handed over to his replacement).
 */
export function takeFieldPos(team: TeamState, id: number): string | undefined {
  const i = team.pendingSwitch.findIndex((s) => s.id === id);
  const [handed] = i >= 0 ? team.pendingSwitch.splice(i, 1) : [];
  if (handed) return handed.pos;
  return team.pos.get(id);
}

/** Pitches thrown so far by the current pitcher. */
export function currentPitchCount(team: TeamState): number {
  return team.count;
}
