import { drainJob, jobCatalog } from '../../jobs/catalog.js';
import type { AppContext } from '../app/context.js';
import { createRuntime } from '../app/runtime.js';
import { pingDatabase } from '../db/queries/status.js';
import { withTimeout } from '../deadline.js';
import { describeRunWork } from '../cli/run-summary.js';
import type { LivePassResult } from '../pipeline/live.js';
import { createMetrics, type Metrics } from '../pipeline/metrics.js';
import type { RunResult } from '../pipeline/run.js';
import { startLiveWatcher } from './live-watcher.js';
import { startMetricsServer } from './metrics-server.js';
import { startScheduler } from './scheduler.js';

/** The advisory lock whose holder runs the pollers (arbitrary constant). */
export const LEADER_LOCK_KEY = 727_001_002;

/** The jobs the daemon schedules (those of the catalogue with a cron). */
export function scheduledJobNames(): string[] {
  return jobCatalog.filter((j) => j.cron).map((j) => j.name);
}

/**
 * Run the scheduled jobs in-process until SIGINT/SIGTERM: one daemon of those sharing a database
 * (the holder of a session advisory lock) runs the pollers and follows live games, the others
 * drain; the metrics and
 * health server when configured; every shutdown step with a deadline.
 */
export async function runDaemon(ctx: AppContext, opts: { runNow?: string; now?: Date }): Promise<void> {
  const config = ctx.config();
  const log = ctx.log();
  // A daemon outlives a database outage: an uncaught driver error is logged, not fatal.
  if (ctx.guard) ctx.guard.keepAlive = true;
  let metrics: Metrics | undefined;
  const runtime = await createRuntime(ctx, {
    now: opts.now,
    onAttempt: (a) => metrics?.onAttempt(a),
    command: 'daemon',
  });
  // On a terminal the log holds warnings and errors only (logger.ts); the daemon shows one compact
  // line per live pass and per run instead. Piped (journald, a file), the JSON log says it all.
  const say =
    process.stderr.isTTY && config.logLevel === 'info'
      ? (text: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`)
      : undefined;
  const sayRun = (job: string, r: RunResult<unknown>) =>
    say?.(`${job} run ${r.runId} ${r.status}: ${describeRunWork(r.counts)}`);
  const onLivePass = (pass: LivePassResult) => {
    metrics?.onLivePass(pass);
    say?.(describeLivePass(pass));
  };
  let server: { close(): Promise<void> } | undefined;
  const leadership = runtime.deps.database.sessionLock(LEADER_LOCK_KEY);
  let schedulerAlive = false;
  try {
    if (config.metricsPort !== undefined) {
      metrics = createMetrics(runtime.deps.database.db);
      metrics.watchClient(runtime.deps.client.stats);
      const db = runtime.deps.database.db;
      server = await startMetricsServer({
        port: config.metricsPort,
        registry: metrics.registry,
        log,
        health: async () => {
          if (!schedulerAlive) return { ok: false, reason: 'scheduler: not running' };
          const reachable = await withTimeout(pingDatabase(db), 2_000);
          return reachable === true ? { ok: true } : { ok: false, reason: `database: ${reachable}` };
        },
      });
    }
    // Several daemons may share one database: one of them (the holder of a session advisory
    // lock, freed by the server when its process or connection dies) runs the pollers; the
    // others drain the worklist on the sync schedule, and take over at their next tick.
    const cronOf = (j: (typeof jobCatalog)[number]) =>
      j.name === 'sync' ? config.syncCron : j.name === 'register' ? config.registerCron : j.cron;
    const scheduled = jobCatalog
      .filter((j) => cronOf(j))
      .map((j) => ({
        name: j.name,
        cron: cronOf(j) as string,
        run: async (signal: AbortSignal) => {
          const deps = { ...runtime.deps, signal };
          if (await leadership.tryHold()) {
            sayRun(j.name, await j.runWith(deps, {}));
          } else if (j.name === 'sync') {
            log.debug({ job: j.name }, 'another daemon leads: draining only');
            sayRun('drain', await drainJob.run(deps, {}));
          } else {
            log.debug({ job: j.name }, 'another daemon leads: skipped');
          }
        },
      }));
    const scheduler = startScheduler(scheduled, log, runtime.controller.signal);
    // Live games are followed beside the scheduled jobs, by the leader only (DUGOUT_LIVE=off: never).
    const live = config.live
      ? startLiveWatcher({
          deps: runtime.deps,
          holdLead: () => leadership.tryHold(),
          log,
          signal: runtime.controller.signal,
          ...(metrics || say ? { onPass: onLivePass } : {}),
        })
      : undefined;
    schedulerAlive = true;
    log.info({ jobs: scheduled.map((j) => j.name), live: config.live }, 'daemon started');
    say?.(
      `daemon started: ${scheduled.map((j) => j.name).join(', ')} on their schedules; live games ${config.live ? 'followed' : 'off'}; Ctrl-C stops it`,
    );
    if (opts.runNow) void scheduler.runNow(opts.runNow);
    await scheduler.stopped;
    await live?.stopped;
    schedulerAlive = false;
    log.info('daemon stopped');
    say?.('daemon stopped');
  } finally {
    // Each step has a deadline: after an outage a driver may never answer, and SIGTERM must
    // still end the process within its grace period.
    const step = async (name: string, run: () => Promise<unknown>) => {
      const done = await withTimeout(run(), 3_000);
      if (done !== true) log.warn({ step: name, reason: done }, 'shutdown step abandoned');
    };
    await step('leader lock', () => leadership.release());
    await step('metrics server', async () => server?.close());
    await step('worker registry', () => runtime.dispose());
  }
}

/** One terminal line for a live pass: its day, the games followed and what changed. */
export function describeLivePass(p: LivePassResult): string {
  const failed = p.applyFailures > 0 ? `, ${p.applyFailures} failed` : '';
  const due = p.due > 0 ? `; ${p.due} due to start` : '';
  return `live ${p.day}: ${p.followed} followed, ${p.stored} changed, ${p.unchanged} unchanged${failed}${due}; next pass in ${p.waitSeconds} s`;
}
