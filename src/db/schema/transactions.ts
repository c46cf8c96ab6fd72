import { bigint, date, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/**
 * Every transaction of `/v1/transactions` (trades, signings, options, recalls, designations,
 * releases, injured-list placements, transfers and activations…), one row per transaction id, as
 * the latest body listing it says. `first_seen_at` is when dugout first received it (dugout's
 * clock) and never moves; the injured-list columns are read from the description.
 */
export const transactions = mlb.table(
  'transactions',
  {
    transactionId: integer('transaction_id').primaryKey(),
    personId: integer('person_id'),
    personName: text('person_name'),
    fromTeamId: integer('from_team_id'),
    fromTeamName: text('from_team_name'),
    toTeamId: integer('to_team_id'),
    toTeamName: text('to_team_name'),
    transactionDate: date('transaction_date', { mode: 'string' }),
    effectiveDate: date('effective_date', { mode: 'string' }),
    resolutionDate: date('resolution_date', { mode: 'string' }),
    typeCode: text('type_code'),
    typeDesc: text('type_desc'),
    description: text('description'),
    /** placed, activated, transferred (10-day to 60-day…), rehab: what the description says of the injured list. */
    ilAction: text('il_action'),
    /** The injured list's length in days the description names (7, 10, 15, 60). */
    ilDays: integer('il_days'),
    firstSeenAt: timestamp('first_seen_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    index('transactions_person_idx').on(t.personId, t.transactionDate),
    index('transactions_date_idx').on(t.transactionDate),
  ],
);
