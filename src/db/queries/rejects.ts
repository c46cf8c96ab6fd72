import type { Executor } from '../client.js';
import { insertRows } from '../rows.js';
import { rejects } from '../schema/index.js';
import { NUL_ESCAPE } from '../validate-rows.js';
import type { RejectRow } from '../schema/rows.js';

/**
 * Store reject rows. `record` is jsonb and `path`/`reason` text, and neither holds a NUL character:
 * NULs become U+FFFD in records and are dropped from text, so a hostile record can always be kept.
 */
export async function storeRejects(tx: Executor, rows: readonly RejectRow[], runId: number): Promise<number> {
  if (rows.length === 0) return 0;
  const clean = rows.map((r) => ({
    ...r,
    // A game_pk the integer column cannot hold (99999999999) is the reason of the reject, not its key.
    game_pk:
      r.game_pk !== null && Number.isInteger(r.game_pk) && r.game_pk > 0 && r.game_pk <= 2_147_483_647
        ? r.game_pk
        : null,
    path: r.path.replaceAll('\u0000', ''),
    reason: r.reason.replaceAll('\u0000', ''),
    record:
      r.record === undefined || r.record === null
        ? null
        : JSON.parse(JSON.stringify(r.record).replace(NUL_ESCAPE, '$1\\ufffd')),
  }));
  return insertRows(tx, rejects, clean, { run_id: runId });
}
