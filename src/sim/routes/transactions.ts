/** GET /api/v1/transactions: the world's transactions listed by now, by date range, club or player. */

import { COPYRIGHT, personLink, teamRef } from '../render/common.js';
import { fullName } from '../people-gen.js';
import { type SimTransaction, tradeTransactions } from '../transactions.js';
import { personLookup, teamLookup, type World } from '../world.js';
import { badRequest, type RouteResult } from './result.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function transactionsRoute(world: World, params: URLSearchParams): RouteResult {
  const core = world.primary;
  const now = core.state.nowMs;
  const date = params.get('date');
  const start = params.get('startDate') ?? date;
  const end = params.get('endDate') ?? date;
  const teamId = params.get('teamId');
  const playerId = params.get('playerId');
  for (const d of [start, end]) if (d !== null && !DAY.test(d)) return badRequest(`Invalid date: ${d}`, now);
  // The real API wants at least one filter.
  if (start === null && end === null && teamId === null && playerId === null)
    return badRequest('Must specify at least one of teamId, playerId, date, startDate, or endDate', now);
  const teamOf = teamLookup(world);
  const personOf = personLookup(world);
  const all: SimTransaction[] = [
    ...(world.transactions?.transactions ?? []).filter((t) => t.atMs <= now),
    ...tradeTransactions(
      core.state,
      teamOf,
      personOf,
      (id, atMs) => core.overlay(id, atMs)?.teamId ?? personOf(id)?.teamId,
    ),
  ];
  const picked = all
    .filter(
      (t) =>
        (start === null || t.date >= start) &&
        (end === null || t.date <= end) &&
        (teamId === null || String(t.toTeamId) === teamId || String(t.fromTeamId) === teamId) &&
        (playerId === null || String(t.personId) === playerId),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const transactions = picked.map((t) => {
    const p = personOf(t.personId);
    const from = t.fromTeamId !== undefined ? teamOf(t.fromTeamId) : undefined;
    const to = teamOf(t.toTeamId);
    return {
      id: t.id,
      person: { id: t.personId, fullName: p ? fullName(p) : `Player ${t.personId}`, link: personLink(t.personId) },
      ...(from ? { fromTeam: teamRef(from.team) } : {}),
      ...(to ? { toTeam: teamRef(to.team) } : {}),
      date: t.date,
      effectiveDate: t.date,
      ...(t.unresolved ? {} : { resolutionDate: t.date }),
      typeCode: t.typeCode,
      typeDesc: t.typeDesc,
      description: t.description,
    };
  });
  return { status: 200, body: { copyright: COPYRIGHT, transactions } };
}
