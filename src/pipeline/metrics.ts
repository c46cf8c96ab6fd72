import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { countNewFields } from '../db/queries/new-fields.js';
import { pingDatabase } from '../db/queries/status.js';
import type { AttemptOutcome, ClientStats } from '../api/index.js';
import {
  countDeadLetters,
  gameOutcomeTotals,
  lastRunByJob,
  lastSuccessByJob,
  openWorkByKindAndStatus,
  otherLoadedTotals,
} from '../db/queries/metrics.js';
import type { Executor } from '../db/client.js';
import { LIVE_REJECT_REASONS, type LivePassResult } from './live.js';

export interface Metrics {
  registry: Registry;
  /** Pass to the API client (`onAttempt`): counts requests by operation and status, times them. */
  onAttempt(attempt: AttemptOutcome): void;
  /** Give the registry the process's API client, for its retry and pause counters. */
  watchClient(stats: ClientStats): void;
  /** Pass to the live loop: what each pass followed, fetched and failed, and each game's lag. */
  onLivePass(pass: LivePassResult): void;
}

/**
 * The daemon's Prometheus metrics. Request metrics are counted in-process as attempts happen; the
 * warehouse-wide ones (games by outcome, worklist backlog, dead letters, last success and duration
 * of each job) are read from Postgres at scrape time, so every worker reports the same totals as
 * `ingest.runs` and `ingest.work_items` say, whichever process wrote them. A job's label is
 * `dugout_job`, never `job`: Prometheus owns `job` (the scrape job) and would rename ours to
 * `exported_job`, so a rule selecting `{job="sync"}` would match nothing.
 */
/** How long a scrape waits for the database: /metrics answers within a second even when it is down. */
const DATABASE_WAIT_MS = 700;

