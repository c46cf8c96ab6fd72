import { hostname } from 'node:os';
import type { SQL } from 'drizzle-orm';
import { executePrepared, queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';
import { describeError, isRetryable } from '../../errors.js';
import { isProcessAlive } from '../../process-alive.js';

export type WorkKind = 'game' | 'person';

/** Why something must be fetched. */
export type WorkReason =
  | 'new_final'
  | 'correction'
  | 'repoll'
  | 'provisional'
  | 'suspended'
  | 'resumed'
  | 'backfill'
  | 'person_changed'
  | 'game_person'
  | 'transaction_person'
  | 'retry';

export interface WorkRequest {
  kind: WorkKind;
  key: string;
  reason: WorkReason;
  /** `deferred` parks a suspended game until it is resumed and final. Default `pending`. */
  status?: 'pending' | 'deferred';
  officialDate?: string | null;
  priority?: number;
  /** Earliest start. Default now. */
  notBefore?: Date;
}

export interface ClaimedItem {
  kind: WorkKind;
  key: string;
  reason: string;
  attempts: number;
  generation: number;
}

/**
 * Default lease length, seconds: a claimed item is invisible to other workers until then. A
 * registered worker renews its leases at each heartbeat (see workers.ts), so the lease of a dead
 * worker lapses within DUGOUT_WORKER_TIMEOUT_SECONDS.
 */
export const DEFAULT_LEASE_SECONDS = 60;

/** A lease owner name unique to this process: `host:pid:id`. */
export function createOwner(host = hostname(), id = Math.random().toString(36).slice(2, 8)): string {
  return `${host}:${process.pid}:${id}`;
}

/**
 * Add work, coalescing by (kind, key): a request for an item already pending bumps its generation
 * (so an in-flight load of the older version does not mark it done) — unless it repeats the same
 * new_final/backfill request, which an in-flight load satisfies — and keeps the earlier start.
 * A done or dead item becomes pending again with fresh attempts. A `deferred` request never
 * demotes a pending item.
 */
export async function enqueueWork(tx: Executor, items: WorkRequest[], runId: number | null): Promise<number> {
  if (items.length === 0) return 0;
  const unique = new Map<string, WorkRequest>();
  for (const it of items) unique.set(`${it.kind}\u0000${it.key}`, it);
  const rows = [...unique.values()].map((it) => ({
    kind: it.kind,
    key: it.key,
    reason: it.reason,
    status: it.status ?? 'pending',
    priority: it.priority ?? 0,
    official_date: it.officialDate ?? null,
    next_attempt_at: (it.notBefore ?? null)?.toISOString() ?? null,
  }));
  await tx.execute(sql`
    insert into ingest.work_items (kind, key, reason, status, priority, official_date, next_attempt_at, run_id)
    select r.kind, r.key, r.reason, r.status, r.priority, r.official_date, coalesce(r.next_attempt_at, now()), ${runId}
    from json_to_recordset(${JSON.stringify(rows)}::text::json)
      as r(kind text, key text, reason text, status text, priority int, official_date date, next_attempt_at timestamptz)
    on conflict (kind, key) do update set
      reason = case when ingest.work_items.status = 'pending' and excluded.status = 'deferred'
                    then ingest.work_items.reason else excluded.reason end,
      status = case when ingest.work_items.status = 'pending' and excluded.status = 'deferred'
                    then 'pending' else excluded.status end,
      attempts = case when ingest.work_items.status in ('done', 'dead') then 0 else ingest.work_items.attempts end,
      -- The same request again for a pending item (two pollers saw the same final game) changes
      -- nothing an in-flight load would miss: no bump, so the load in hand completes it and the
      -- game is fetched once. Any other request (a correction, a change of state) bumps.
      generation = case when ingest.work_items.status = 'pending' and excluded.reason = ingest.work_items.reason
                             and excluded.reason in ('new_final', 'backfill')
                        then ingest.work_items.generation else ingest.work_items.generation + 1 end,
      next_attempt_at = case when ingest.work_items.status = 'pending'
                             then least(ingest.work_items.next_attempt_at, excluded.next_attempt_at)
                             else excluded.next_attempt_at end,
      priority = greatest(ingest.work_items.priority, excluded.priority),
      official_date = coalesce(excluded.official_date, ingest.work_items.official_date),
      last_error = case when ingest.work_items.status in ('done', 'dead') then null else ingest.work_items.last_error end,
      updated_at = now(),
      run_id = excluded.run_id`);
  return rows.length;
}

/**
 * The claim statement: the first `limit` due items of one kind in claim order (priority, then the
 * earliest due, then key) read off work_items_due_idx, locked with `FOR UPDATE SKIP LOCKED`, leased.
 */
/**
 * What a claim is limited to (a backfill works its own range only): games of these official dates,
 * and whatever the run itself queued (a game its schedule listed under another date).
 */
export interface DateRange {
  start: string;
  end: string;
  runId?: number;
}

const inDates = (dates: DateRange | undefined, alias = '') => {
  if (!dates) return sql``;
  const a = sql.raw(alias);
  const ownRun = dates.runId === undefined ? sql`` : sql` or ${a}run_id = ${dates.runId}`;
  return sql` and (${a}official_date between ${dates.start} and ${dates.end}${ownRun})`;
};

export function claimStatement(
  kind: WorkKind,
  limit: number,
  owner: string,
  leaseSeconds: number,
  dates?: DateRange,
): SQL {
  return sql`
    update ingest.work_items w set
      lease_owner = ${owner},
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
      updated_at = now()
    from (
      select kind, key from ingest.work_items
      where kind = ${kind} and status = 'pending' and next_attempt_at <= now()
        and (lease_expires_at is null or lease_expires_at < now())${inDates(dates)}
      order by priority desc, next_attempt_at, key
      limit ${limit}
      for update skip locked
    ) c
    where w.kind = c.kind and w.key = c.key
    returning w.kind, w.key, w.reason, w.attempts, w.generation`;
}

/**
 * Claim up to `limit` due items of one kind with `FOR UPDATE SKIP LOCKED` and a lease, so two
 * processes never work on the same item at once. Expired leases (a crashed worker) are claimable.
 */
export async function claimWork(
  db: Executor,
  kind: WorkKind,
  limit: number,
  owner: string,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
  dates?: DateRange,
): Promise<ClaimedItem[]> {
  const rows = await queryRows<ClaimedItem>(db, claimStatement(kind, limit, owner, leaseSeconds, dates), {
    prepared: true,
  });
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), generation: Number(r.generation) }));
}

