/** Managerial decisions: pitching changes, pinch hitters and late defensive replacements. */

import { at, entry } from '../checked.js';
import { type Ctx, defense, offense, personOf, pushEvent } from './context.js';
import {
  changePitcher,
  currentPitchCount,
  pitcherRemoved,
  substitute,
  takeFieldPos,
  type TeamState,
} from './team-state.js';

const POSITION_NAMES: Record<string, string> = {
  '3': 'first',
  '4': 'second',
  '5': 'third',
  '6': 'short',
  '7': 'left',
  '8': 'center',
  '9': 'right',
};

function lead(c: Ctx, team: TeamState): number {
  const mine = team === c.away ? c.awayScore : c.homeScore;
  const theirs = team === c.away ? c.homeScore : c.awayScore;
  return mine - theirs;
}

/** Whether the defense should change pitchers before the next batter. */
function needsNewPitcher(c: Ctx, team: TeamState, startOfHalf: boolean, scheduled: number): boolean {
  if (pitcherRemoved(team)) return true;
  const p = personOf(c, team.pitcher);
  const count = currentPitchCount(team);
  const margin = lead(c, team);
  if (startOfHalf && c.inning >= scheduled && margin >= 1 && margin <= 3 && team.closer && team.pitcher !== team.closer)
    return true;
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
    next = late ? at(team.bullpen, 0) : at(team.bullpen, c.rng.int(0, team.bullpen.length - 1));
  } else if (team.closer) next = team.closer;
  if (!next) return;
  const { old, battingOrder } = changePitcher(team, next);
  pushEvent(
    c,
    {
      kind: 'action',
      eventType: 'pitching_substitution',
      player: next,
      isSub: true,
      position: '1',
      replaced: old,
      ...(battingOrder ? { battingOrder } : {}),
    },
    c.rng.int(110_000, 170_000),
    8000,
  );
}

/** Sends a pinch hitter up for a weak late-inning batter now and then; returns the batter who bats. */
export function maybePinchHit(c: Ctx, batterId: number): number {
  const team = offense(c);
  const own = team.pos.get(batterId);
  if (c.inning < 7 || own === '2' || own === '11' || own === '12' || team.bench.length === 0) return batterId;
  // A pitcher is batted for only when a reliever can take his place.
  if (own === '1' && team.bullpen.length === 0 && !team.closer) return batterId;
  const batter = personOf(c, batterId);
  if (batter.contact + batter.power > 0.85 || !c.rng.chance(0.18)) return batterId;
  const candidates = team.bench.filter((id) => personOf(c, id).position !== '2');
  if (candidates.length === 0) return batterId;
  const ph = at(candidates, c.rng.int(0, candidates.length - 1));
  const slot = team.slots.indexOf(batterId);
  const pos = takeFieldPos(team, batterId);
  const { battingOrder } = substitute(team, slot, ph, pos === '10' ? '10' : '11');
  // Batting for the pitcher, the pinch hitter leaves when the next pitcher comes in.
  if (pos !== '10' && pos !== '1' && pos) team.pendingSwitch.push({ id: ph, pos, from: 'hitter' });
  pushEvent(
    c,
    {
      kind: 'action',
      eventType: 'offensive_substitution',
      player: ph,
      isSub: true,
      position: '11',
      battingOrder,
      replaced: batterId,
    },
    c.rng.int(30_000, 60_000),
    6000,
  );
  return ph;
}

/** Late in a close game, a slow runner on base may be replaced by a pinch runner. */
export function maybePinchRun(c: Ctx, scheduled: number): void {
  const team = offense(c);
  if (c.inning < 7 || c.inning > scheduled || Math.abs(c.awayScore - c.homeScore) > 1) return;
  for (let b = 0; b < 3; b++) {
    const r = c.bases[b];
    if (!r || team.bench.length === 0) continue;
    const own = team.pos.get(r.id);
    if (
      !own ||
      own === '1' ||
      own === '2' ||
      own === '11' ||
      own === '12' ||
      personOf(c, r.id).speed > 0.35 ||
      !c.rng.chance(0.3)
    )
      continue;
    const candidates = team.bench.filter((id) => personOf(c, id).position !== '2');
    if (candidates.length === 0) return;
    const pr = candidates.reduce(
      (best, id) => (personOf(c, id).speed > personOf(c, best).speed ? id : best),
      at(candidates, 0),
    );
    const slot = team.slots.indexOf(r.id);
    if (slot < 0) continue;
    const pos = takeFieldPos(team, r.id) ?? own;
    const { battingOrder } = substitute(team, slot, pr, pos === '10' ? '10' : '12');
    if (pos !== '10') team.pendingSwitch.push({ id: pr, pos, from: 'runner' });
    c.bases[b] = { id: pr, resp: r.resp };
    pushEvent(
      c,
      {
        kind: 'action',
        eventType: 'offensive_substitution',
        player: pr,
        isSub: true,
        position: '12',
        battingOrder,
        replaced: r.id,
        base: b + 1,
      },
      c.rng.int(20_000, 45_000),
      5000,
    );
  }
}

/** Pinch hitters take the field; late with a lead, a weak glove may be replaced. */
export function defensiveChanges(c: Ctx): void {
  const team = defense(c);
  for (const { id, pos, from } of team.pendingSwitch) {
    if (!team.slots.includes(id)) continue;
    team.pos.set(id, pos);
    team.fielders[pos] = id;
    pushEvent(
      c,
      {
        kind: 'action',
        eventType: 'defensive_switch',
        player: id,
        isSub: true,
        position: pos,
        battingOrder: team.battingOrder.get(id),
        text: from,
      },
      c.rng.int(10_000, 20_000),
      3000,
    );
  }
  team.pendingSwitch = [];
  if (c.inning < 8 || lead(c, team) < 1 || team.bench.length === 0 || !c.rng.chance(0.15)) return;
  const pos = c.rng.pick(Object.keys(POSITION_NAMES));
  const current = entry(team.fielders, pos);
  const slot = team.slots.indexOf(current);
  const sub = team.bench.find((id) => personOf(c, id).position !== '2');
  if (slot < 0 || sub === undefined || personOf(c, current).glove > 0.7) return;
  const { battingOrder } = substitute(team, slot, sub, pos);
  pushEvent(
    c,
    {
      kind: 'action',
      eventType: 'defensive_substitution',
      player: sub,
      isSub: true,
      position: pos,
      battingOrder,
      replaced: current,
    },
    c.rng.int(20_000, 40_000),
    4000,
  );
}
