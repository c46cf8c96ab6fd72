import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { beatWorker, insertWorker, markWorkerStopped, renewLeases } from '../db/queries/workers.js';
import type { Executor } from '../db/client.js';
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
  await insertWorker(db, { id, host, pid: process.pid, command: opts.command });
  let job: string | null = null;
  let runId: number | null = null;
  let stopped = false;
  const beat = async () => {
    if (stopped) return;
    await beatWorker(db, id, job, runId);
    await renewLeases(db, owner, opts.timeoutSeconds);
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
      await markWorkerStopped(db, id);
    },
  };
}
