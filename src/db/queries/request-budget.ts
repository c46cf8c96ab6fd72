import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/** The shared request budget of every process of the database (`ingest.request_budget`). */

/** The server-clock epoch ms until which a 429/503 pauses every process, or null. */
export async function readPausedUntil(db: Executor): Promise<number | null> {
  const [row] = await queryRows<{ until: number | null }>(
    db,
    sql`select (extract(epoch from paused_until) * 1000)::float8 as until from ingest.request_budget where id = 1`,
  );
  return row?.until ? Number(row.until) : null;
}

/**
 * Up to `batch` request start times (server-clock epoch ms) granted under the budget's row lock, so
 * no `windowMs` holds more than `limit` starts from all processes together; with the server's now.
 */
export async function takeRequestSlots(
  db: Executor,
  batch: number,
  limit: number,
  windowMs: number,
): Promise<Array<{ at: number; now: number }>> {
  const rows = await queryRows<{ at: number; now: number }>(
    db,
    sql`select (extract(epoch from slot_at) * 1000)::float8 as at, (extract(epoch from server_now) * 1000)::float8 as now
        from ingest.take_request_slots(${batch}, ${limit}, ${windowMs})`,
  );
  return rows.map(slotTimes);
}

function slotTimes(r: { at: number; now: number }): { at: number; now: number } {
  return { at: Number(r.at), now: Number(r.now) };
}

/** Record a pause of `ms` for every process (the later of this and any pause already recorded). */
export async function pauseRequests(db: Executor, ms: number): Promise<void> {
  await queryRows(db, sql`select ingest.pause_requests(${Math.round(ms)})`);
}
