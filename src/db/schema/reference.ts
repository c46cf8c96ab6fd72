import { bigint, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

/** The configuration lists mlb.reference_codes holds (each the name of the API operation serving it). */
export const REFERENCE_LISTS = [
  'gameTypes',
  'gameStatus',
  'positions',
  'statGroups',
  'statTypes',
  'eventTypes',
  'pitchTypes',
  'pitchCodes',
  'rosterTypes',
  'jobTypes',
  'hitTrajectories',
  'standingsTypes',
  'windDirection',
  'sky',
  'reviewReasons',
  'leagueLeaderTypes',
  'baseballStats',
] as const;

/**
 * The configuration lists (gameTypes, gameStatus, positions, eventTypes, pitchTypes, pitchCodes…),
 * one row per code: `list` is the operation name, `code` its identifying value.
 */
export const referenceCodes = mlb.table(
  'reference_codes',
  {
    list: text('list').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    /** The whole entry as served. */
    attributes: jsonb('attributes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.list, t.code] })],
);
