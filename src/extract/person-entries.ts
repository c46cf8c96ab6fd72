import { asArray, asObject, type JsonObject, pick, toInt } from './coerce.js';
import { reject } from './rejects.js';
import type { RejectRow } from '../db/schema/rows.js';

/**
 * The entries of a body's `roster[]` (a club's roster, a `jobs` listing) with their person ids. An
 * entry without a person id is rejected, and so is a person listed twice (the first entry is kept).
 */
export function personEntries(
  body: unknown,
  target: string,
): { entries: Array<{ entry: JsonObject; personId: number }>; rejects: RejectRow[] } {
  const entries: Array<{ entry: JsonObject; personId: number }> = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'roster')) ?? []).forEach((raw, i) => {
    const entry = asObject(raw);
    const personId = toInt(pick(entry, 'person', 'id'));
    if (!entry || personId === null || personId <= 0) {
      rejects.push(reject(null, target, `roster[${i}]`, 'entry without a person id', raw ?? null));
      return;
    }
    if (seen.has(personId)) {
      rejects.push(
        reject(null, target, `roster[${i}]`, `person ${personId} listed twice; the first entry is kept`, raw),
      );
      return;
    }
    seen.add(personId);
    entries.push({ entry, personId });
  });
  return { entries, rejects };
}
