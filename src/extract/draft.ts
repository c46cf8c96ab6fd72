import { asArray, asObject, pick, toBool, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { DraftPickRow, RejectRow } from '../db/schema/rows.js';

/** What a `/v1/draft/{year}` request asked for: the year (the body's own `draftYear` when it says one). */
export interface DraftRequest {
  year: number;
  asOfDate: string;
}

/** A dollar amount the API sends as text (`"8950000"`), or null when absent or not a whole number. */
function dollars(value: unknown): number | null {
  return toInt(value);
}

/**
 * Rows of a `/v1/draft/{year}` body (`drafts.rounds[].picks[]`): one row per pick. A pick without
 * a pick number is rejected, and so is a pick number listed twice (the first is kept).
 */
export function extractDraftPicks(body: unknown, request: DraftRequest): Extracted<DraftPickRow[]> {
  const rows: DraftPickRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  const year = toInt(pick(body, 'drafts', 'draftYear')) ?? request.year;
  (asArray(pick(body, 'drafts', 'rounds')) ?? []).forEach((round, r) => {
    (asArray(pick(round, 'picks')) ?? []).forEach((raw, i) => {
      const path = `drafts.rounds[${r}].picks[${i}]`;
      const p = asObject(raw);
      const pickNumber = toInt(p?.pickNumber);
      if (!p || pickNumber === null) {
        rejects.push(reject(null, 'draft_picks', path, 'pick without a pickNumber', raw ?? null));
        return;
      }
      if (seen.has(pickNumber)) {
        rejects.push(reject(null, 'draft_picks', path, `pick ${pickNumber} listed twice; the first is kept`, raw));
        return;
      }
      seen.add(pickNumber);
      rows.push({
        year,
        pick_number: pickNumber,
        display_pick_number: toInt(p.displayPickNumber),
        round_pick_number: toInt(p.roundPickNumber),
        pick_round: toText(p.pickRound) ?? toText(pick(round, 'round')),
        team_id: toInt(pick(p, 'team', 'id')),
        team_name: toText(pick(p, 'team', 'name')),
        person_id: toInt(pick(p, 'person', 'id')),
        person_name: toText(pick(p, 'person', 'fullName')),
        bis_player_id: toInt(p.bisPlayerId),
        primary_position: toText(pick(p, 'person', 'primaryPosition', 'abbreviation')),
        rank: toInt(p.rank),
        pick_value: dollars(p.pickValue),
        signing_bonus: dollars(p.signingBonus),
        school_name: toText(pick(p, 'school', 'name')),
        school_class: toText(pick(p, 'school', 'schoolClass')),
        school_city: toText(pick(p, 'school', 'city')),
        school_state: toText(pick(p, 'school', 'state')),
        school_country: toText(pick(p, 'school', 'country')),
        home_city: toText(pick(p, 'home', 'city')),
        home_state: toText(pick(p, 'home', 'state')),
        home_country: toText(pick(p, 'home', 'country')),
        draft_type_code: toText(pick(p, 'draftType', 'code')),
        is_drafted: toBool(p.isDrafted),
        is_pass: toBool(p.isPass),
        as_of_date: request.asOfDate,
      });
    });
  });
  return { rows, rejects };
}
