import type { Executor } from '../client.js';
import type { ColumnRow } from '../schema/rows.js';
import { upsertRows } from '../rows.js';
import { people } from '../schema/index.js';

/** Upsert mlb.people rows (checked ones) for this run; a stored person is replaced whole. */
export async function upsertPeople(
  tx: Executor,
  rows: readonly ColumnRow<typeof people>[],
  runId: number,
): Promise<number> {
  return upsertRows(tx, people, rows, { extra: { run_id: runId }, touch: 'updated_at' });
}
