/** /v1/teams/{teamId}/coaches: a club's managers and coaches in a season. */

import type { Core } from '../core.js';
import { OFFICIAL_FIRST, ORIGINS } from '../data/names.js';
import { hashSeed } from '../prng.js';
import { COPYRIGHT, personLink } from '../render/common.js';
import { notFound, type RouteResult } from './result.js';

/** The staff of a club, in the order the API lists it (the manager first). */
const JOBS = [
  { job: 'Manager', jobId: 'MNGR', title: 'Manager' },
  { job: 'Bench Coach', jobId: 'COAB', title: 'Bench Coach' },
  { job: 'Hitting Coach', jobId: 'COAT', title: 'Hitting Coach' },
  { job: 'Assistant Hitting Coach', jobId: 'COAA', title: 'Assistant Hitting Coach' },
  { job: 'Pitching Coach', jobId: 'COAP', title: 'Pitching Coach' },
  { job: 'Assistant Pitching Coach', jobId: 'COPA', title: 'Assistant Pitching Coach' },
  { job: 'First Base Coach', jobId: 'COA1', title: 'First Base Coach' },
  { job: 'Third Base Coach', jobId: 'COA3', title: 'Third Base Coach' },
  { job: 'Bullpen Coach', jobId: 'COAU', title: 'Bullpen Coach' },
  { job: 'Bullpen Catcher', jobId: 'BCAT', title: 'Bullpen Catcher' },
] as const;

/** Coaches' ids: a band of their own, above every player and official band. */
const COACH_ID_BASE = 3_000_000;
/** A club's staff turns over every few seasons (a new manager, new coaches). */
const TENURE_SEASONS = 4;
/** About one club in this many has an interim manager in a season (a bench coach listed beside the manager). */
const INTERIM_ONE_IN = 12;

const LAST_NAMES = ORIGINS.flatMap((o) => o.lastNames);

function coachName(id: number): string {
  const h = hashSeed(id, 17);
  return `${OFFICIAL_FIRST[h % OFFICIAL_FIRST.length]} ${LAST_NAMES[(h >>> 8) % LAST_NAMES.length]}`;
}

/**
 * GET /api/v1/teams/{teamId}/coaches?season= — the club's staff that season: ids from the club,
 * the job and the tenure (so a coach stays with a club for a few seasons), and in some club-seasons
 * the bench coach listed a second time as interim manager (jobId NTRM), as the API lists one.
 */
export function coachesRoute(core: Core, teamId: number, season: number): RouteResult {
  if (!core.league.teams.some((t) => t.id === teamId)) return notFound(core.state.nowMs);
  const tenure = Math.floor((season + (teamId % TENURE_SEASONS)) / TENURE_SEASONS);
  const idOf = (slot: number) => COACH_ID_BASE + (hashSeed(teamId, slot, tenure) % 900_000);
  const entry = (slot: number, spec: { job: string; jobId: string; title: string }) => {
    const id = idOf(slot);
    return {
      person: { id, fullName: coachName(id), link: personLink(id) },
      jerseyNumber: spec.jobId === 'BCAT' ? '' : String(50 + ((hashSeed(id) % 49) + 1)),
      ...spec,
    };
  };
  const roster = JOBS.map((spec, slot) => entry(slot, spec));
  if (hashSeed(teamId, season, 5) % INTERIM_ONE_IN === 0)
    roster.splice(2, 0, entry(1, { job: 'Interim Manager', jobId: 'NTRM', title: 'Interim Manager' }));
  return {
    status: 200,
    body: { copyright: COPYRIGHT, roster, link: `/api/v1/teams/${teamId}/coaches`, teamId, rosterType: 'coach' },
  };
}
