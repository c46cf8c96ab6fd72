import { listNewFields, type NewField } from './new-fields.js';
import { liveWorkers, type WorkerStatus } from './workers.js';
import { queryRows, sql, type Db } from '../client.js';
import { readerRoleNotices } from '../reader-drift.js';

export interface StatusReport {
  database: string;
  cursors: Array<{ name: string; position: string; updatedAt: string; runId: number | null }>;
  runs: Array<{
    runId: number;
    job: string;
    status: string;
    startedAt: string;
    finishedAt: string | null;
    requested: number;
    fetched: number;
    unchanged: number;
    loaded: number;
    failed: number;
    rejected: number;
    gamesLoaded: number;
    gamesUnchanged: number;
    gamesFailed: number;
    peopleLoaded: number;
    listsLoaded: number;
    snapshotsLoaded: number;
    error: string | null;
  }>;
  backlog: Array<{ kind: string; status: string; reason: string; count: number }>;
  deadLetters: Array<{
    kind: string;
    key: string;
    reason: string;
    attempts: number;
    lastError: string | null;
    updatedAt: string;
  }>;
  /** Dead work items in all (deadLetters lists the latest 100). */
  deadLetterCount: number;
  /** When each job last finished with status succeeded (ISO), e.g. `{ sync: '2026-…' }`. */
  lastSucceeded: Record<string, string>;
  /** Processes alive now (heartbeat within the worker timeout), with the job and leases in hand. */
  workers: WorkerStatus[];
  /** Key paths of loaded bodies that dugout does not know, first seen in the last week (ingest.new_fields). */
  newFields: NewField[];
  /** Workers found lost (no heartbeat within the timeout) in the last day. */
  lostWorkers: Array<{ workerId: string; host: string; pid: number; command: string | null; lastHeartbeat: string }>;
  /** How reader roles differ from what `dugout reader-role` left them with, one notice each (never an alert). */
  readerRoleNotices: string[];
}

/** A condition `dugout status --fail-on` turns into exit 1. */
export type AlertCondition = { kind: 'dead-letters' } | { kind: 'stale'; windowMs: number };

/** Jobs that count as a successful sync for `stale=…`. */
const SYNC_JOBS = ['sync', 'nightly'];

/**
 * The alerts a status report raises for the given conditions (empty = healthy): dead letters
 * present; no successful sync (or nightly) within the window.
 */
export function statusAlerts(report: StatusReport, conditions: readonly AlertCondition[], now: Date): string[] {
  const alerts: string[] = [];
  for (const c of conditions) {
    if (c.kind === 'dead-letters' && report.deadLetterCount > 0) {
      alerts.push(`${report.deadLetterCount} dead letter(s) in ingest.work_items (dugout status lists them)`);
    }
    if (c.kind === 'stale') {
      const last = Math.max(
        0,
        ...SYNC_JOBS.map((j) => (report.lastSucceeded[j] ? Date.parse(report.lastSucceeded[j]!) : 0)),
      );
      if (now.getTime() - last > c.windowMs) {
        alerts.push(last ? `no successful sync since ${new Date(last).toISOString()}` : 'no successful sync on record');
      }
    }
  }
  return alerts;
}

/** Cursors, the last runs, the worklist backlog (not done) and the dead letters. */
export async function readStatus(
  db: Db,
  describe: string,
  limitRuns = 10,
  workerTimeoutSeconds = 60,
): Promise<StatusReport> {
  const cursors = await queryRows<StatusReport['cursors'][number]>(
    db,
    sql`select name, to_char(position at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "position",
               to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt", run_id as "runId"
        from ingest.cursors order by name`,
  );
  const runs = await queryRows<StatusReport['runs'][number]>(
    db,
    sql`select run_id::int as "runId", job, status,
               to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startedAt",
               to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt",
               requested, fetched, unchanged, loaded, failed, rejected, games_loaded as "gamesLoaded",
               games_unchanged as "gamesUnchanged", games_failed as "gamesFailed", people_loaded as "peopleLoaded",
               lists_loaded as "listsLoaded", snapshots_loaded as "snapshotsLoaded", error
        from ingest.runs order by run_id desc limit ${limitRuns}`,
  );
  const backlog = await queryRows<StatusReport['backlog'][number]>(
    db,
    sql`select kind, status, reason, count(*)::int as count from ingest.work_items
        where status <> 'done' group by kind, status, reason order by kind, status, reason`,
  );
  const deadLetters = await queryRows<StatusReport['deadLetters'][number]>(
    db,
    sql`select kind, key, reason, attempts, last_error as "lastError",
               to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
        from ingest.work_items where status = 'dead' order by updated_at desc limit 100`,
  );
  const [dead] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ingest.work_items where status = 'dead'`,
  );
  const succeeded = await queryRows<{ job: string; at: string }>(
    db,
    sql`select job, to_char(max(finished_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from ingest.runs where status = 'succeeded' and finished_at is not null group by job`,
  );
  const workers = await liveWorkers(db, workerTimeoutSeconds);
  const lost = await queryRows<StatusReport['lostWorkers'][number]>(
    db,
    sql`select worker_id as "workerId", host, pid, command,
               to_char(heartbeat_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastHeartbeat"
        from ingest.workers
        where (lost or (stopped_at is null and heartbeat_at < now() - make_interval(secs => ${workerTimeoutSeconds})))
          and heartbeat_at > now() - interval '1 day'
        order by heartbeat_at desc limit 20`,
  );
  const newFields = await listNewFields(db, NEW_FIELDS_DAYS);
  return {
    newFields,
    readerRoleNotices: await readerRoleNotices(db),
    workers,
    lostWorkers: lost.map((w) => ({ ...w, pid: Number(w.pid) })),
    database: describe,
    cursors,
    runs: runs.map(numify),
    backlog,
    deadLetters,
    deadLetterCount: Number(dead?.n ?? 0),
    lastSucceeded: Object.fromEntries(succeeded.map((r) => [r.job, r.at])),
  };
}

/** How far back `dugout status` lists new fields. */
export const NEW_FIELDS_DAYS = 7;

function numify<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of [
    'runId',
    'requested',
    'fetched',
    'unchanged',
    'loaded',
    'failed',
    'rejected',
    'gamesLoaded',
    'gamesUnchanged',
    'gamesFailed',
    'peopleLoaded',
    'listsLoaded',
    'snapshotsLoaded',
  ]) {
    if (out[k] !== undefined && out[k] !== null) out[k] = Number(out[k]);
  }
  return out as T;
}

/** Whether the database answers a trivial query (the daemon's health check). */
export async function pingDatabase(db: Pick<Db, 'execute'>): Promise<void> {
  await queryRows(db, sql`select 1 as ok`);
}
