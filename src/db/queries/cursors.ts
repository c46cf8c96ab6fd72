import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/** Cursor names. */
export const GAME_CHANGES_CURSOR = 'game_changes';
export const PEOPLE_CHANGES_CURSOR = 'people_changes';

/** The cursor's position, or undefined before the first complete pass. */
export async function readCursor(db: Executor, name: string): Promise<Date | undefined> {
  const rows = await queryRows<{ position: string | Date }>(
    db,
    sql`select position from ingest.cursors where name = ${name}`,
  );
  return rows[0] ? new Date(rows[0].position) : undefined;
}

/**
 * Advance a cursor inside the transaction that made its work durable. Serialized by an advisory
 * transaction lock per cursor, and never moved backwards.
 */
export async function advanceCursor(
  tx: Executor,
  name: string,
  position: Date,
  runId: number,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dugout.cursor.${name}`}))`);
  await tx.execute(sql`
    insert into ingest.cursors (name, position, details, updated_at, run_id)
    values (${name}, ${position.toISOString()}, ${details ? JSON.stringify(details) : null}::text::jsonb, now(), ${runId})
    on conflict (name) do update set
      position = greatest(ingest.cursors.position, excluded.position),
      details = excluded.details, updated_at = now(), run_id = excluded.run_id`);
}
