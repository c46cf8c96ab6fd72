import { bigint, date, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

/**
 * Each venue's field as `/v1/venues?season=Y&hydrate=fieldInfo` describes it for a season: one row
 * per (venue, season), so a park whose fences moved keeps its old dimensions under the seasons it
 * had them. Distances are in feet.
 */
export const venueFieldInfo = mlb.table(
  'venue_field_info',
  {
    venueId: integer('venue_id').notNull(),
    season: integer('season').notNull(),
    name: text('name'),
    capacity: integer('capacity'),
    turfType: text('turf_type'),
    roofType: text('roof_type'),
    leftLine: integer('left_line'),
    left: integer('left'),
    leftCenter: integer('left_center'),
    center: integer('center'),
    rightCenter: integer('right_center'),
    right: integer('right'),
    rightLine: integer('right_line'),
    /** The UTC day the body in force was first received. */
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.season] })],
);
