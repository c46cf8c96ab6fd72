import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ingest } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * The worklist: what must be fetched and why. Keyed (kind, key) so duplicate requests coalesce.
 * `kind` is `game` or `person`; `status` is `pending`, `deferred` (suspended game waiting for its
 * resumption), `done` or `dead` (parked after too many failures; `dugout retry` re-queues it).
 */
export const workItems = ingest.table(
  'work_items',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** new_final, correction, provisional, person_changed, game_person, backfill, resumed… */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by every enqueue; a load marks the item done only if nothing re-queued it meanwhile. */
    generation: integer('generation').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', tz).notNull().defaultNow(),
    lastError: text('last_error'),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', tz),
    /** For games: the official date, so checks can compare with cursors. */
    officialDate: date('official_date'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    doneAt: timestamp('done_at', tz),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('work_items_claim_idx').on(t.status, t.nextAttemptAt),
    // A claim's order: it reads the first due item instead of sorting every pending one, once per
    // game loaded.
    index('work_items_due_idx')
      .on(t.kind, t.priority.desc().nullsFirst(), t.nextAttemptAt, t.key)
      .where(sql`${t.status} = 'pending'`),
  ],
);
