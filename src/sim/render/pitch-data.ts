/**
 * Pitch-tracking numbers (type, speed, movement, spin, plate location) and batted-ball numbers,
 * drawn from a per-event random stream so they never change the game's outcome but stay consistent
 * with it (balls are out of the zone, called strikes in it, home runs travel far).
 */

import { at } from '../checked.js';
import { createRng, hashSeed, type Rng } from '../prng.js';
import type { PitchTracking } from '../era.js';
import type { BattedBall, Person } from '../types.js';
import { num } from './raw-json.js';

export const PITCH_NAMES: Record<string, string> = {
  FF: 'Four-Seam Fastball',
  SI: 'Sinker',
  FC: 'Cutter',
  SL: 'Slider',
  ST: 'Sweeper',
  CU: 'Curveball',
  KC: 'Knuckle Curve',
  CH: 'Changeup',
  FS: 'Splitter',
  SV: 'Slurve',
};

// [pfxX, pfxZ] in inches for a right-hander, and spin rate.
const MOVEMENT: Record<string, [number, number, number]> & { FF: [number, number, number] } = {
  FF: [-7, 15, 2300],
  SI: [-15, 8, 2200],
  FC: [2, 8, 2400],
  SL: [4, 2, 2450],
  ST: [13, 2, 2600],
  CU: [8, -10, 2600],
  KC: [7, -9, 2500],
  CH: [-13, 6, 1750],
  FS: [-9, 3, 1400],
  SV: [10, -4, 2500],
};

const TRAIL: Record<string, string> & { FF: string } = {
  FF: 'rgba(188, 0, 33, 1.0)',
  SI: 'rgba(0, 0, 254, 1.0)',
  FC: 'rgba(153, 0, 255, 1.0)',
  SL: 'rgba(0, 34, 255, 1.0)',
  ST: 'rgba(221, 221, 0, 1.0)',
  CU: 'rgba(0, 85, 254, 1.0)',
  KC: 'rgba(0, 102, 204, 1.0)',
  CH: 'rgba(0, 153, 51, 1.0)',
  FS: 'rgba(51, 153, 153, 1.0)',
  SV: 'rgba(102, 0, 204, 1.0)',
};

const BALL_COLORS = {
  ball: 'rgba(39, 161, 39, 1.0)',
  strike: 'rgba(170, 21, 11, 1.0)',
  inPlay: 'rgba(26, 86, 190, 1.0)',
};

const r2 = (x: number) => Math.round(x * 100) / 100;
const r1 = (x: number) => Math.round(x * 10) / 10;

/** Statcast zone (1-9 inside, 11-14 outside quadrants) of a plate location. */
export function zoneOf(px: number, pz: number, top: number, bot: number): number {
  const inside = Math.abs(px) <= 0.83 && pz >= bot && pz <= top;
  if (!inside) return (pz > (top + bot) / 2 ? 11 : 13) + (px > 0 ? 1 : 0);
  const col = px < -0.277 ? 0 : px < 0.277 ? 1 : 2;
  const third = (top - bot) / 3;
  const row = pz > top - third ? 0 : pz > bot + third ? 1 : 2;
  return row * 3 + col + 1;
}

function inZone(rng: Rng, top: number, bot: number): [number, number] {
  return [rng.range(-0.8, 0.8), rng.range(bot + 0.05, top - 0.05)];
}

function outZone(rng: Rng, top: number, bot: number): [number, number] {
  const side = rng.int(0, 3);
  if (side === 0) return [rng.range(-2, -0.95), rng.range(bot - 0.5, top + 0.5)];
  if (side === 1) return [rng.range(0.95, 2), rng.range(bot - 0.5, top + 0.5)];
  if (side === 2) return [rng.range(-1.2, 1.2), rng.range(top + 0.15, top + 1.1)];
  return [rng.range(-1.2, 1.2), rng.range(Math.max(0.4, bot - 1.1), bot - 0.15)];
}

function location(rng: Rng, call: string, top: number, bot: number): [number, number] {
  if (call === '*B') return [rng.range(-1.3, 1.3), rng.range(-0.6, 0.6)];
  if (call === 'B' || call === 'P' || call === 'H' || call === 'VB') return outZone(rng, top, bot);
  if (call === 'C' || call === 'X' || call === 'D' || call === 'E')
    return rng.chance(0.92) ? inZone(rng, top, bot) : [rng.range(-0.95, 0.95), rng.range(bot - 0.15, top + 0.15)];
  return rng.chance(0.55) ? inZone(rng, top, bot) : outZone(rng, top, bot);
}

/** Type, colors and the pitchData JSON text of one pitch. */
export interface PitchJson {
  typeCode: string;
  ballColor: string;
  trailColor: string;
  /** The `pitchData` object, already serialized ('' in a season without pitch tracking). */
  pitchDataJson: string;
}