/**
 * Mark an item done, in the transaction that stored its rows. Re-queued meanwhile → stays pending.
 * `doneAt` is the pipeline's clock (compared with change-log poll times, which use the same clock).
 */
export async function completeWork(tx: Executor, item: ClaimedItem, runId: number, doneAt: Date): Promise<void> {
  await executePrepared(
    tx,
    sql`
    update ingest.work_items set
      status = case when generation = ${item.generation} then 'done' else 'pending' end,
      done_at = case when generation = ${item.generation} then ${doneAt.toISOString()}::timestamptz else done_at end,
      attempts = case when generation = ${item.generation} then attempts + 1 else attempts end,
      last_error = null, lease_owner = null, lease_expires_at = null, updated_at = now(), run_id = ${runId}
    where kind = ${item.kind} and key = ${item.key}`,
  );
}

/** Backoff before attempt n+1 of a work item: 1, 2, 4 … minutes, capped at 1 hour. */
export function workBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Record a failure: retried later with backoff, or parked as a dead letter after `maxAttempts`
 * (at once when the error is not retryable, e.g. a 404 game). Returns the new status.
 */
export async function failWork(
  db: Executor,
  item: ClaimedItem,
  err: unknown,
  maxAttempts: number,
  runId: number,
): Promise<'pending' | 'dead'> {
  const attempts = item.attempts + 1;
  const dead = !isRetryable(err, { followCause: true }) || attempts >= maxAttempts;
  const status = dead ? 'dead' : 'pending';
  const delaySecs = workBackoffMs(attempts) / 1000;
  await db.execute(sql`
    update ingest.work_items set
      status = case when generation = ${item.generation} then ${status} else 'pending' end,
      attempts = ${attempts},
      last_error = ${describeError(err).slice(0, 2000)},
      next_attempt_at = now() + make_interval(secs => ${delaySecs}),
      lease_owner = null, lease_expires_at = null, updated_at = now(), run_id = ${runId}
    where kind = ${item.kind} and key = ${item.key}`);
  return status;
}

