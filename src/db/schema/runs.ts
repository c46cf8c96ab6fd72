import { bigserial, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
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
  /** `running`, `succeeded`, `failed` (some items failed or the run threw) or `interrupted`. */
  status: text('status').notNull().default('running'),
  requested: integer('requested').notNull().default(0),
  fetched: integer('fetched').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  loaded: integer('loaded').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  requests: integer('requests').notNull().default(0),
  error: text('error'),
  host: text('host'),
  pid: integer('pid'),
  /** Free-form results (check outcomes, timings). */
  details: jsonb('details'),
});