/** Everything the feed shows about one pitch (pitchData is written straight to JSON text). */
export function pitchDetails(
  seed: number,
  gamePk: number,
  ab: number,
  index: number,
  pitcher: Person,
  batter: Person,
  call: string,
  tracking: PitchTracking = 'hawkeye',
): PitchJson {
  const rng = createRng(hashSeed(seed, gamePk, ab, index, 0x717c));
  const mix = pitcher.repertoire.length > 0 ? pitcher.repertoire : DEFAULT_MIX;
  let total = 0;
  for (const m of mix) total += m.weight;
  let r = rng.next() * total;
  let pick = at(mix, mix.length - 1);
  for (const m of mix) {
    r -= m.weight;
    if (r < 0) {
      pick = m;
      break;
    }
  }
  const code = pick.code;
  const mirror = pitcher.throws === 'L' ? -1 : 1;
  const startSpeed = r1((pitcher.velo || 88) + pick.speedDelta + rng.normal(0, 0.8));
  const endSpeed = r1(startSpeed * rng.range(0.895, 0.925));
  const mv = MOVEMENT[code] ?? MOVEMENT.FF;
  const pfxX = (mv[0] + rng.normal(0, 1.5)) * mirror;
  const pfxZ = mv[1] + rng.normal(0, 1.5);
  const top = r2(batter.szTop || 3.4);
  const bot = r2(batter.szBot || 1.6);
  const [pX, pZ] = location(rng, call, top, bot);
  const vY0 = -startSpeed * 1.467 + rng.normal(0, 0.4);
  const t = 48.6 / ((-vY0 + endSpeed * 1.467) / 2);
  const x0 = -1.6 * mirror + rng.normal(0, 0.25);
  const z0 = rng.range(5.5, 6.3);
  const aX = ((pfxX / 12) * 2) / (t * t);
  const aZ = ((pfxZ / 12) * 2) / (t * t) - 32.174;
  const aY = rng.range(25, 34);
  const vX0 = (pX - x0 - 0.5 * aX * t * t) / t;
  const vZ0 = (pZ - z0 - 0.5 * aZ * t * t) / t;
  const gravityDrop = 0.5 * 32.174 * t * t * 12;
  const spinDirection = Math.round(((Math.atan2(pfxX, -pfxZ) * 180) / Math.PI + 360) % 360);
  const spinRate = Math.round(mv[2] + rng.normal(0, 110));
  const typeConfidence = rng.range(0.85, 2);
  const extension = rng.range(5.6, 7);
  const isInPlay = call === 'X' || call === 'D' || call === 'E';
  const isBall = call === 'B' || call === '*B' || call === 'P' || call === 'H' || call === 'VB';
  const pitchDataJson = pitchDataText(tracking, {
    startSpeed,
    endSpeed,
    top,
    bot,
    pfxX,
    pfxZ,
    pX,
    pZ,
    aX,
    aY,
    aZ,
    vX0,
    vY0,
    vZ0,
    x0,
    z0,
    t,
    gravityDrop,
    spinRate,
    spinDirection,
    typeConfidence,
    extension,
  });
  return {
    typeCode: code,
    ballColor: isInPlay ? BALL_COLORS.inPlay : isBall ? BALL_COLORS.ball : BALL_COLORS.strike,
    trailColor: TRAIL[code] ?? TRAIL.FF,
    pitchDataJson,
  };
}

interface Tracked {
  startSpeed: number;
  endSpeed: number;
  top: number;
  bot: number;
  pfxX: number;
  pfxZ: number;
  pX: number;
  pZ: number;
  aX: number;
  aY: number;
  aZ: number;
  vX0: number;
  vY0: number;
  vZ0: number;
  x0: number;
  z0: number;
  t: number;
  gravityDrop: number;
  spinRate: number;
  spinDirection: number;
  typeConfidence: number;
  extension: number;
}

/**
 * The `pitchData` text of a pitch as the season's tracking system wrote it: the key sets follow the
 * recorded feeds of 2015 (PITCHf/x), 2019 (TrackMan) and 2022 on (Hawk-Eye).
 */
