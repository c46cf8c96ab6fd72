import { asArray, asObject, pick, toBool, toDate, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { AwardRow, PersonAwardRow, RejectRow } from '../db/schema/rows.js';

/** The `awards[]` entries of a body with their ids; an entry without an id is rejected. */
function awardEntries(body: unknown, target: string) {
  const entries: Array<{ entry: Record<string, unknown>; id: string; path: string; raw: unknown }> = [];
  const rejects: RejectRow[] = [];
  (asArray(pick(body, 'awards')) ?? []).forEach((raw, i) => {
    const entry = asObject(raw);
    const id = toText(entry?.id);
    const path = `awards[${i}]`;
    if (!entry || id === null) rejects.push(reject(null, target, path, 'award without an id', raw ?? null));
    else entries.push({ entry, id, path, raw });
  });
  return { entries, rejects };
}

/**
 * Rows of the `/v1/awards` catalogue: one per award id (an award names its sport or its league).
 * A second entry with an id already seen is rejected (the first is kept).
 */
export function extractAwardCatalogue(body: unknown, request: { asOfDate: string }): Extracted<AwardRow[]> {
  const { entries, rejects } = awardEntries(body, 'awards');
  const rows: AwardRow[] = [];
  const seen = new Set<string>();
  for (const { entry, id, path, raw } of entries) {
    if (seen.has(id)) {
      rejects.push(reject(null, 'awards', path, `award ${id} listed twice; the first entry is kept`, raw));
      continue;
    }
    seen.add(id);
    rows.push({
      award_id: id,
      name: toText(entry.name),
      description: toText(entry.description),
      sort_order: toInt(entry.sortOrder),
      sport_id: toInt(pick(entry, 'sport', 'id')),
      league_id: toInt(pick(entry, 'league', 'id')),
      notes: toText(entry.notes),
      active: toBool(entry.active),
      as_of_date: request.asOfDate,
    });
  }
  return { rows, rejects };
}

/**
 * Rows of `/v1/people/{personId}/awards`: one per receipt of an award, keyed by its date (else its
 * season). The person is the one requested; an entry naming another player, or a receipt listed
 * twice, is rejected.
 */
export function extractPersonAwards(
  body: unknown,
  request: { personId: number; asOfDate: string },
): Extracted<PersonAwardRow[]> {
  const { entries, rejects } = awardEntries(body, 'person_awards');
  const rows: PersonAwardRow[] = [];
  const seen = new Set<string>();
  for (const { entry, id, path, raw } of entries) {
    const playerId = toInt(pick(entry, 'player', 'id'));
    if (playerId !== null && playerId !== request.personId) {
      rejects.push(
        reject(
          null,
          'person_awards',
          path,
          `award of player ${playerId} in the body of person ${request.personId}`,
          raw,
        ),
      );
      continue;
    }
    const date = toDate(entry.date);
    const season = toInt(entry.season);
    const key = date ?? (season === null ? '' : String(season));
    if (seen.has(`${id}|${key}`)) {
      rejects.push(
        reject(
          null,
          'person_awards',
          path,
          `award ${id} of ${key || 'no date'} listed twice; the first entry is kept`,
          raw,
        ),
      );
      continue;
    }
    seen.add(`${id}|${key}`);
    rows.push({
      person_id: request.personId,
      award_id: id,
      award_key: key,
      award_date: date,
      season,
      team_id: toInt(pick(entry, 'team', 'id')),
      award_name: toText(entry.name),
      notes: toText(entry.notes),
      as_of_date: request.asOfDate,
    });
  }
  return { rows, rejects };
}
