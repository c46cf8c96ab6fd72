import { asObject, type JsonObject, pick, toInt, toText } from './coerce.js';
import type { Decision, PitchingLineRow } from '../db/schema/rows.js';

const INNINGS = /^(\d+)(?:\.([012]))?$/;

/**
 * Outs recorded from a boxscore `inningsPitched` string, whose decimal is thirds of an inning:
 * `"6.1"` → 19, `"0.2"` → 2, `"7.0"` → 21, `"7"` → 21. A number (6.1) is read as its text.
 * Anything else (missing, `""`, `"6.3"`, `"-.--"`) → null; callers tell absent from malformed.
 */
export function inningsPitchedToOuts(inningsPitched: unknown): number | null {
  const text = typeof inningsPitched === 'number' ? String(inningsPitched) : inningsPitched;
  if (typeof text !== 'string') return null;
  const m = INNINGS.exec(text.trim());
  return m ? Number(m[1]) * 3 + Number(m[2] ?? 0) : null;
}

/** Person id → decision, as given by feed/live `liveData.decisions`. */
export type Decisions = ReadonlyMap<number, Decision>;

/** The decisions of a feed/live `liveData` (`decisions.{winner,loser,save}`); empty when absent. */
export function decisionsFrom(liveData: unknown): Decisions {
  const decisions = new Map<number, Decision>();
  const pairs = [
    ['winner', 'W'],
    ['loser', 'L'],
    ['save', 'S'],
  ] as const;
  for (const [key, decision] of pairs) {
    const id = toInt(pick(liveData, 'decisions', key, 'id'));
    if (id !== null) decisions.set(id, decision);
  }
  return decisions;
}

const NOTE_DECISION = /\((W|L|S),/;

/**
 * A pitcher's decision: `W` if `wins > 0`, `L` if `losses > 0`, `S` if `saves > 0`; else the first
 * W/L/S in the `note` (`"(W, 5-3)"`, `"(L, 2-2)(BS, 3)"`, `"(S, 10)"`; holds and blown saves are not
 * decisions); else `fallback` (e.g. from {@link decisionsFrom}); else null.
 */
export function decisionOf(pitching: JsonObject, fallback: Decision | null = null): Decision | null {
  if ((toInt(pitching.wins) ?? 0) > 0) return 'W';
  if ((toInt(pitching.losses) ?? 0) > 0) return 'L';
  if ((toInt(pitching.saves) ?? 0) > 0) return 'S';
  const note = typeof pitching.note === 'string' ? NOTE_DECISION.exec(pitching.note) : null;
  return (note?.[1] as Decision | undefined) ?? fallback;
}

/** Where a pitching line sits: game, team, side and its place in the `pitchers` list. */
export interface PitchingLineContext {
  gamePk: number;
  teamId: number;
  side: 'away' | 'home';
  /** 0-based index in `teams[side].pitchers`. */
  order: number;
  decisions?: Decisions;
}

/**
 * Map a boxscore player who pitched to a pitching line, or a reason string when `inningsPitched`
 * is present but unreadable. Outs come from inningsPitched, else the `outs` stat, else null;
 * `pitches` is numberOfPitches, else pitchesThrown, else 0 (absent upstream when 0 were thrown).
 */
export function pitchingLine(personId: number, player: JsonObject, ctx: PitchingLineContext): PitchingLineRow | string {
  const s = asObject(pick(player, 'stats', 'pitching')) ?? {};
  const ip = s.inningsPitched;
  const absent = ip === undefined || ip === null || ip === '';
  const outs = absent ? toInt(s.outs) : inningsPitchedToOuts(ip);
  if (!absent && outs === null) return `unreadable inningsPitched ${JSON.stringify(ip)}`;
  return {
    game_pk: ctx.gamePk,
    team_id: ctx.teamId,
    person_id: personId,
    side: ctx.side,
    pitching_order: ctx.order + 1,
    is_starter: ctx.order === 0,
    outs,
    innings_pitched: toText(ip),
    batters_faced: toInt(s.battersFaced),
    hits: toInt(s.hits),
    runs: toInt(s.runs),
    earned_runs: toInt(s.earnedRuns),
    base_on_balls: toInt(s.baseOnBalls),
    intentional_walks: toInt(s.intentionalWalks),
    strike_outs: toInt(s.strikeOuts),
    home_runs: toInt(s.homeRuns),
    hit_by_pitch: toInt(s.hitByPitch ?? s.hitBatsmen),
    pitches: toInt(s.numberOfPitches) ?? toInt(s.pitchesThrown) ?? 0,
    strikes: toInt(s.strikes),
    balls: toInt(s.balls),
    wild_pitches: toInt(s.wildPitches),
    balks: toInt(s.balks),
    inherited_runners: toInt(s.inheritedRunners),
    inherited_runners_scored: toInt(s.inheritedRunnersScored),
    decision: decisionOf(s, ctx.decisions?.get(personId) ?? null),
    holds: toInt(s.holds),
    blown_saves: toInt(s.blownSaves),
  };
}
