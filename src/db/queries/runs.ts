import { hostname } from 'node:os';
import type { SQL } from 'drizzle-orm';
import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';
import { describeError } from '../../errors.js';
import { isProcessAlive } from '../../process-alive.js';

/** `partial`: the job ran to its end without an error but left work unfinished (a backfill with games pending or dead). */
export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'interrupted';

/**
 * The counts a run writes to its ledger row. `loaded`, `unchanged` and `failed` sum items of every
 * kind; the per-kind counts keep games, people, reference lists and snapshots apart.
 */
export interface LedgerCounts {
  requested: number;
  fetched: number;
  unchanged: number;
  loaded: number;
  failed: number;
  rejected: number;
  requests: number;
  gamesLoaded: number;
  gamesUnchanged: number;
  gamesFailed: number;
  peopleLoaded: number;
  listsLoaded: number;
  snapshotsLoaded: number;
}

/** The ledger's count columns set from a run's counts. */
function countColumns(c: LedgerCounts): SQL {
  return sql`requested = ${c.requested}, fetched = ${c.fetched}, unchanged = ${c.unchanged}, loaded = ${c.loaded},
    failed = ${c.failed}, rejected = ${c.rejected}, requests = ${c.requests}, games_loaded = ${c.gamesLoaded},
    games_unchanged = ${c.gamesUnchanged}, games_failed = ${c.gamesFailed}, people_loaded = ${c.peopleLoaded},
    lists_loaded = ${c.listsLoaded}, snapshots_loaded = ${c.snapshotsLoaded}`;
}

/**
 * Open a ledger row for a job run; returns its run id: the last one plus one. Not the column's
 * sequence: a sequence skips values (Postgres logs it 32 values ahead, so an embedded database
 * killed outright resumes up to 32 further on), and run ids that jump read as lost runs. Two
 * processes that pick the same id at once: one insert does nothing and picks again. The sequence
 * is moved along so that a row inserted with the default still gets a free id.
 */
export async function startRun(
  db: Executor,
  job: string,
  args: Record<string, unknown>,
  who: { host?: string; workerId?: string } = {},
): Promise<number> {
  for (;;) {
    const rows = await queryRows<{ runId: number }>(
      db,
      sql`with r as (
            insert into ingest.runs (run_id, job, args, host, pid, heartbeat_at, worker_id)
            select coalesce(max(run_id), 0) + 1, ${job}, ${JSON.stringify(args)}::text::jsonb, ${who.host ?? hostname()},
                   ${process.pid}, now(), ${who.workerId ?? null}
            from ingest.runs
            on conflict (run_id) do nothing
            returning run_id)
          select run_id as "runId", setval('ingest.runs_run_id_seq', greatest(run_id, (select last_value from ingest.runs_run_id_seq)))
          from r`,
    );
    if (rows[0]) return Number(rows[0].runId);
  }
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
