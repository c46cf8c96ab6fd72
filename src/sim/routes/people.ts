/** /v1/people, /v1/people/{id}, /v1/people/changes. */

import type { Core } from '../core.js';
import { COPYRIGHT } from '../render/common.js';
import { renderPerson } from '../render/person.js';
import { toDate } from '../time.js';
import type { Person } from '../types.js';
import { badRequest, list, notFound, type RouteResult } from './result.js';

/** A person as served now (with the simulated record changes applied). */
export function personJson(core: Core, p: Person): Record<string, unknown> {
  const now = core.state.nowMs;
  const body = renderPerson(core.league, p, toDate(now), { withTeam: true, overlay: core.overlay(p.id, now) });
  if (p.isPlayer && p.mlbDebutDate && (p.rosterStatus === 'D60' || p.rosterStatus === 'MIN')) {
    body.lastPlayedDate = `${core.model.season - 1}-09-${String(10 + (p.id % 18)).padStart(2, '0')}`;
  }
  return body;
}

/** GET /api/v1/people?personIds=… */
export function peopleRoute(core: Core, params: URLSearchParams): RouteResult {
  const ids = list(params, 'personIds', 'personId');
  if (!ids || ids.length === 0) return badRequest('Missing required parameter personIds', core.state.nowMs);
  const people = ids
    .map((id) => core.league.personById.get(Number(id)))
    .filter((p): p is Person => !!p)
    .map((p) => personJson(core, p));
  return { status: 200, body: { copyright: COPYRIGHT, people } };
}

/** GET /api/v1/people/{id} */
export function personRoute(core: Core, id: number): RouteResult {
  const p = core.league.personById.get(id);
  if (!p) return notFound(core.state.nowMs);
  return { status: 200, body: { copyright: COPYRIGHT, people: [personJson(core, p)] } };
}

/** Times a person's record changed, up to now. */
function updateTimes(core: Core, p: Person): number[] {
  const now = core.state.nowMs;
  const times = p.updatedAtMs <= now ? [p.updatedAtMs] : [];
  for (const c of core.state.personChanges) if (c.personId === p.id && c.atMs <= now) times.push(c.atMs);
  return times;
}

/** GET /api/v1/people/changes?updatedSince=… */
export function peopleChangesRoute(core: Core, params: URLSearchParams): RouteResult {
  const since = params.get('updatedSince');
  const sinceMs =
    since && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(since) ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(sinceMs)) return badRequest('updatedSince is required (YYYY-MM-DDTHH:MM:SSZ)', core.state.nowMs);
  const changed = core.league.people
    .filter((p) => updateTimes(core, p).some((t) => t >= sinceMs))
    .sort((a, b) => a.id - b.id);
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const limitParam = params.get('limit');
  const limit = limitParam ? Math.max(0, Number(limitParam) || 0) : changed.length;
  return {
    status: 200,
    body: { copyright: COPYRIGHT, people: changed.slice(offset, offset + limit).map((p) => personJson(core, p)) },
  };
}
