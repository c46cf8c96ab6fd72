import { asArray, asObject, pick, toBool, toDate, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { PersonRow, RejectRow } from '../db/schema/rows.js';

const HEIGHT = /^\s*(\d+)\s*'\s*(?:(\d+)\s*"?)?\s*$/;

/** Height in inches from the served text: `6' 2"` → 74, `5' 11"` → 71, `6'` → 72; anything else → null. */
export function heightToInches(height: unknown): number | null {
  if (typeof height !== 'string') return null;
  const m = HEIGHT.exec(height);
  if (!m) return null;
  const inches = Number(m[2] ?? 0);
  return inches < 12 ? Number(m[1]) * 12 + inches : null;
}

/**
 * The row of one /v1/people person object (hydrations such as stats, drafts or currentTeam are
 * ignored beyond `currentTeam.id`). A person without an integer `id` is rejected (target `people`).
 */
export function extractPerson(person: unknown, path = 'person'): Extracted<PersonRow | null> {
  const id = toInt(pick(person, 'id'));
  if (id === null || !asObject(person)) {
    return { rows: null, rejects: [reject(null, 'people', path, 'person without an integer id', person)] };
  }
  return { rows: personRow(id, person), rejects: [] };
}

function personRow(id: number, p: unknown): PersonRow {
  return {
    person_id: id,
    full_name: toText(pick(p, 'fullName')),
    first_name: toText(pick(p, 'firstName')),
    last_name: toText(pick(p, 'lastName')),
    use_name: toText(pick(p, 'useName')),
    middle_name: toText(pick(p, 'middleName')),
    boxscore_name: toText(pick(p, 'boxscoreName')),
    primary_number: toText(pick(p, 'primaryNumber')),
    birth_date: toDate(pick(p, 'birthDate')),
    birth_city: toText(pick(p, 'birthCity')),
    birth_state_province: toText(pick(p, 'birthStateProvince')),
    birth_country: toText(pick(p, 'birthCountry')),
    death_date: toDate(pick(p, 'deathDate')),
    height: toText(pick(p, 'height')),
    height_inches: heightToInches(pick(p, 'height')),
    weight: toInt(pick(p, 'weight')),
    gender: toText(pick(p, 'gender')),
    bat_side: toText(pick(p, 'batSide', 'code')),
    pitch_hand: toText(pick(p, 'pitchHand', 'code')),
    primary_position: toText(pick(p, 'primaryPosition', 'abbreviation')),
    primary_position_code: toText(pick(p, 'primaryPosition', 'code')),
    mlb_debut_date: toDate(pick(p, 'mlbDebutDate')),
    last_played_date: toDate(pick(p, 'lastPlayedDate')),
    current_team_id: toInt(pick(p, 'currentTeam', 'id')),
    draft_year: toInt(pick(p, 'draftYear')),
    active: toBool(pick(p, 'active')),
  };
}

/**
 * Rows of a /v1/people (or /v1/people/changes) body, `{people:[…]}`; a person whose id was already
 * seen in the body is rejected as a duplicate.
 */
export function extractPeople(body: unknown): Extracted<PersonRow[]> {
  const rows: PersonRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'people')) ?? []).forEach((person, i) => {
    const path = `people[${i}]`;
    const one = extractPerson(person, path);
    rejects.push(...one.rejects);
    if (one.rows && seen.has(one.rows.person_id)) {
      rejects.push(reject(null, 'people', path, `duplicate person id ${one.rows.person_id}`, person));
    } else if (one.rows) {
      seen.add(one.rows.person_id);
      rows.push(one.rows);
    }
  });
  return { rows, rejects };
}
