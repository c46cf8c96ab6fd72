import { pick, toText } from './coerce.js';
import { personEntries } from './person-entries.js';
import type { Extracted } from './types.js';
import type { LeagueStaffRow } from '../db/schema/rows.js';

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
  const { entries, rejects } = personEntries(body, 'league_staff');
  const rows = entries.map(({ entry, personId }) => ({
    listing: request.listing,
    sport_id: request.sportId,
    person_id: personId,
    full_name: toText(pick(entry, 'person', 'fullName')),
    jersey_number: toText(entry.jerseyNumber),
    job: toText(entry.job),
    job_id: toText(entry.jobId),
    title: toText(entry.title),
    as_of_date: request.asOfDate,
  }));
  return { rows, rejects };
}
