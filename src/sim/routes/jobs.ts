/** /v1/jobs/umpires and /v1/jobs/officialScorers: the league's staff of a kind. */

import type { Core } from '../core.js';
import { COPYRIGHT, personRef } from '../render/common.js';
import { list, type RouteResult } from './result.js';

const JOBS = {
  umpires: { role: 'UMP', job: 'Umpire', jobId: 'UMPR', title: 'Umpire' },
  officialScorers: { role: 'SCORER', job: 'Official Scorer', jobId: 'OFSC', title: 'Official Scorer' },
} as const;

export type JobListing = keyof typeof JOBS;

export const isJobListing = (s: string | undefined): s is JobListing => s === 'umpires' || s === 'officialScorers';

/** GET /api/v1/jobs/{umpires|officialScorers}[?sportId=1] — each level served has its own umpires and scorers. */
export function jobsRoute(core: Core, listing: JobListing, params: URLSearchParams): RouteResult {
  const sports = list(params, 'sportId') ?? ['1'];
  const spec = JOBS[listing];
  const people = core.league.people.filter((p) => p.role === spec.role && sports.includes(String(p.sportId ?? 1)));
  const roster = [...people]
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.id - b.id)
    .map((p) => ({
      person: personRef(core.league, p.id),
      ...(p.primaryNumber ? { jerseyNumber: p.primaryNumber } : {}),
      job: spec.job,
      jobId: spec.jobId,
      title: spec.title,
    }));
  return { status: 200, body: { copyright: COPYRIGHT, roster } };
}
