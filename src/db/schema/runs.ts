import { bigint, bigserial, boolean, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { ingest } from './schemas.js';

const tz = { withTimezone: true } as const;

/** The runs ledger: one row per job run with its arguments, outcome and counts. */
export const runs = ingest.table('runs', {
  runId: bigserial('run_id', { mode: 'number' }).primaryKey(),
  job: text('job').notNull(),
  args: jsonb('args').notNull().default({}),
  startedAt: timestamp('started_at', tz).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', tz),
  heartbeatAt: timestamp('heartbeat_at', tz),
  /** `running`, `succeeded`, `partial` (work left pending or dead), `failed` (some items failed or the run threw) or `interrupted` (shutdown, or its worker lost). */
  status: text('status').notNull().default('running'),
  requested: integer('requested').notNull().default(0),
  fetched: integer('fetched').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  loaded: integer('loaded').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  requests: integer('requests').notNull().default(0),
  /** Games stored by the run (new or changed bodies). */
  gamesLoaded: integer('games_loaded').notNull().default(0),
  /** Games fetched whose bodies had not changed: nothing written. */
  gamesUnchanged: integer('games_unchanged').notNull().default(0),
  /** Games whose load failed. */
  gamesFailed: integer('games_failed').notNull().default(0),
  /** People (players, coaches, umpires) stored. */
  peopleLoaded: integer('people_loaded').notNull().default(0),
  /** Reference lists (teams, venues, code lists) stored. */
  listsLoaded: integer('lists_loaded').notNull().default(0),
  /** Snapshots (rosters, official statistics, staff, awards) stored. */
  snapshotsLoaded: integer('snapshots_loaded').notNull().default(0),
  error: text('error'),
  host: text('host'),
  pid: integer('pid'),
  /** The process (`ingest.workers`) that ran it. */
  workerId: text('worker_id'),
  /** Free-form results (check outcomes, timings). */
  details: jsonb('details'),
});

/**
 * Every dugout process that runs jobs (sync, backfill, daemon…): it heartbeats while alive, and a
 * worker whose heartbeat is older than DUGOUT_WORKER_TIMEOUT_SECONDS is lost: its running runs are
 * closed and its leases lapse, on any host (a container's PID 1 proves nothing elsewhere).
 */
export const workers = ingest.table('workers', {
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** `daemon`, `sync`, `backfill`… : the command the process runs. */
  command: text('command'),
  startedAt: timestamp('started_at', tz).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', tz).notNull().defaultNow(),
  /** Set when the process stops cleanly, or when it is found lost (then equal to its last heartbeat). */
  stoppedAt: timestamp('stopped_at', tz),
  lost: boolean('lost').notNull().default(false),
  /** The run in hand, if any. */
  currentRunId: bigint('current_run_id', { mode: 'number' }),
  currentJob: text('current_job'),
});

/**
 * The request budget every dugout process sharing this database draws from (one row): a 429/503
 * seen by any of them pauses all until `paused_until`. See `ingest.take_request_slots`.
 */
export const requestBudget = ingest.table('request_budget', {
  id: integer('id').primaryKey(),
  pausedUntil: timestamp('paused_until', tz),
});

/** Start times granted to requests by `ingest.take_request_slots` (kept a minute). */
export const requestSlots = ingest.table(
  'request_slots',
  {
    slotAt: timestamp('slot_at', tz).notNull(),
  },
  (t) => [index('request_slots_at_idx').on(t.slotAt)],
);
