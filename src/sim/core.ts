/** The simulator's core: season model + state + caches, and the game-level services routes use. */

import { at } from './checked.js';
import { createRecordBook, recordMoment, type WinLoss } from './clock/records.js';
import { statusAt } from './clock/status.js';
import { buildGameView, createLogCache, type GameView } from './game-view.js';
import { createBodyCache, type BodyCache } from './http/body-cache.js';
import type { PersonOverlay } from './render/person.js';
import type { SeasonModel } from './season.js';
import { correctionsFor, type SimState } from './state.js';
import type { League, SchedGame } from './types.js';

export interface Core {
  model: SeasonModel;
  league: League;
  seed: number;
  state: SimState;
  bodies: BodyCache;
  /** View of a game at a moment (defaults to now). */
  view(g: SchedGame, asOfMs?: number): GameView;
  /** League record (or series record in the postseason) shown with a game at a moment (defaults to now). */
  recordOf(g: SchedGame, teamId: number, asOfMs?: number): WinLoss;
  /** Probable starting pitchers (the rotation's turn). */
  probable(g: SchedGame): { away: number; home: number };
  /** Person-record changes in effect at a moment. */
  overlay(personId: number, atMs: number): PersonOverlay | undefined;
  /** Games visible at now: spring + regular, plus the postseason once the regular season is over. */
  visibleGames(): readonly SchedGame[];
  /** Cache key component of a game body, or undefined when the body must not be cached (live). */
  gameCacheKey(kind: string, g: SchedGame, asOfMs: number): string | undefined;
}

/** Creates the core over a season model and state. */
export function createCore(model: SeasonModel, state: SimState, cacheBytes?: number, bodies?: BodyCache): Core {
  const logs = createLogCache(model);
  const book = createRecordBook(model);
  const league = model.league;
  const postVisibleFromMs = Date.parse(`${model.dates.postStart}T00:00:00Z`) - 2 * 86_400_000;
  // Views of finished games do not change with the clock: keep a few so a game's bodies derive once.
  const views = new Map<string, GameView>();
  const finishedView = (g: SchedGame, at: number): GameView => {
    const { phase } = statusAt(model, g, at);
    if (phase !== 'final' && phase !== 'over') return buildGameView(model, state, g, at, logs);
    const key = `${g.gamePk}:${phase}:${correctionsFor(state, g.gamePk, at).length}`;
    let v = views.get(key);
    if (!v) {
      v = buildGameView(model, state, g, at, logs);
      views.set(key, v);
      if (views.size > 16) views.delete(views.keys().next().value as string);
    }
    return v;
  };
  const core: Core = {
    model,
    league,
    seed: model.seed,
    state,
    bodies: bodies ?? createBodyCache(cacheBytes),
    view: (g, asOfMs = state.nowMs) => finishedView(g, Math.min(asOfMs, state.nowMs)),
    recordOf(g, teamId, asOfMs = state.nowMs) {
      const at = recordMoment(model, g, Math.min(asOfMs, state.nowMs));
      if (g.gameType === 'R' || g.gameType === 'S') return book.recordAt(teamId, g.gameType, at, state.nowMs);
      return book.seriesRecord(g, teamId, at);
    },
    probable(g) {
      const away = league.depthAt(g.awayId, g.officialDate).rotation;
      const home = league.depthAt(g.homeId, g.officialDate).rotation;
      return { away: at(away, g.awayGameIndex % away.length), home: at(home, g.homeGameIndex % home.length) };
    },
    overlay(personId, atMs) {
      let o: PersonOverlay | undefined;
      for (const c of state.personChanges) {
        if (c.personId !== personId || c.atMs > atMs) continue;
        o = { ...o };
        if (c.teamId !== undefined) o.teamId = c.teamId;
        if (c.primaryNumber !== undefined) o.primaryNumber = c.primaryNumber;
        if (c.rosterStatus !== undefined) o.rosterStatus = c.rosterStatus;
      }
      return o;
    },
    visibleGames: () => (state.nowMs >= postVisibleFromMs ? model.allGames() : model.baseGames),
    gameCacheKey(kind, g, asOfMs) {
      const at = Math.min(asOfMs, state.nowMs);
      const { phase } = statusAt(model, g, at);
      if (phase === 'live' || phase === 'suspended') return undefined;
      const fixes = correctionsFor(state, g.gamePk, at).length;
      return `${kind}:${g.gamePk}:${phase}:${fixes}:${recordMoment(model, g, at)}`;
    },
  };
  return core;
}
