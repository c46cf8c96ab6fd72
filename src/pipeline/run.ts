import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { ApiClient } from '../api/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { describeError } from '../errors.js';
import { emptyCounts, type PipelineContext, type ProgressSink, type RunCounts } from './context.js';
import { finishRun, heartbeatRun, markAbandonedRuns, type RunStatus, startRun } from '../db/queries/runs.js';
import { createOwner, releaseDeadLeases } from '../db/queries/work-items.js';
import { expireLostWorkers } from '../db/queries/workers.js';
import { createLazyExtractPool, defaultLoadWorkers } from './extract-pool/pool.js';
import { type Worker, workerHost } from './workers.js';

/** What a run is built from; the CLI, the daemon, the demo and tests all pass the same. */
export interface RunDeps {
  database: Database;
  client: ApiClient;
  config: Config;
  log: Logger;
  /** dugout's clock. Default: the system clock. */
  now?: () => Date;
  signal?: AbortSignal;
  progress?: ProgressSink;
  /** This process in `ingest.workers` (the CLI registers one); without it runs still work, unregistered. */
  worker?: Worker;
}

export interface RunResult<T> {
  runId: number;
  status: RunStatus;
  counts: RunCounts;
  result: T | undefined;
  error?: unknown;
}

/**
 * Run a job under a ledger row: clear what crashed processes left (interrupted runs, leases),
 * open the run, heartbeat its counts, and close it as succeeded, failed (the job threw or an item
 * failed) or interrupted (shutdown signal).
 */
export async function withRun<T>(
  deps: RunDeps,
  job: string,
  args: Record<string, unknown>,
  fn: (ctx: PipelineContext) => Promise<T>,
): Promise<RunResult<T>> {
  const { db } = deps.database;
  const host = deps.worker?.host ?? workerHost(deps.config.hostName);
  await markAbandonedRuns(db, host);
  await releaseDeadLeases(db, host);
  await expireLostWorkers(db, deps.config.workerTimeoutSeconds);
  const runId = await startRun(db, job, args, { host, workerId: deps.worker?.id });
  deps.worker?.setRun(job, runId);
  const counts = emptyCounts();
  const signal = deps.signal ?? new AbortController().signal;
  // Every in-flight request listens to the run's signal.
  setMaxListeners(0, signal);
  const ctx: PipelineContext = {
    db,
    dbKind: deps.database.kind,
    ...(deps.database.connectionUrl === undefined ? {} : { databaseUrl: deps.database.connectionUrl }),
    client: deps.client,
    config: deps.config,
    log: deps.log.child({ runId, job }),
    now: deps.now ?? (() => new Date()),
    signal,
    runId,
    counts,
    owner: deps.worker?.owner ?? createOwner(host),
    progress: deps.progress,
  };
  const workers = deps.config.extractWorkers ?? defaultLoadWorkers();
  // Started by the run's first game load, stopped when the run ends.
  if (workers > 0) ctx.extractPool = createLazyExtractPool(workers, ctx.log);
  const saver = createCountsSaver(() => heartbeatRun(db, runId, counts));
  ctx.saveCounts = saver.save;
  const timer = setInterval(saver.save, deps.config.heartbeatSeconds * 1000);
  timer.unref();
  const started = Date.now();
  ctx.log.info({ args }, 'run started');
  let result: T | undefined;
  let error: unknown;
  try {
    result = await fn(ctx);
  } catch (err) {
    error = err;
  } finally {
    clearInterval(timer);
    await saver.idle();
    await ctx.extractPool?.close();
  }
  const unfinished = Boolean(
    result && typeof result === 'object' && (result as { partial?: unknown }).partial === true,
  );
  const status: RunStatus = ctx.signal.aborted
    ? 'interrupted'
    : error !== undefined || counts.failed > 0
      ? 'failed'
      : unfinished
        ? 'partial'
        : 'succeeded';
  const details = {
    games: { loaded: counts.gamesLoaded, unchanged: counts.gamesUnchanged, failed: counts.gamesFailed },
    people: { loaded: counts.peopleLoaded },
    durationMs: Date.now() - started,
    ...(result && typeof result === 'object' ? { result } : {}),
  };
  await finishRun(db, runId, status, counts, error, details);
  deps.worker?.setRun(null, null);
  const logFields = {
    status,
    durationMs: details.durationMs,
    ...counts,
    ...(error ? { err: describeError(error) } : {}),
  };
  // A run stopped by a signal did what it was told: not a warning.
  if (status === 'succeeded' || status === 'interrupted') ctx.log.info(logFields, 'run finished');
  else ctx.log.warn(logFields, 'run finished');
  return { runId, status, counts, result, error };
}

/**
 * Writes a run's counts with at most one write in flight: a save asked for meanwhile is done once
 * that write ends, so items finishing together cost one statement, and the ledger is never more
 * than one write behind the work (what a SIGKILL loses).
 */
function createCountsSaver(write: () => Promise<void>): { save: () => void; idle: () => Promise<void> } {
  let inFlight: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    inFlight = write()
      .catch(() => {})
      .then(() => {
        inFlight = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    save() {
      if (inFlight) again = true;
      else run();
    },
    async idle() {
      while (inFlight) await inFlight;
    },
  };
}
