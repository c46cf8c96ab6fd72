import { hostname } from 'node:os';
import type { SQL } from 'drizzle-orm';
import { queryRows, sql } from '../client.js';
import type { Executor } from '../rows.js';
import { describeError } from '../../errors.js';
import { isProcessAlive } from '../../process-alive.js';

/** `partial`: the job ran to its end without an error but left work unfinished (a backfill with games pending or dead). */
export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'interrupted';

/** The counts a run writes to its ledger row (a pipeline run's counts have these and more). */
export interface LedgerCounts {
  requested: number;
  fetched: number;
  unchanged: number;
  loaded: number;
  failed: number;
  rejected: number;
  requests: number;
}

/** The ledger's count columns set from a run's counts. */
function countColumns(c: LedgerCounts): SQL {
  return sql`requested = ${c.requested}, fetched = ${c.fetched}, unchanged = ${c.unchanged}, loaded = ${c.loaded},
    failed = ${c.failed}, rejected = ${c.rejected}, requests = ${c.requests}`;
}

/** Open a ledger row for a job run; returns its run id. */
export async function startRun(
  db: Executor,
  job: string,
  args: Record<string, unknown>,
  who: { host?: string; workerId?: string } = {},
): Promise<number> {
  const rows = await queryRows<{ runId: number }>(
    db,
    sql`insert into ingest.runs (job, args, host, pid, heartbeat_at, worker_id)
        values (${job}, ${JSON.stringify(args)}::text::jsonb, ${who.host ?? hostname()}, ${process.pid}, now(), ${who.workerId ?? null})
        returning run_id as "runId"`,
  );
  return Number(rows[0]!.runId);
}

/** Write the counts so far (and a heartbeat) without closing the run. */
export async function heartbeatRun(db: Executor, runId: number, counts: LedgerCounts): Promise<void> {
  await db.execute(sql`update ingest.runs set heartbeat_at = now(), ${countColumns(counts)} where run_id = ${runId}`);
}

/** Close a run with its outcome and counts. */
export async function finishRun(
  db: Executor,
  runId: number,
  status: RunStatus,
  counts: LedgerCounts,
  error?: unknown,
  details?: Record<string, unknown>,
): Promise<void> {
  await db.execute(sql`
    update ingest.runs set finished_at = now(), heartbeat_at = now(), status = ${status}, ${countColumns(counts)},
      error = ${error === undefined ? null : describeError(error).slice(0, 2000)},
      details = ${details === undefined ? null : JSON.stringify(details)}::text::jsonb
    where run_id = ${runId}`);
}

/** Runs left `running` by processes of this host that are gone (SIGKILL) become `interrupted` (the fast path). */
export async function markAbandonedRuns(db: Executor, host = hostname()): Promise<number> {
  const rows = await queryRows<{ runId: number; pid: number }>(
    db,
    sql`select run_id as "runId", pid from ingest.runs where status = 'running' and host = ${host}`,
  );
  let n = 0;
  for (const r of rows) {
    if (Number(r.pid) === process.pid || isProcessAlive(Number(r.pid))) continue;
    await db.execute(sql`update ingest.runs set status = 'interrupted', finished_at = coalesce(heartbeat_at, now())
                         where run_id = ${r.runId}`);
    n++;
  }
  return n;
}

/**
 * Mark failed the runs a process still has open, when it dies of an error nothing caught (the
 * fatal guard): they would otherwise wait for their heartbeat to lapse.
 */
export async function failProcessRuns(db: Executor, host: string, pid: number, error: string): Promise<void> {
  await db.execute(sql`update ingest.runs set status = 'failed', finished_at = now(), error = ${error}
                       where status = 'running' and host = ${host} and pid = ${pid}`);
}
