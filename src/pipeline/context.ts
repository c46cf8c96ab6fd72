import type { Logger } from 'pino';
import type { ApiClient } from '../api/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { LedgerCounts } from '../db/queries/runs.js';
import type { ExtractPool } from './extract-pool/pool.js';

/** Counts a run reports: the ledger's columns (the per-kind ones among them). */
export type RunCounts = LedgerCounts;

export function emptyCounts(): RunCounts {
  return {
    requested: 0,
    fetched: 0,
    unchanged: 0,
    loaded: 0,
    failed: 0,
    rejected: 0,
    requests: 0,
    gamesLoaded: 0,
    gamesUnchanged: 0,
    gamesFailed: 0,
    peopleLoaded: 0,
    listsLoaded: 0,
    snapshotsLoaded: 0,
  };
}

/** Progress of a long drain, for a bar on a TTY or periodic log lines. */
export interface ProgressSink {
  start(total: number): void;
  update(done: number, total: number): void;
  stop(): void;
  /** A line of progress worth keeping (a season done), printed beside the bar. */
  note?(line: string): void;
}

/** Everything a pipeline step needs, passed down explicitly. */
export interface PipelineContext {
  db: Db;
  dbKind: 'postgres' | 'pglite';
  /** The database's connection URL (postgres.js only), for a worker thread's own connection. Never logged. */
  databaseUrl?: string;
  client: ApiClient;
  config: Config;
  log: Logger;
  /** dugout's clock (the simulator's in the demo and tests). */
  now: () => Date;
  /** Aborted on SIGTERM/SIGINT: stop claiming, finish the item in hand. */
  signal: AbortSignal;
  runId: number;
  counts: RunCounts;
  /** Identifies this process's leases (`host:pid:random`). */
  owner: string;
  progress?: ProgressSink;
  /**
   * Write the counts so far to the run's ledger row soon (coalesced: one write in flight at a time),
   * so a run killed outright still says what it finished. Called after each item.
   */
  saveCounts?: () => void;
  /** Where game loads parse and extract their bodies; unset: on the main thread (DUGOUT_EXTRACT_WORKERS=0). */
  extractPool?: ExtractPool;
}
