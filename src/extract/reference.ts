import { asArray, asObject, type JsonObject, toText } from './coerce.js';
import type { ReferenceCodeRow } from '../db/schema/rows.js';

/** Keys tried, in order, for the identifying code of a configuration list entry. */
// `parameter` identifies rosterTypes entries ({ description, lookupName, parameter: '40Man' }).
const CODE_KEYS = [
  'code',
  'id',
  'statusCode',
  'metricId',
  'languageCode',
  'abbrev',
  'parameter',
  'name',
  'displayName',
  'lookupParam',
];

/** Keys tried, in order, for the human-readable description of an entry. */
const DESCRIPTION_KEYS = ['description', 'name', 'displayName', 'detailedState'];

function firstText(entry: JsonObject, keys: string[]): string | null {
  for (const key of keys) {
    const text = toText(entry[key]);
    if (text !== null) return text;
  }
  return null;
}

/** The entries of a configuration list body: the array itself, or the one array under a wrapper key. */
function entriesOf(body: unknown): unknown[] {
  const direct = asArray(body);
  if (direct) return direct;
  const arrays = Object.entries(asObject(body) ?? {}).filter(([k, v]) => k !== 'copyright' && Array.isArray(v));
  const [only] = arrays;
  return arrays.length === 1 && only ? (only[1] as unknown[]) : [];
}

/**
 * Rows of a configuration list (gameTypes, gameStatus, positions, eventTypes, pitchCodes…), named
 * `list` (the operation name). `code` is the first present of code, id, statusCode, metricId,
 * languageCode, abbrev, parameter, name, displayName, lookupParam (as text); `description` the first of
 * description, name, displayName, detailedState; `attributes` the whole entry. Entries that are not
 * objects or have no code are skipped; a repeated code keeps its first entry (the key is (list, code)).
 */
export function extractReferenceList(list: string, body: unknown): ReferenceCodeRow[] {
  const rows = new Map<string, ReferenceCodeRow>();
  for (const raw of entriesOf(body)) {
    const entry = asObject(raw);
    const code = entry ? firstText(entry, CODE_KEYS) : null;
    if (!entry || code === null || rows.has(code)) continue;
    rows.set(code, { list, code, description: firstText(entry, DESCRIPTION_KEYS), attributes: entry });
  }
  return [...rows.values()];
}
