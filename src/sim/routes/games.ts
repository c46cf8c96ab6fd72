/** /v1/game/{pk}/boxscore|playByPlay|linescore and /v1.1/game/{pk}/feed/live[/timestamps]. */

import { transitions } from '../clock/status.js';
import type { Core } from '../core.js';
import type { GameView } from '../game-view.js';
import { renderBoxscore } from '../render/boxscore.js';
import { COPYRIGHT } from '../render/common.js';
import { renderFeed, teamWithRecord } from '../render/feed.js';
import { renderLinescore } from '../render/linescore.js';
import { renderPlays } from '../render/plays.js';
import { renderWinProbability } from '../render/win-probability.js';
import { stringifyBody } from '../render/raw-json.js';
import { parseTimecode, timecode } from '../time.js';
import type { SchedGame } from '../types.js';
import { notFound, type RouteResult } from './result.js';

export type GameBodyKind = 'feed' | 'boxscore' | 'playByPlay' | 'linescore' | 'winProbability';

/** Dependencies the feed renderer needs, bound to the core. */
export function feedDeps(core: Core) {
  return {
    league: core.league,
    seed: core.seed,
    venueOf: (id: number) => core.model.venue(id),
    recordOf: (g: SchedGame, teamId: number) => core.recordOf(g, teamId),
    probable: (g: SchedGame) => core.probable(g),
  };
}

/** Renders one game body for a view (no caching). Serialize it with `stringifyBody` (it holds RawJson fragments). */
export function renderGameBody(core: Core, kind: GameBodyKind, view: GameView): unknown {
  switch (kind) {
    case 'feed':
      return renderFeed(feedDeps(core), view);
    case 'boxscore':
      return {
        copyright: COPYRIGHT,
        ...renderBoxscore(core.league, core.seed, view, {
          teamJson: (teamId) => teamWithRecord(feedDeps(core), view.g, teamId),
        }),
      };
    case 'playByPlay':
      return { copyright: COPYRIGHT, ...renderPlays(core.league, core.seed, view) };
    case 'linescore':
      return { copyright: COPYRIGHT, ...renderLinescore(core.league, view) };
    case 'winProbability':
      return renderWinProbability(core.league, core.seed, view);
  }
}

/** Serves a game body, memoized in the body cache unless the game is live. */
export function gameBody(core: Core, kind: GameBodyKind, gamePk: number, asOfMs: number): RouteResult {
  const g = core.model.game(gamePk);
  if (!g) return notFound(core.state.nowMs);
  const key = core.gameCacheKey(kind, g, asOfMs);
  if (key) {
    const hit = core.bodies.get(key);
    if (hit) return { status: 200, entry: hit };
  }
  const body = Buffer.from(stringifyBody(renderGameBody(core, kind, core.view(g, asOfMs))));
  if (key) return { status: 200, entry: core.bodies.set(key, body) };
  return { status: 200, entry: { json: body } };
}

/** The timecodes at which the game's feed changed, up to now. */
export function gameTimestamps(core: Core, gamePk: number): RouteResult {
  const g = core.model.game(gamePk);
  if (!g) return notFound(core.state.nowMs);
  const now = core.state.nowMs;
  const times = new Set<number>(transitions(core.model, g, now));
  const view = core.view(g, now);
  for (const p of view.plays) for (const e of p.events) if (e.endMs <= now) times.add(e.endMs);
  for (const c of core.state.corrections) if (c.gamePk === gamePk && c.atMs <= now) times.add(c.atMs);
  const codes = [...new Set([...times].sort((a, b) => a - b).map(timecode))];
  return { status: 200, body: codes };
}

/** Parses the optional `timecode` parameter into an epoch ms (or now). */
export function asOfFromParams(core: Core, params: URLSearchParams): number {
  const tc = params.get('timecode');
  const t = tc ? parseTimecode(tc) : undefined;
  return t === undefined ? core.state.nowMs : Math.min(t, core.state.nowMs);
}
