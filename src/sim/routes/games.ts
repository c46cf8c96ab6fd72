/** /v1/game/{pk}/boxscore|playByPlay|linescore and /v1.1/game/{pk}/feed/live[/timestamps|/diffPatch]. */

import { transitions } from '../clock/status.js';
import type { Core } from '../core.js';
import type { CachedBody } from '../http/body-cache.js';
import type { GameView } from '../game-view.js';
import { renderBoxscore } from '../render/boxscore.js';
import { COPYRIGHT } from '../render/common.js';
import { renderFeed, teamWithRecord } from '../render/feed.js';
import { diffFeeds } from '../render/feed-diff.js';
import { renderLinescore } from '../render/linescore.js';
import { renderPlays } from '../render/plays.js';
import { renderWinProbability } from '../render/win-probability.js';
import { stringifyBody } from '../render/raw-json.js';
import { MINUTE_MS, parseTimecode, publishedAt, stampOf } from '../time.js';
import type { SchedGame } from '../types.js';
import { badRequest, notFound, type RouteResult } from './result.js';

export type GameBodyKind = 'feed' | 'boxscore' | 'playByPlay' | 'linescore' | 'winProbability';

/** Dependencies the feed renderer needs, bound to the core and the moment rendered (default now). */
export function feedDeps(core: Core, asOfMs?: number) {
  return {
    league: core.league,
    seed: core.seed,
    venueOf: (id: number) => core.model.venue(id),
    recordOf: (g: SchedGame, teamId: number) => core.recordOf(g, teamId, asOfMs),
    probable: (g: SchedGame) => core.probable(g),
  };
}

/** Renders one game body for a view (no caching). Serialize it with `stringifyBody` (it holds RawJson fragments). */
export function renderGameBody(core: Core, kind: GameBodyKind, view: GameView): unknown {
  switch (kind) {
    case 'feed':
      return renderFeed(feedDeps(core, view.asOfMs), view);
    case 'boxscore':
      return {
        copyright: COPYRIGHT,
        ...renderBoxscore(core.league, core.seed, view, {
          teamJson: (teamId) => teamWithRecord(feedDeps(core, view.asOfMs), view.g, teamId),
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

/** The moments (epoch ms) the game's feed changed, up to `atMs`, in order. */
function changeTimes(core: Core, g: SchedGame, atMs: number): number[] {
  const times = new Set<number>(transitions(core.model, g, atMs));
  for (const t of [g.startMs - 60 * MINUTE_MS, g.startMs - 20 * MINUTE_MS, g.startMs]) if (t <= atMs) times.add(t);
  const view = core.view(g, atMs);
  // Events logged before the start show when the game turns Live, stamped with the start.
  for (const p of view.plays) for (const e of p.events) if (e.endMs <= atMs && e.endMs >= g.startMs) times.add(e.endMs);
  for (const c of core.state.corrections) if (c.gamePk === g.gamePk && c.atMs <= atMs) times.add(c.atMs);
  return [...times].sort((a, b) => a - b);
}

/** The timecodes at which the game's feed changed, up to now. */
export function gameTimestamps(core: Core, gamePk: number): RouteResult {
  const g = core.model.game(gamePk);
  if (!g) return notFound(core.state.nowMs);
  const codes = [...new Set(changeTimes(core, g, publishedAt(core.state.nowMs)).map(stampOf))];
  return { status: 200, body: codes };
}

/** The moment a timecode names, capped at now; undefined when malformed. */
function momentOf(core: Core, tc: string): number | undefined {
  const t = parseTimecode(tc);
  return t === undefined ? undefined : Math.min(t, publishedAt(core.state.nowMs));
}

/** Parses the optional `timecode` parameter into the moment to answer for (a malformed one means now). */
export function asOfFromParams(core: Core, params: URLSearchParams): number {
  const tc = params.get('timecode');
  return (tc ? momentOf(core, tc) : undefined) ?? publishedAt(core.state.nowMs);
}

/**
 * `feed/live/diffPatch`: the RFC 6902 operations that turn the feed at `startTimecode` into the feed at
 * `endTimecode` (default now), as `[{diff: [...]}]`, or `[]` when they are the same. Without a
 * `startTimecode`, or with one before the game's first timecode, the answer is the full feed at the end.
 */
export function gameDiffPatch(core: Core, gamePk: number, params: URLSearchParams): RouteResult {
  const g = core.model.game(gamePk);
  const now = core.state.nowMs;
  if (!g) return notFound(now);
  const startTc = params.get('startTimecode');
  const endTc = params.get('endTimecode');
  const startMs = startTc ? momentOf(core, startTc) : undefined;
  const endMs = endTc ? momentOf(core, endTc) : publishedAt(now);
  if ((startTc && startMs === undefined) || endMs === undefined)
    return badRequest(
      `${startMs === undefined && startTc ? 'startTimecode' : 'endTimecode'} must be a timecode YYYYMMDD_HHMMSS`,
      now,
    );
  const first = changeTimes(core, g, publishedAt(now))[0];
  if (startMs === undefined || first === undefined || startMs < publishedAt(first + 999))
    return gameBody(core, 'feed', gamePk, endMs);
  const ops = diffFeeds(feedAt(core, gamePk, startMs), feedAt(core, gamePk, endMs));
  return { status: 200, body: ops.length === 0 ? [] : [{ diff: ops }] };
}

/** The feed of a game at a moment, parsed. */
function feedAt(core: Core, gamePk: number, atMs: number): unknown {
  const { entry } = gameBody(core, 'feed', gamePk, atMs);
  return JSON.parse((entry as CachedBody).json.toString('utf8'));
}
