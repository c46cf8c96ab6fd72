import { asArray, asObject, pick, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted, LeagueStaffRow, RejectRow } from './types.js';

/** What a `jobs` request asked for: the body does not say which listing or sport it answers. */
export interface StaffRequest {
  listing: string;
  sportId: number;
  asOfDate: string;
}

/**
 * Rows of a `/v1/jobs/umpires` or `/v1/jobs/officialScorers` body (`roster[]`). An entry without a
 * person id is rejected, and so is a person listed twice (the first entry is kept).
 */
export function extractStaff(body: unknown, request: StaffRequest): Extracted<LeagueStaffRow[]> {
  const rows: LeagueStaffRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'roster')) ?? []).forEach((raw, i) => {
    const entry = asObject(raw);
    const personId = toInt(pick(entry, 'person', 'id'));
    if (!entry || personId === null || personId <= 0) {
      rejects.push(reject(null, 'league_staff', `roster[${i}]`, 'entry without a person id', raw ?? null));
      return;
    }
    if (seen.has(personId)) {
      rejects.push(reject(null, 'league_staff', `roster[${i}]`, `person ${personId} listed twice; the first entry is kept`, raw));
      return;
    }
    seen.add(personId);
    rows.push({
      listing: request.listing,
      sport_id: request.sportId,
      person_id: personId,
      full_name: toText(pick(entry, 'person', 'fullName')),
      jersey_number: toText(entry.jerseyNumber),
      job: toText(entry.job),
      job_id: toText(entry.jobId),
      title: toText(entry.title),
      as_of_date: request.asOfDate,
    });
  });
  return { rows, rejects };
}
