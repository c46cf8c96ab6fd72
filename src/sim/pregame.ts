/**
 * What was known of a game before its first pitch, as the schedule's hydrations show it: the
 * probable pitchers named a few days ahead (now and then first another pitcher of the rotation,
 * replaced hours or a day or two before the game), the lineups posted three to four hours before
 * (now and then with a bench player in a slot who is scratched for the game's starter an hour or
 * so later), the umpire crew assigned the day before, and a forecast from four hours before (a few
 * degrees off the weather at first pitch). What the game then does is what was last announced:
 * the starters, the lineups and the crew are the game's own. Deterministic from the seed.
 */

import { startingLineups } from './engine/game.js';
import { createRng, hashSeed } from './prng.js';
import { officialsOf, weatherOf } from './render/game-extras.js';
import type { SeasonModel } from './season.js';
import type { League, SchedGame } from './types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface LineupSpot {
  id: number;
  /** Position code in the game ("2" … "10", "1" for a pitcher batting). */
  pos: string;
}

/** One moment's pregame view of a game; a part absent is not announced yet. */
export interface PregameView {
  probables: { away?: number; home?: number };
  lineups?: { away: LineupSpot[]; home: LineupSpot[] };
  officials?: Array<{ id: number; type: string }>;
  weather?: { condition: string; temp: string; wind: string };
}

/** When each part of a game's pregame is announced or changed (epoch ms), from the seed. */
export interface PregamePlan {
  probableAt: number;
  /** Per side: the pitcher first named and when he is replaced by the starter (absent: never). */
  probableChange: { away?: { first: number; atMs: number }; home?: { first: number; atMs: number } };
  lineupAt: number;
  /** Per side: the slot posted with a bench player first, and when he is scratched. */
  scratch: {
    away?: { slot: number; first: number; atMs: number };
    home?: { slot: number; first: number; atMs: number };
  };
  officialsAt: number;
  weatherAt: number;
  /** Forecast temperature minus the temperature at first pitch. */
  forecastDelta: number;
}

interface Deps {
  seed: number;
  league: League;
  model: SeasonModel;
  probable(g: SchedGame): { away: number; home: number };
}

const plans = new WeakMap<League, Map<number, PregamePlan>>();

export function pregamePlan(d: Deps, g: SchedGame): PregamePlan {
  let byPk = plans.get(d.league);
  if (!byPk) {
    byPk = new Map();
    plans.set(d.league, byPk);
  }
  const cached = byPk.get(g.gamePk);
  if (cached) return cached;
  const rng = createRng(hashSeed(d.seed, g.gamePk, 0x9e6a));
  const start = g.startMs;
  const actual = d.probable(g);
  const lineups = startingLineups(d, g);
  const probableChange: PregamePlan['probableChange'] = {};
  const scratch: PregamePlan['scratch'] = {};
  // The day ahead at 18:00 UTC the probables are named: three to five days before.
  const probableAt = Math.floor((start - rng.int(3, 5) * DAY) / DAY) * DAY + 18 * HOUR;
  const lineupAt = start - rng.int(180, 240) * 60_000;
  for (const side of ['away', 'home'] as const) {
    const teamId = side === 'away' ? g.awayId : g.homeId;
    const rotation = d.league.depthAt(teamId, g.officialDate).rotation;
    if (rotation.length > 1 && rng.chance(0.15)) {
      const others = rotation.filter((id) => id !== actual[side]);
      probableChange[side] = { first: rng.pick(others), atMs: start - rng.int(8, 40) * HOUR };
    }
    const bench = d.league
      .depthAt(teamId, g.officialDate)
      .bench.filter((id) => !lineups[side].some((s) => s.id === id));
    if (bench.length > 0 && rng.chance(0.12)) {
      scratch[side] = { slot: rng.int(0, 8), first: rng.pick(bench), atMs: lineupAt + rng.int(30, 120) * 60_000 };
    }
  }
  const plan: PregamePlan = {
    probableAt,
    probableChange,
    lineupAt,
    scratch,
    officialsAt: start - DAY,
    weatherAt: start - 4 * HOUR,
    forecastDelta: rng.int(-3, 3),
  };
  if (byPk.size > 5_000) byPk.clear();
  byPk.set(g.gamePk, plan);
  return plan;
}

/** The game's pregame as announced at `nowMs` (before its first pitch). */
export function pregameAt(d: Deps, g: SchedGame, nowMs: number): PregameView {
  const plan = pregamePlan(d, g);
  const actual = d.probable(g);
  const out: PregameView = { probables: {} };
  if (nowMs >= plan.probableAt)
    for (const side of ['away', 'home'] as const) {
      const c = plan.probableChange[side];
      out.probables[side] = c && nowMs < c.atMs ? c.first : actual[side];
    }
  if (nowMs >= plan.lineupAt) {
    const lineups = startingLineups(d, g);
    const posted = (side: 'away' | 'home') => {
      const s = plan.scratch[side];
      return lineups[side].map((spot, i) =>
        s && i === s.slot && nowMs < s.atMs ? { id: s.first, pos: spot.pos } : spot,
      );
    };
    out.lineups = { away: posted('away'), home: posted('home') };
  }
  if (nowMs >= plan.officialsAt) out.officials = officialsOf(d.league, d.seed, g);
  if (nowMs >= plan.weatherAt) {
    const w = weatherOf(d.seed, g, d.model.venue(g.venueId)?.roofType ?? '');
    out.weather = w.condition === 'Dome' ? w : { ...w, temp: String(Number(w.temp) + plan.forecastDelta) };
  }
  return out;
}
