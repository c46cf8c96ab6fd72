/** /v1/awards (the catalogue) and /v1/people/{personId}/awards (a person's awards so far). */

import type { Core } from '../core.js';
import { type AwardGiven, createAwardBook, SIM_AWARDS } from '../derive/awards.js';
import { COPYRIGHT, position } from '../render/common.js';
import { notFound, type RouteResult } from './result.js';

const leagueRef = (id: number) => ({ id, link: `/api/v1/league/${id}` });

/** GET /api/v1/awards: every award the simulator gives, shaped like the real catalogue. */
export function awardsRoute(): RouteResult {
  const awards = SIM_AWARDS.map((a) => ({
    id: a.id,
    name: a.name,
    ...(a.description ? { description: a.description } : {}),
    sortOrder: a.sortOrder,
    ...(a.sportId !== undefined ? { sport: { id: a.sportId, link: `/api/v1/sports/${a.sportId}` } } : {}),
    ...(a.leagueId !== undefined ? { league: leagueRef(a.leagueId) } : {}),
    ...(a.notes ? { notes: a.notes } : {}),
    active: true,
  }));
  return { status: 200, body: { copyright: COPYRIGHT, awards } };
}

const books = new WeakMap<Core, (core: Core) => AwardGiven[]>();
const AWARD_INFO = new Map(SIM_AWARDS.map((a) => [a.id, a]));

/** GET /api/v1/people/{personId}/awards: the awards given to a person up to the clock, oldest first. */
export function personAwardsRoute(core: Core, personId: number): RouteResult {
  const person = core.league.personById.get(personId);
  if (!person) return notFound(core.state.nowMs);
  let book = books.get(core);
  if (!book) {
    book = createAwardBook();
    books.set(core, book);
  }
  const awards = book(core)
    .filter((g) => g.personId === personId)
    .map((g) => ({
      id: g.awardId,
      name: AWARD_INFO.get(g.awardId)?.name ?? g.awardId,
      date: g.date,
      season: String(g.season),
      team: { id: g.teamId, link: `/api/v1/teams/${g.teamId}` },
      player: {
        id: personId,
        link: `/api/v1/people/${personId}`,
        ...(person.position ? { primaryPosition: position(person.position) } : {}),
        nameFirstLast: `${person.useName} ${person.useLastName}`,
      },
      ...(AWARD_INFO.get(g.awardId)?.notes ? { notes: AWARD_INFO.get(g.awardId)!.notes } : {}),
    }));
  return { status: 200, body: { copyright: COPYRIGHT, awards } };
}
