import type { AttemptOutcome } from '../api/index.js';
import type { RunDeps } from '../pipeline/run.js';
import { createConfiguredClient } from './client.js';
import type { AppContext } from './context.js';
import { createProgress } from './progress.js';
import { createSharedBudget } from '../pipeline/request-budget.js';
import { registerWorker } from '../pipeline/workers.js';

export interface Runtime {
  deps: RunDeps;
  /** Aborted by the first SIGINT/SIGTERM; a second signal exits at once. */
  controller: AbortController;
  /** Remove the signal handlers and mark this worker stopped. */
  dispose(): Promise<void>;
}

/**
 * Build a command's runtime: the run dependencies: the migrated database, one shared request queue
 * (the whole process's politeness budget), the API client, a progress display and signal handling.
 */
export async function createRuntime(
  ctx: AppContext,
  opts: {
    progressLabel?: string;
    now?: Date;
    onAttempt?: (attempt: AttemptOutcome) => void;
    readOnly?: boolean;
    command?: string;
  } = {},
): Promise<Runtime> {
  const config = ctx.config();
  const log = ctx.log();
  // `readOnly` commands (check) never migrate: they need the schema current instead.
  const database = await ctx.database(opts.readOnly ? { requireCurrent: true } : { migrate: true });
  // Every process that runs jobs registers and heartbeats (ingest.workers); a read-only command
  // (check, possibly under a SELECT-only login) does not.
  const worker = opts.readOnly
    ? undefined
    : await registerWorker(database.db, {
        command: opts.command ?? 'cli',
        heartbeatSeconds: config.heartbeatSeconds,
        timeoutSeconds: config.workerTimeoutSeconds,
        host: config.hostName,
        log,
      });
  const controller = new AbortController();
  // On Postgres every process draws from one request budget (STATSAPI_MAX_RPS for them all); the
  // embedded database has one process, whose own limiter is the budget.
  const shared =
    database.kind === 'postgres' ? createSharedBudget(database.db, { maxRps: config.maxRps, log }) : undefined;
  const client = createConfiguredClient(config, log, { signal: controller.signal }, opts.onAttempt, shared);
  let signals = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      log.warn({ signal: sig }, 'second signal: exiting now');
      process.exit(sig === 'SIGINT' ? 130 : 143);
    }
    log.warn({ signal: sig }, 'shutting down: finishing the work in hand');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const offset = opts.now ? opts.now.getTime() - Date.now() : 0;
  return {
    deps: {
      database,
      client,
      config,
      log,
      now: () => new Date(Date.now() + offset),
      signal: controller.signal,
      progress: opts.progressLabel ? createProgress(opts.progressLabel, log) : undefined,
      worker,
    },
    controller,
    async dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await worker?.stop().catch((err) => log.warn({ err }, 'could not mark the worker stopped'));
    },
  };
}
