import { pgSchema } from 'drizzle-orm/pg-core';

/** Bodies as received from the API. */
export const raw = pgSchema('raw');
/** Rows extracted from the raw bodies (the SQL users' tables). */
export const mlb = pgSchema('mlb');
/** Pipeline state: runs, cursors, worklist, rejects. */
export const ingest = pgSchema('ingest');
/** Views for BI tools and analysts. */
export const analytics = pgSchema('analytics');
