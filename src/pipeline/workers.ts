import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { queryRows, sql } from '../db/client.js';
import type { Executor } from '../db/rows.js';
import { describeError } from '../errors.js';

/**
 * A dugout process that runs jobs, registered in `ingest.workers`. While alive it heartbeats every
 * `heartbeatSeconds`: the row's `heartbeat_at`, and the leases it holds are extended to
 * now + `timeoutSeconds`. So when a worker dies on any host (SIGKILL, a lost container, a machine
 * gone), its leases lapse within the timeout and another worker takes its items, and
 * {@link expireLostWorkers} closes its runs — no PID of another machine is ever trusted.
 */
export interface Worker {
  readonly id: string;
  readonly host: string;
  /** The lease owner of this process's claims: `host:pid:workerId`. */
  readonly owner: string;
  /** Record the run in hand (or none). */
  setRun(job: string | null, runId: number | null): void;
  /** Heartbeat now (also done on a timer). */
  beat(): Promise<void>;
  /** Stop heartbeating and mark the worker stopped. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  command: string;
  heartbeatSeconds: number;
  timeoutSeconds: number;
  /** The name this worker reports; default the machine's hostname. */
  host?: string;
  log: Logger;
}

/** The name a process reports as its host. */
export function workerHost(host?: string): string {
  return host && host.trim() !== '' ? host : hostname();
}

export async function registerWorker(db: Executor, opts: WorkerOptions): Promise<Worker> {
  const id = randomUUID();
  const host = workerHost(opts.host);
  const owner = `${host}:${process.pid}:${id}`;
  await db.execute(sql`insert into ingest.workers (worker_id, host, pid, command) values (${id}, ${host}, ${process.pid}, ${opts.command})`);
  let job: string | null = null;
  let runId: number | null = null;
  let stopped = false;
  const beat = async () => {
    if (stopped) return;
    await db.execute(sql`update ingest.workers set heartbeat_at = now(), current_job = ${job}, current_run_id = ${runId}
                         where worker_id = ${id}`);
    await db.execute(sql`update ingest.work_items set lease_expires_at = now() + make_interval(secs => ${opts.timeoutSeconds})
                         where lease_owner = ${owner} and lease_expires_at is not null`);
  };
  const timer = setInterval(() => {
    beat().catch((err) => opts.log.warn({ err: describeError(err) }, 'worker heartbeat failed'));
  }, opts.heartbeatSeconds * 1000);
  timer.unref();
  return {
    id,
    host,
    owner,
    setRun(j, r) {
      job = j;
      runId = r;
    },
    beat,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await db.execute(sql`update ingest.workers set stopped_at = now(), current_job = null, current_run_id = null where worker_id = ${id}`);
    },
  };
}

/**
 * Close what lost workers left, on any host: a worker silent for `timeoutSeconds` is marked lost,
 * and every run still `running` without a heartbeat for that long becomes `interrupted`, naming
 * its last heartbeat. (Leases need nothing: unrenewed, they lapse by themselves.)
 */
export async function expireLostWorkers(db: Executor, timeoutSeconds: number): Promise<{ workers: number; runs: number }> {
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
  return rows.map((r) => ({ ...r, pid: Number(r.pid), leases: Number(r.leases), currentRunId: r.currentRunId === null ? null : Number(r.currentRunId) }));
}