export function createMetrics(db: Executor): Metrics {
  const registry = new Registry();
  const ping = { reset() {} };
  const deadLettersQuery = { reset() {} };
  /**
   * A database-derived metric's value, or undefined (the metric reset: absent from the scrape)
   * when the database does not answer within {@link DATABASE_WAIT_MS} or fails. A query still
   * waiting from an earlier scrape is not doubled: the metric stays absent until it settles.
   */
  const inflight = new WeakMap<object, Promise<unknown>>();
  async function fromDatabase<T>(metric: { reset(): void }, query: () => Promise<T>): Promise<T | undefined> {
    metric.reset();
    if (inflight.has(metric)) return undefined;
    const p = query();
    inflight.set(metric, p);
    void p.then(
      () => inflight.delete(metric),
      () => inflight.delete(metric),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), DATABASE_WAIT_MS);
    });
    try {
      const r = await Promise.race([p, late]);
      return r === 'late' ? undefined : (r as T);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
  new Gauge({
    name: 'dugout_metrics_database_ok',
    help: 'Whether the database answered this scrape (1) or not (0): the database-derived metrics are then absent; the process counters are always there',
    registers: [registry],
    async collect() {
      const ok = await fromDatabase(ping, () => pingDatabase(db).then(() => true));
      this.set(ok ? 1 : 0);
    },
  });
  collectDefaultMetrics({ register: registry, prefix: 'dugout_process_' });
  let client: ClientStats | undefined;

  const requests = new Counter({
    name: 'dugout_api_requests_total',
    help: 'HTTP attempts to the Stats API by operation and status (status "error": no response)',
    labelNames: ['operation', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'dugout_api_request_duration_seconds',
    help: 'Duration of one HTTP attempt (headers and body), by operation',
    labelNames: ['operation'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const fromClient = (name: string, help: string, read: (s: ClientStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        if (client) this.inc(read(client));
      },
    });
  fromClient('dugout_api_retries_total', 'Attempts retried after a retryable failure', (s) => s.queue.retries);
  fromClient(
    'dugout_api_pauses_total',
    'Global pauses of all requests after a 429 or 503 (Retry-After)',
    (s) => s.queue.pauses,
  );
  fromClient(
    'dugout_api_paused_seconds_total',
    'Seconds all requests were held by those pauses',
    (s) => s.queue.pausedMs / 1000,
  );
  fromClient('dugout_api_gave_up_total', 'Requests that failed after their last attempt', (s) => s.queue.gaveUp);

  new Counter({
    name: 'dugout_games_total',
    help: 'Games by outcome over every run in ingest.runs (loaded, unchanged, failed); games only',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      const totals = await fromDatabase(this, () => gameOutcomeTotals(db));
      if (!totals) return;
      for (const outcome of ['loaded', 'unchanged', 'failed'] as const) this.inc({ outcome }, totals[outcome]);
    },
  });
  new Counter({
    name: 'dugout_loaded_total',
    help: 'Everything else stored over every run in ingest.runs, by kind (people, lists, snapshots)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const totals = await fromDatabase(this, () => otherLoadedTotals(db));
      if (!totals) return;
      for (const kind of ['people', 'lists', 'snapshots'] as const) this.inc({ kind }, totals[kind]);
    },
  });
  new Gauge({
    name: 'dugout_worklist_items',
    help: 'Work items not done, by kind and status (pending, running, dead)',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(this, () => openWorkByKindAndStatus(db));
      if (!rows) return;
      for (const r of rows) this.set({ kind: r.kind, status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'dugout_new_api_fields',
    help: 'Key paths of loaded bodies that dugout does not know (ingest.new_fields), by body kind: fields the API added',
    labelNames: ['body_kind'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(this, () => countNewFields(db));
      if (!rows) return;
      for (const r of rows) this.set({ body_kind: r.bodyKind }, r.n);
    },
  });
  new Gauge({
    name: 'dugout_dead_letters',
    help: 'Work items parked after too many failures (dugout status lists them; dugout retry requeues)',
    registers: [registry],
    async collect() {
      // A gauge without labels cannot be absent: it keeps its last value while the database does
      // not answer, marked stale by dugout_metrics_database_ok 0.
      const n = await fromDatabase(deadLettersQuery, () => countDeadLetters(db));
      if (n !== undefined) this.set(n);
    },
  });
  new Gauge({
    name: 'dugout_last_success_timestamp_seconds',
    help: 'When each job last finished successfully (Unix seconds)',
    labelNames: ['dugout_job'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(this, () => lastSuccessByJob(db));
      if (!rows) return;
      for (const r of rows) this.set({ dugout_job: r.job }, r.at);
    },
  });
  new Gauge({
    name: 'dugout_last_run_duration_seconds',
    help: 'Duration of the latest finished run of each job, with its status',
    labelNames: ['dugout_job', 'status'],
    registers: [registry],
    async collect() {
      const rows = await fromDatabase(this, () => lastRunByJob(db));
      if (!rows) return;
      for (const r of rows) this.set({ dugout_job: r.job, status: r.status }, r.seconds);
    },
  });

  const liveFollowed = new Gauge({
    name: 'dugout_live_games_followed',
    help: 'Games the live loop followed in its last pass (live, in warm-up, or waiting for their final load)',
    registers: [registry],
  });
  const liveFetches = new Counter({
    name: 'dugout_live_fetches_total',
    help: 'Live loop requests by kind: full (the whole feed/live) or patch (feed/live/diffPatch)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const liveBytes = new Counter({
    name: 'dugout_live_received_bytes_total',
    help: 'Bytes of the live loop answers (decoded text), by kind: full or patch',
    labelNames: ['kind'],
    registers: [registry],
  });
  const liveFailures = new Counter({
    name: 'dugout_live_apply_failures_total',
    help: 'Live answers not applied (an error, a gap, a patch that did not apply): the game gets a full feed next',
    registers: [registry],
  });
  const liveRejected = new Counter({
    name: 'dugout_live_rejected_total',
    help: 'Live answers dropped although they arrived whole, by reason: stale (older than the stored feed), future (dated after the clock plus a tolerance), foreign (another game), too-large (a patch past the body limit); each game gets a full feed next',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of LIVE_REJECT_REASONS) liveRejected.inc({ reason }, 0);
  const liveLag = new Gauge({
    name: 'dugout_live_lag_seconds',
    help: "Seconds from each followed game's stored feed timecode to the loop's clock, as of its last pass",
    labelNames: ['game_pk'],
    registers: [registry],
  });

  return {
    registry,
    onLivePass(p) {
      liveFollowed.set(p.followed);
      liveFetches.inc({ kind: 'full' }, p.fullFetches);
      liveFetches.inc({ kind: 'patch' }, p.patchFetches);
      liveBytes.inc({ kind: 'full' }, p.fullBytes);
      liveBytes.inc({ kind: 'patch' }, p.patchBytes);
      liveFailures.inc(p.applyFailures);
      for (const reason of LIVE_REJECT_REASONS) liveRejected.inc({ reason }, p.rejected[reason]);
      liveLag.reset();
      for (const [gamePk, lag] of Object.entries(p.lagSeconds)) liveLag.set({ game_pk: gamePk }, lag);
    },
    onAttempt(a) {
      requests.inc({ operation: a.operation, status: String(a.status) });
      latency.observe({ operation: a.operation }, a.seconds);
    },
    watchClient(stats) {
      client = stats;
    },
  };
}
