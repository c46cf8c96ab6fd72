import { type Executor, queryRows, sql } from '../client.js';
import type { NewFieldRow } from '../schema/rows.js';

/**
 * Record key paths seen in a loaded body that dugout does not know (ingest.new_fields): a path met
 * again moves its last_seen_at and counts once more; its first_key stays the first body's. One
 * statement for a body's paths, sorted so that two loads recording the same paths take their row
 * locks in one order.
 */
export async function recordNewFields(db: Executor, rows: readonly NewFieldRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) =>
    a.body_kind === b.body_kind ? (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) : a.body_kind < b.body_kind ? -1 : 1,
  );
  // A path twice in one call would make the upsert touch one row twice, which it refuses.
  const unique = sorted.filter(
    (r, i) => i === 0 || r.body_kind !== sorted[i - 1]?.body_kind || r.path !== sorted[i - 1]?.path,
  );
  await db.execute(sql`
    insert into ingest.new_fields (body_kind, path, first_key)
    select body_kind, path, first_key
    from json_to_recordset(${JSON.stringify(unique)}::json) as x(body_kind text, path text, first_key text)
    on conflict (body_kind, path) do update
      set last_seen_at = now(), seen = ingest.new_fields.seen + 1`);
}

export interface NewField {
  bodyKind: string;
  path: string;
  firstSeenAt: string;
  lastSeenAt: string;
  firstKey: string;
  seen: number;
}

/** The new paths first seen in the last `days` days by the database's clock (every one without it), newest first. */
export async function listNewFields(db: Executor, days?: number): Promise<NewField[]> {
  const rows = await queryRows<NewField>(
    db,
    sql`select body_kind as "bodyKind", path,
               to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstSeenAt",
               to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastSeenAt", first_key as "firstKey", seen
        from ingest.new_fields
        where ${days === undefined ? sql`true` : sql`first_seen_at >= now() - make_interval(days => ${days})`}
        order by first_seen_at desc, body_kind, path`,
  );
  return rows.map((r) => ({ ...r, seen: Number(r.seen) }));
}

/** How many new paths are recorded, by body kind. */
export async function countNewFields(db: Executor): Promise<Array<{ bodyKind: string; n: number }>> {
  const rows = await queryRows<{ bodyKind: string; n: number }>(
    db,
    sql`select body_kind as "bodyKind", count(*)::int as n from ingest.new_fields group by body_kind`,
  );
  return rows.map((r) => ({ bodyKind: r.bodyKind, n: Number(r.n) }));
}