/** Give an item back without counting an attempt (shutdown, or a Retry-After over the cap). */
export async function releaseWork(db: Executor, item: ClaimedItem, delayMs = 0): Promise<void> {
  await db.execute(sql`
    update ingest.work_items set lease_owner = null, lease_expires_at = null,
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), updated_at = now()
    where kind = ${item.kind} and key = ${item.key} and status = 'pending'`);
}

/**
 * Free at once the leases held by processes of this host that no longer run (after a SIGKILL): the
 * fast path; leases of other hosts lapse when their worker stops renewing them.
 */
export async function releaseDeadLeases(db: Executor, host = hostname()): Promise<number> {
  const owners = await queryRows<{ owner: string }>(
    db,
    sql`select distinct lease_owner as owner from ingest.work_items
        where lease_owner like ${`${host}:%`} and lease_expires_at > now()`,
  );
  let released = 0;
  for (const { owner } of owners) {
    const pid = Number(owner.split(':')[1]);
    if (pid === process.pid || isProcessAlive(pid)) continue;
    await db.execute(
      sql`update ingest.work_items set lease_owner = null, lease_expires_at = null where lease_owner = ${owner}`,
    );
    released++;
  }
  return released;
}

/**
 * Milliseconds until the first due game item leased by a silent worker (no heartbeat for two
 * intervals: probably dead) becomes claimable, or null when there is none. A drain waits for it
 * rather than end with the range unfinished; items of live workers are theirs to finish.
 */
export async function msUntilLapsedLease(
  db: Executor,
  kind: WorkKind,
  heartbeatSeconds: number,
  dates?: DateRange,
): Promise<number | null> {
  const rows = await queryRows<{ ms: number | null }>(
    db,
    sql`select (extract(epoch from min(i.lease_expires_at) - now()) * 1000)::int as ms
        from ingest.work_items i
        join ingest.workers w on i.lease_owner = w.host || ':' || w.pid || ':' || w.worker_id
        where i.kind = ${kind} and i.status = 'pending' and i.next_attempt_at <= now() and i.lease_expires_at > now()${inDates(dates, 'i.')}
          and w.heartbeat_at < now() - make_interval(secs => ${2 * heartbeatSeconds})`,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/** Re-queue dead letters (all, or of one kind/key). Returns how many. */
export async function retryDeadWork(db: Executor, filter: { kind?: WorkKind; key?: string } = {}): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with r as (
      update ingest.work_items set status = 'pending', attempts = 0, next_attempt_at = now(),
        reason = 'retry', updated_at = now(), generation = generation + 1
      where status = 'dead'
        and (${filter.kind ?? null}::text is null or kind = ${filter.kind ?? null})
        and (${filter.key ?? null}::text is null or key = ${filter.key ?? null})
      returning 1)
    select count(*)::int as n from r`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Count of pending items (due now or later) of every kind. */
export async function countPending(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ingest.work_items where status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Game work items of official dates `start`…`end` that are not done: pending (retries not yet due
 * included) or dead. A game another live worker holds (its lease renewed) is in hand, not counted.
 */
/** Game work items not done outside official dates `start`…`end` (another run's, a sync's): pending. */
export async function pendingGamesOutside(db: Executor, start: string, end: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ingest.work_items
        where kind = 'game' and status = 'pending' and (official_date is null or official_date not between ${start} and ${end})`,
  );
  return Number(row?.n ?? 0);
}

export async function unfinishedGamesBetween(
  db: Executor,
  start: string,
  end: string,
): Promise<{ pending: number; dead: number }> {
  const [row] = await queryRows<{ pending: number; dead: number }>(
    db,
    sql`select count(*) filter (where status = 'pending' and (lease_expires_at is null or lease_expires_at < now()))::int as pending,
               count(*) filter (where status = 'dead')::int as dead
        from ingest.work_items where kind = 'game' and official_date between ${start} and ${end}`,
  );
  return { pending: row?.pending ?? 0, dead: row?.dead ?? 0 };
}
