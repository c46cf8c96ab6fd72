import { bigint, bigserial, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { ingest } from './schemas.js';

/**
 * Records extraction could not turn into rows (one malformed play, a player without an id…).
 * Replaced per game together with the game's rows.
 */
export const rejects = ingest.table(
  'rejects',
  {
    rejectId: bigserial('reject_id', { mode: 'number' }).primaryKey(),
    gamePk: integer('game_pk'),
    /** Which table the record was meant for. */
    target: text('target').notNull(),
    /** Where in the body (e.g. `allPlays[12].playEvents[3]`). */
    path: text('path').notNull(),
    reason: text('reason').notNull(),
    record: jsonb('record'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [index('rejects_game_idx').on(t.gamePk)],
);
