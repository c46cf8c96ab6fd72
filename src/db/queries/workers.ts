import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/** The worker registry (`ingest.workers`) and the leases its workers renew. */

export async function insertWorker(
  db: Executor,
  w: { id: string; host: string; pid: number; command: string },
): Promise<void> {
  await db.execute(
    sql`insert into ingest.workers (worker_id, host, pid, command) values (${w.id}, ${w.host}, ${w.pid}, ${w.command})`,
  );
}

/** A worker's heartbeat, with the job and run in hand. */
export async function beatWorker(db: Executor, id: string, job: string | null, runId: number | null): Promise<void> {
  await db.execute(sql`update ingest.workers set heartbeat_at = now(), current_job = ${job}, current_run_id = ${runId}
                       where worker_id = ${id}`);
}

/**
 * Extend every lease an owner holds to now + `timeoutSeconds`. Rows another transaction holds are
 * skipped, never waited for: that is this worker's own load completing them (it clears the lease),
 * and waiting on one while holding the others deadlocked with a load that marks its items done one
 * by one. A row skipped now is renewed by the next heartbeat, well within the timeout.
 */
export async function renewLeases(db: Executor, owner: string, timeoutSeconds: number): Promise<void> {
  await db.execute(sql`update ingest.work_items w set lease_expires_at = now() + make_interval(secs => ${timeoutSeconds})
                       from (select kind, key from ingest.work_items
                             where lease_owner = ${owner} and lease_expires_at is not null
                             for update skip locked) held
                       where w.kind = held.kind and w.key = held.key`);
}

export async function markWorkerStopped(db: Executor, id: string): Promise<void> {
  await db.execute(
    sql`update ingest.workers set stopped_at = now(), current_job = null, current_run_id = null where worker_id = ${id}`,
  );
}

/**
 * Close what lost workers left, on any host: a worker silent for `timeoutSeconds` is marked lost,
 * and every run still `running` without a heartbeat for that long becomes `interrupted`, naming
 * its last heartbeat. (Leases need nothing: unrenewed, they lapse by themselves.)
 */
export async function expireLostWorkers(
  db: Executor,
  timeoutSeconds: number,
): Promise<{ workers: number; runs: number }> {
  const lost = await queryRows<{ n: number }>(
    db,
    sql`with w as (update ingest.workers set stopped_at = heartbeat_at, lost = true
                   where stopped_at is null and heartbeat_at < now() - make_interval(secs => ${timeoutSeconds})
                   returning 1)
        select count(*)::int as n from w`,
  );
  const runs = await queryRows<{ n: number }>(
    db,
    sql`with r as (update ingest.runs set status = 'interrupted', finished_at = coalesce(heartbeat_at, started_at),
                     error = 'worker lost: no heartbeat since ' || to_char(coalesce(heartbeat_at, started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                   where status = 'running' and coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${timeoutSeconds})
                   returning 1)
        select count(*)::int as n from r`,
  );
  return { workers: Number(lost[0]?.n ?? 0), runs: Number(runs[0]?.n ?? 0) };
}

export interface WorkerStatus {
  workerId: string;
  host: string;
  pid: number;
  command: string | null;
  startedAt: string;
  heartbeatAt: string;
  currentJob: string | null;
  currentRunId: number | null;
  leases: number;
}

/** Workers alive now (heartbeat within the timeout), with the leases each holds. */
export async function liveWorkers(db: Executor, timeoutSeconds: number): Promise<WorkerStatus[]> {
  const rows = await queryRows<WorkerStatus>(
    db,
    sql`select w.worker_id as "workerId", w.host, w.pid, w.command, w.started_at::text as "startedAt", w.heartbeat_at::text as "heartbeatAt",
               w.current_job as "currentJob", w.current_run_id as "currentRunId",
               (select count(*)::int from ingest.work_items i
                 where i.lease_owner = w.host || ':' || w.pid || ':' || w.worker_id and i.lease_expires_at > now()) as leases
        from ingest.workers w
        where w.stopped_at is null and w.heartbeat_at >= now() - make_interval(secs => ${timeoutSeconds})
        order by w.started_at`,
  );
  return rows.map((r) => ({
    ...r,
    pid: Number(r.pid),
    leases: Number(r.leases),
    currentRunId: r.currentRunId === null ? null : Number(r.currentRunId),
  }));
}
