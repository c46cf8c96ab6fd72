import { bigint, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { ingest } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Change-log and schedule cursors. `position` is T0 of the last complete pass (our clock, captured
 * before its first page); the next poll starts at position − overlap.
 */
export const cursors = ingest.table('cursors', {
  name: text('name').primaryKey(),
  position: timestamp('position', tz).notNull(),
  details: jsonb('details'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  runId: bigint('run_id', { mode: 'number' }),
});
