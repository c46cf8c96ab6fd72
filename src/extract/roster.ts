import { pick, toInt, toText } from './coerce.js';
import { personEntries } from './person-entries.js';
import type { Extracted } from './types.js';
import type { RosterEntryRow } from '../db/schema/rows.js';

/** What a roster request asked for: the body does not always say (a `season` roster answers `fullSeason`). */
export interface RosterRequest {
  teamId: number;
  rosterType: string;
  date: string;
}

/**
 * Rows of a `/v1/teams/{teamId}/roster/{rosterType}?date=D` body, keyed by what was requested.
 * An entry without a person id is rejected; a person listed twice keeps the first entry.
 * Works with `hydrate=person` (the person object is then complete) and without.
 */
export function extractRoster(body: unknown, request: RosterRequest): Extracted<RosterEntryRow[]> {
  const { entries, rejects } = personEntries(body, 'roster_entries');
  const rows = entries.map(({ entry, personId }) => ({
    team_id: request.teamId,
    roster_type: request.rosterType,
    roster_date: request.date,
    person_id: personId,
    full_name: toText(pick(entry, 'person', 'fullName')),
    jersey_number: toText(entry.jerseyNumber),
    position_code: toText(pick(entry, 'position', 'code')),
    position_abbreviation: toText(pick(entry, 'position', 'abbreviation')),
    status_code: toText(pick(entry, 'status', 'code')),
    status_description: toText(pick(entry, 'status', 'description')),
    parent_team_id: toInt(entry.parentTeamId),
  }));
  return { rows, rejects };
}
