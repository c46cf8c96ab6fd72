import { type Executor, queryRows, sql } from '../client.js';
import type { NewFieldRow } from '../schema/rows.js';

/** The most new paths one body records (the shortest first); the rest are counted in the overflow row. */
export const NEW_FIELDS_PER_BODY = 50;
/** The most new paths recorded per body kind per day (UTC, the database's clock); the rest are counted. */
export const NEW_FIELDS_PER_KIND_PER_DAY = 500;
/** The path of the row counting, per body kind and day, the new paths not recorded one by one. */
export const OVERFLOW_PREFIX = '(overflow ';
/** The most rows one call sends to the server: a body's paths beyond it only count. */
const MAX_SENT = 1_000;

/**
 * Record key paths seen in a loaded body that dugout does not know (ingest.new_fields): a path met
 * again moves its last_seen_at and counts once more; its first_key stays the first body's. One
 * statement for a body's paths, sorted so that two loads recording the same paths take their row
 * locks in one order. Bounded: a body records at most {@link NEW_FIELDS_PER_BODY} new paths (the
 * shortest), a body kind at most {@link NEW_FIELDS_PER_KIND_PER_DAY} a day; the others are counted
 * in one row per kind and day (`(overflow YYYY-MM-DD)`, its `seen` the count). Paths are keyed by
 * their md5, so a path of any length is recorded.
 */
export async function recordNewFields(db: Executor, rows: readonly NewFieldRow[]): Promise<void> {
  if (rows.length === 0) return;
  const ordered = rows
    .filter((r) => !r.path.startsWith(OVERFLOW_PREFIX))
    .sort((a, b) =>
      a.body_kind !== b.body_kind
        ? a.body_kind < b.body_kind
          ? -1
          : 1
        : a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
  // A path twice in one call would make the upsert touch one row twice, which it refuses.
  const unique = ordered.filter(
    (r, i) => i === 0 || r.body_kind !== ordered[i - 1]?.body_kind || r.path !== ordered[i - 1]?.path,
  );
  const sent = unique.slice(0, MAX_SENT);
  // What is not even sent counts as overflow of its kind.
  const unsent = new Map<string, number>();
  for (const r of unique.slice(MAX_SENT)) unsent.set(r.body_kind, (unsent.get(r.body_kind) ?? 0) + 1);
  const firstKey = rows[0]!.first_key;
  await db.execute(sql`
    with x as (
      select body_kind, path, first_key, md5(path) as path_key
      from json_to_recordset(${JSON.stringify(sent)}::json) as x(body_kind text, path text, first_key text)
    ),
    known as (
      update ingest.new_fields n set last_seen_at = now(), seen = n.seen + 1
      from x where n.body_kind = x.body_kind and n.path_key = x.path_key
      returning n.body_kind, n.path_key
    ),
    fresh as (
      select x.*, row_number() over (partition by x.body_kind order by length(x.path), x.path) as rn
      from x
      where not exists (select 1 from ingest.new_fields n where n.body_kind = x.body_kind and n.path_key = x.path_key)
    ),
    budget as (
      select k.body_kind,
             least(${NEW_FIELDS_PER_BODY}::int,
                   greatest(0, ${NEW_FIELDS_PER_KIND_PER_DAY}::int - (
                     select count(*) from ingest.new_fields n
                     where n.body_kind = k.body_kind and n.first_seen_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
                       and n.path not like ${`${OVERFLOW_PREFIX}%`}))::int) as room
      from (select distinct body_kind from fresh) k
    ),
    added as (
      insert into ingest.new_fields (body_kind, path, first_key)
      select f.body_kind, f.path, f.first_key from fresh f join budget b using (body_kind) where f.rn <= b.room
      order by f.body_kind, f.path_key
      on conflict (body_kind, path_key) do update set last_seen_at = now(), seen = ingest.new_fields.seen + 1
      returning 1
    ),
    over as (
      select body_kind, sum(n)::bigint as n from (
        select f.body_kind, count(*) as n from fresh f join budget b using (body_kind) where f.rn > b.room group by f.body_kind
        union all
        select body_kind, n from json_to_recordset(${JSON.stringify([...unsent].map(([body_kind, n]) => ({ body_kind, n })))}::json) as u(body_kind text, n bigint)
      ) o group by body_kind
    )
    insert into ingest.new_fields (body_kind, path, first_key, seen)
    select body_kind, ${OVERFLOW_PREFIX} || to_char(now() at time zone 'UTC', 'YYYY-MM-DD') || ')', ${firstKey}, n
    from over where n > 0
    on conflict (body_kind, path_key) do update
      set last_seen_at = now(), seen = ingest.new_fields.seen + excluded.seen`);
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

/** The most new fields `status` and `check` print one by one (a screenful); `status --json` lists all. */
export const NEW_FIELDS_SHOWN = 20;
/** The most characters of a path printed (the JSON output has it whole). */
const PATH_SHOWN = 100;

/** A path as printed: whole up to {@link PATH_SHOWN} characters, else its start and its length. */
export function shownPath(p: string): string {
  return p.length <= PATH_SHOWN ? p : `${p.slice(0, PATH_SHOWN)}… (${p.length} characters)`;
}

/**
 * What a screen shows of the new fields: the counts by body kind (paths recorded, and the paths
 * counted in the overflow rows), and the newest {@link NEW_FIELDS_SHOWN} paths, shortened.
 */
export function summarizeNewFields(fields: readonly NewField[]): {
  counts: Array<{ kind: string; recorded: number; overflow: number }>;
  shown: NewField[];
  hidden: number;
} {
  const byKind = new Map<string, { kind: string; recorded: number; overflow: number }>();
  const listed: NewField[] = [];
  for (const f of fields) {
    const c = byKind.get(f.bodyKind) ?? { kind: f.bodyKind, recorded: 0, overflow: 0 };
    byKind.set(f.bodyKind, c);
    if (f.path.startsWith(OVERFLOW_PREFIX)) c.overflow += f.seen;
    else {
      c.recorded++;
      listed.push(f);
    }
  }
  const shown = listed
    .slice(0, NEW_FIELDS_SHOWN)
    .map((f) => ({ ...f, path: shownPath(f.path), firstKey: shownPath(f.firstKey) }));
  return {
    counts: [...byKind.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    shown,
    hidden: listed.length - shown.length,
  };
}