function pitchDataText(tracking: PitchTracking, p: Tracked): string {
  if (tracking === 'none') return '';
  const coordinates =
    `"coordinates":{"aY":${num(p.aY, 4)},"aZ":${num(p.aZ, 4)},"pfxX":${num(p.pfxX, 4)},` +
    `"pfxZ":${num(p.pfxZ, 4)},"pX":${num(p.pX, 4)},"pZ":${num(p.pZ, 4)},"vX0":${num(p.vX0, 4)},"vY0":${num(p.vY0, 4)},"vZ0":${num(p.vZ0, 4)},` +
    `"x":${num(117 - 38 * p.pX, 2)},"y":${num(238.8 - 27 * p.pZ, 2)},"x0":${num(p.x0, 4)},"y0":50,"z0":${num(p.z0, 4)},"aX":${num(p.aX, 4)}}`;
  const speeds = `"startSpeed":${num(p.startSpeed, 1)},"endSpeed":${num(p.endSpeed, 1)}`;
  const zoneTopBottom = `"strikeZoneTop":${num(p.top, 2)},"strikeZoneBottom":${num(p.bot, 2)}`;
  const breakAngle = `"breakAngle":${num(Math.abs((Math.atan2(p.pfxX, 12) * 180) / Math.PI), 1)}`;
  const breakLength = `"breakLength":${num(Math.max(2, Math.hypot(p.pfxX, p.pfxZ - 8) * 0.6), 1)},"breakY":24`;
  const spin = `"spinRate":${p.spinRate},"spinDirection":${p.spinDirection}`;
  const zone = `"zone":${zoneOf(p.pX, p.pZ, p.top, p.bot)},"typeConfidence":${num(p.typeConfidence, 2)}`;
  if (tracking === 'pitchfx') {
    // PITCHf/x's own "nasty factor" (0–100), gone with Statcast.
    const nasty = Math.min(99, Math.max(5, 50 + Math.abs(p.pfxX) * 1.5 + (p.startSpeed - 90) * 2));
    return `{${speeds},"nastyFactor":${num(nasty, 2)},${zoneTopBottom},${coordinates},"breaks":{${breakLength},${spin}},${zone}}`;
  }
  const timing = `"plateTime":${num(p.t, 4)},"extension":${num(p.extension, 4)}`;
  if (tracking === 'trackman')
    return `{${speeds},${zoneTopBottom},${coordinates},"breaks":{${breakAngle},${breakLength},${spin}},${zone},${timing}}`;
  return (
    `{${speeds},${zoneTopBottom},"strikeZoneWidth":17,"strikeZoneDepth":8.5,${coordinates},` +
    `"breaks":{${breakAngle},${breakLength},"breakVertical":${num(p.pfxZ - p.gravityDrop, 1)},"breakVerticalInduced":${num(p.pfxZ, 1)},` +
    `"breakHorizontal":${num(-p.pfxX, 1)},${spin}},${zone},${timing}}`
  );
}

const DEFAULT_MIX = [{ code: 'FF', weight: 1, speedDelta: 0 }];

const SPRAY: Record<string, number> = {
  '1': 0,
  '2': 0,
  '3': 38,
  '4': 16,
  '5': -36,
  '6': -16,
  '7': -30,
  '8': 0,
  '9': 30,
};

/**
 * Launch numbers and landing spot of a batted ball, consistent with its outcome. Without Statcast
 * (`launchData` false, before 2015) only the trajectory, hardness and landing spot are known.
 */
export function hitDetails(
  seed: number,
  gamePk: number,
  ab: number,
  batted: BattedBall,
  eventType: string,
  launchData = true,
) {
  const rng = createRng(hashSeed(seed, gamePk, ab, 0x417));
  let ev: number;
  let la: number;
  let dist: number;
  if (eventType === 'home_run') {
    ev = rng.range(98, 115);
    la = rng.range(22, 36);
    dist = rng.range(365, 460);
  } else if (batted.trajectory === 'ground_ball') {
    ev = rng.range(62, 110);
    la = rng.range(-25, 8);
    dist = rng.range(8, 150);
  } else if (batted.trajectory === 'line_drive') {
    ev = rng.range(84, 112);
    la = rng.range(8, 24);
    dist = rng.range(150, 330);
  } else if (batted.trajectory === 'fly_ball') {
    ev = rng.range(80, 106);
    la = rng.range(25, 48);
    dist = eventType === 'triple' || eventType === 'double' ? rng.range(330, 400) : rng.range(240, 390);
  } else if (batted.trajectory === 'popup') {
    ev = rng.range(60, 85);
    la = rng.range(50, 75);
    dist = rng.range(90, 210);
  } else {
    ev = rng.range(30, 60);
    la = rng.range(-30, -5);
    dist = rng.range(5, 40);
  }
  const angle = ((SPRAY[batted.location] ?? 0) + rng.normal(0, 6)) * (Math.PI / 180);
  const scale = 0.43;
  // Now and then the tracking misses where a ball landed: the real feed then sends empty coordinates
  // (and null x/y in playsByInning's hits). Drawn last, so every other number of the ball is unchanged.
  const tracked = !rng.chance(0.02);
  const coordinates: { coordX?: number; coordY?: number } = tracked
    ? { coordX: r2(125.42 + Math.sin(angle) * dist * scale), coordY: r2(198.27 - Math.cos(angle) * dist * scale) }
    : {};
  if (!launchData)
    return { trajectory: batted.trajectory, hardness: batted.hardness, location: batted.location, coordinates };
  return {
    launchSpeed: r1(ev),
    launchAngle: Math.round(la),
    totalDistance: Math.round(dist),
    trajectory: batted.trajectory,
    hardness: batted.hardness,
    location: batted.location,
    coordinates,
  };
}
