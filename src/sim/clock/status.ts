/** Game status at a moment: Preview (S/P) → Live (I, or U while suspended) → Final (O briefly, then F). */

import type { SeasonModel } from '../season.js';
import { MINUTE_MS } from '../time.js';
import type { SchedGame } from '../types.js';

export interface GameStatus {
  abstractGameState: string;
  codedGameState: string;
  detailedState: string;
  statusCode: string;
  startTimeTBD: boolean;
  reason?: string;
  abstractGameCode: string;
}

export type Phase = 'preview' | 'live' | 'suspended' | 'over' | 'final' | 'cancelled';

/** Minutes a game stays in "Game Over" (O) after the last out before it becomes Final (F). */
export const GAME_OVER_MINUTES = 20;

function status(a: string, coded: string, detailed: string, code: string, tbd: boolean, reason?: string): GameStatus {
  const s: GameStatus = {
    abstractGameState: a,
    codedGameState: coded,
    detailedState: detailed,
    statusCode: code,
    startTimeTBD: tbd,
  } as GameStatus;
  if (reason) s.reason = reason;
  s.abstractGameCode = a === 'Preview' ? 'P' : a === 'Live' ? 'L' : 'F';
  return s;
}

/** Whether the game's start time is still "to be determined" (game 2 of a traditional doubleheader). */
export function startTbd(g: SchedGame): boolean {
  return g.doubleHeader === 'Y' && g.gameNumber === 2;
}

/** Status of a game at `nowMs`, with its phase. Simulates the game (memoized) once it has started. */
export function statusAt(model: SeasonModel, g: SchedGame, nowMs: number): { status: GameStatus; phase: Phase } {
  const tbd = startTbd(g);
  if (g.cancelled && nowMs >= g.cancelled.announcedMs) {
    return { status: status('Final', 'C', 'Cancelled', 'CR', false, g.cancelled.reason), phase: 'cancelled' };
  }
  const start = g.postponed && nowMs < g.postponed.announcedMs ? g.originalStartMs : g.startMs;
  if (nowMs < start - 60 * MINUTE_MS)
    return { status: status('Preview', 'S', 'Scheduled', 'S', tbd), phase: 'preview' };
  if (nowMs < start - 20 * MINUTE_MS) return { status: status('Preview', 'P', 'Pre-Game', 'P', tbd), phase: 'preview' };
  if (nowMs < start) return { status: status('Preview', 'P', 'Warmup', 'PW', tbd), phase: 'preview' };
  const o = model.outcome(g.gamePk);
  if (nowMs < o.endMs) {
    if (
      o.suspendedAtMs !== undefined &&
      o.resumedAtMs !== undefined &&
      nowMs >= o.suspendedAtMs &&
      nowMs < o.resumedAtMs
    ) {
      return {
        status: status('Live', 'U', 'Suspended', 'UR', false, g.suspended?.reason ?? 'Rain'),
        phase: 'suspended',
      };
    }
    return { status: status('Live', 'I', 'In Progress', 'I', false), phase: 'live' };
  }
  if (nowMs < o.endMs + GAME_OVER_MINUTES * MINUTE_MS)
    return { status: status('Final', 'O', 'Game Over', 'O', false), phase: 'over' };
  if (o.isTie) return { status: status('Final', 'F', 'Final: Tied', 'FT', false), phase: 'final' };
  return { status: status('Final', 'F', 'Final', 'F', false), phase: 'final' };
}

/** The status shown on the original date's listing of a postponed game. */
export function postponedStatus(g: SchedGame): GameStatus {
  return status('Final', 'D', 'Postponed', g.postponed?.statusCode ?? 'DR', false, g.postponed?.reason ?? 'Rain');
}

/** The moments a game changed (for the change log and version stamps), up to `nowMs`. */
export function transitions(model: SeasonModel, g: SchedGame, nowMs: number): number[] {
  const out: number[] = [];
  if (g.postponed && g.postponed.announcedMs <= nowMs) out.push(g.postponed.announcedMs);
  if (g.cancelled) {
    if (g.cancelled.announcedMs <= nowMs) out.push(g.cancelled.announcedMs);
    return out;
  }
  if (g.startMs > nowMs) return out;
  const o = model.outcome(g.gamePk);
  for (const t of [o.firstPitchMs, o.suspendedAtMs, o.resumedAtMs, o.endMs, o.endMs + GAME_OVER_MINUTES * MINUTE_MS]) {
    if (t !== undefined && t <= nowMs) out.push(t);
  }
  return out;
}
