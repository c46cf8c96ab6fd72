import { asArray, asObject, pick, toDate, toInt, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';
import type { TransactionRow } from '../db/schema/rows.js';

/** What a transaction's description says of the injured list (the API has no field for it). */
export interface InjuredListMove {
  action: 'placed' | 'activated' | 'transferred' | 'rehab';
  /** The list's length in days (7, 10, 15, 60); for a transfer, the list moved to. */
  days: number | null;
}

// "injured list" since 2019, "disabled list" before.
const LIST = String.raw`(\d+)-day (?:injured|disabled) list`;
const TRANSFERRED = new RegExp(
  String.raw`\btransferred\b.*\bfrom the \d+-day (?:injured|disabled) list to the ${LIST}`,
  'i',
);
const PLACED = new RegExp(String.raw`\bplaced\b.*\bon the ${LIST}`, 'i');
const ACTIVATED = new RegExp(String.raw`\b(?:activated|reinstated|returned)\b.*\bfrom the ${LIST}`, 'i');
const REHAB = /\bon (?:a|an) rehab assignment\b/i;

/** Read the injured-list move a description states, or null when it names none. Pure. */
export function injuredListMove(description: string | null): InjuredListMove | null {
  if (!description) return null;
  let m = TRANSFERRED.exec(description);
  if (m) return { action: 'transferred', days: Number(m[1]) };
  m = PLACED.exec(description);
  if (m) return { action: 'placed', days: Number(m[1]) };
  m = ACTIVATED.exec(description);
  if (m) return { action: 'activated', days: Number(m[1]) };
  if (REHAB.test(description)) return { action: 'rehab', days: null };
  return null;
}

/**
 * Rows of a `/v1/transactions` body (`transactions[]`). A transaction without an id is rejected,
 * and so is an id listed twice (the first is kept).
 */
export function extractTransactions(body: unknown): Extracted<TransactionRow[]> {
  const rows: TransactionRow[] = [];
  const rejects: Extracted<TransactionRow[]>['rejects'] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'transactions')) ?? []).forEach((raw, i) => {
    const t = asObject(raw);
    const id = toInt(t?.id);
    if (!t || id === null || id <= 0) {
      rejects.push(reject(null, 'transactions', `transactions[${i}]`, 'transaction without an id', raw ?? null));
      return;
    }
    if (seen.has(id)) {
      rejects.push(
        reject(null, 'transactions', `transactions[${i}]`, `transaction ${id} listed twice; the first is kept`, raw),
      );
      return;
    }
    seen.add(id);
    const description = toText(t.description);
    const il = injuredListMove(description);
    rows.push({
      transaction_id: id,
      person_id: toInt(pick(t, 'person', 'id')),
      person_name: toText(pick(t, 'person', 'fullName')),
      from_team_id: toInt(pick(t, 'fromTeam', 'id')),
      from_team_name: toText(pick(t, 'fromTeam', 'name')),
      to_team_id: toInt(pick(t, 'toTeam', 'id')),
      to_team_name: toText(pick(t, 'toTeam', 'name')),
      transaction_date: toDate(t.date),
      effective_date: toDate(t.effectiveDate),
      resolution_date: toDate(t.resolutionDate),
      type_code: toText(t.typeCode),
      type_desc: toText(t.typeDesc),
      description,
      il_action: il?.action ?? null,
      il_days: il?.days ?? null,
    });
  });
  return { rows, rejects };
}
