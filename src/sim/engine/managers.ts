/** Managerial decisions: pitching changes, pinch hitters and late defensive replacements. */

import { type Ctx, defense, offense, personOf, pushEvent } from './context.js';
import { changePitcher, currentPitchCount, substitute, type TeamState } from './team-state.js';

const POSITION_NAMES: Record<string, string> = { '3': 'first', '4': 'second', '5': 'third', '6': 'short', '7': 'left', '8': 'center', '9': 'right' };

function lead(c: Ctx, team: TeamState): number {
  const mine = team === c.away ? c.awayScore : c.homeScore;
  const theirs = team === c.away ? c.homeScore : c.awayScore;
  return mine - theirs;
}

/** Whether the defense should change pitchers before the next batter. */
function needsNewPitcher(c: Ctx, team: TeamState, startOfHalf: boolean, scheduled: number): boolean {
  const p = personOf(c, team.pitcher);
  const count = currentPitchCount(team);
  const margin = lead(c, team);
  if (startOfHalf && c.inning >= scheduled && margin >= 1 && margin <= 3 && team.closer && team.pitcher !== team.closer) return true;
  if (team.pitcher === team.starter) {
    if (count >= p.stamina) return true;
    if (team.runsAllowedByStarter >= 6 && team.battersSinceEntry >= 3) return true;
    return startOfHalf && c.inning >= 8 && count >= 85;
  }
  if (team.battersSinceEntry < 3 && count < p.stamina + 10) return false;
  if (count >= p.stamina) return true;
  return startOfHalf && team.outsSinceEntry >= 3 && c.rng.chance(0.75);
}

/** Makes a pitching change when one is due; the change is an action event of the coming play. */
export function maybeChangePitcher(c: Ctx, startOfHalf: boolean, scheduled: number): void {
  const team = defense(c);
  if (!needsNewPitcher(c, team, startOfHalf, scheduled)) return;
  const margin = lead(c, team);
  let next = 0;
  if (c.inning >= scheduled && margin >= 1 && margin <= 3 && team.closer) next = team.closer;
  else if (team.bullpen.length > 0) {
    const late = c.inning >= 7 && margin >= 0 && margin <= 3;
    next = late ? team.bullpen[0] : team.bullpen[c.rng.int(0, team.bullpen.length - 1)];
  } else if (team.closer) next = team.closer;
  if (!next) return;
  const old = changePitcher(team, next);
  pushEvent(c, { kind: 'action', eventType: 'pitching_substitution', player: next, isSub: true, position: '1', replaced: old }, c.rng.int(110_000, 170_000), 8000);
}

/** Sends a pinch hitter up for a weak late-inning batter now and then; returns the batter who bats. */
export function maybePinchHit(c: Ctx, batterId: number): number {
  const team = offense(c);
  const pos = team.pos.get(batterId);
  if (c.inning < 7 || pos === '2' || team.bench.length === 0) return batterId;
  const batter = personOf(c, batterId);
  if (batter.contact + batter.power > 0.85 || !c.rng.chance(0.18)) return batterId;
  const candidates = team.bench.filter((id) => personOf(c, id).position !== '2');
  if (candidates.length === 0) return batterId;
  const ph = candidates[c.rng.int(0, candidates.length - 1)];
  const slot = team.slots.indexOf(batterId);
  const { battingOrder } = substitute(team, slot, ph, pos === '10' ? '10' : '11');
  if (pos !== '10' && pos) team.pendingSwitch.push({ id: ph, pos });
  pushEvent(c, { kind: 'action', eventType: 'offensive_substitution', player: ph, isSub: true, position: '11', battingOrder, replaced: batterId }, c.rng.int(30_000, 60_000), 6000);
  return ph;
}

/** Pinch hitters take the field; late with a lead, a weak glove may be replaced. */
export function defensiveChanges(c: Ctx): void {
  const team = defense(c);
  for (const { id, pos } of team.pendingSwitch) {
    team.pos.set(id, pos);
    team.fielders[pos] = id;
    pushEvent(c, { kind: 'action', eventType: 'defensive_switch', player: id, isSub: true, position: pos, battingOrder: team.battingOrder.get(id) }, c.rng.int(10_000, 20_000), 3000);
  }
  team.pendingSwitch = [];
  if (c.inning < 8 || lead(c, team) < 1 || team.bench.length === 0 || !c.rng.chance(0.15)) return;
  const pos = c.rng.pick(Object.keys(POSITION_NAMES));
  const current = team.fielders[pos];
  const slot = team.slots.indexOf(current);
  const sub = team.bench.find((id) => personOf(c, id).position !== '2');
  if (slot < 0 || sub === undefined || personOf(c, current).glove > 0.7) return;
  const { battingOrder } = substitute(team, slot, sub, pos);
  pushEvent(c, { kind: 'action', eventType: 'defensive_substitution', player: sub, isSub: true, position: pos, battingOrder, replaced: current }, c.rng.int(20_000, 40_000), 4000);
}
