import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { gameRowRunId } from './run-id.js';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** One row per pitch (`playEvents[]` with `isPitch`), keyed by play and event index; never joined on time. */
export const pitches = mlb.table(
  'pitches',
  {
    gamePk: integer('game_pk').notNull(),
    atBatIndex: integer('at_bat_index').notNull(),
    playEventIndex: integer('play_event_index').notNull(),
    pitcherId: integer('pitcher_id'),
    batterId: integer('batter_id'),
    pitchNumber: integer('pitch_number'),
    /** Count after the pitch. */
    balls: integer('balls'),
    strikes: integer('strikes'),
    outs: integer('outs'),
    callCode: text('call_code'),
    callDescription: text('call_description'),
    isInPlay: boolean('is_in_play'),
    isStrike: boolean('is_strike'),
    isBall: boolean('is_ball'),
    pitchType: text('pitch_type'),
    pitchTypeDescription: text('pitch_type_description'),
    typeConfidence: doublePrecision('type_confidence'),
    startSpeed: doublePrecision('start_speed'),
    endSpeed: doublePrecision('end_speed'),
    spinRate: doublePrecision('spin_rate'),
    spinDirection: doublePrecision('spin_direction'),
    breakAngle: doublePrecision('break_angle'),
    breakLength: doublePrecision('break_length'),
    breakVertical: doublePrecision('break_vertical'),
    breakVerticalInduced: doublePrecision('break_vertical_induced'),
    breakHorizontal: doublePrecision('break_horizontal'),
    plateX: doublePrecision('plate_x'),
    plateZ: doublePrecision('plate_z'),
    pfxX: doublePrecision('pfx_x'),
    pfxZ: doublePrecision('pfx_z'),
    strikeZoneTop: doublePrecision('strike_zone_top'),
    strikeZoneBottom: doublePrecision('strike_zone_bottom'),
    zone: integer('zone'),
    extension: doublePrecision('extension'),
    plateTime: doublePrecision('plate_time'),
    launchSpeed: doublePrecision('launch_speed'),
    launchAngle: doublePrecision('launch_angle'),
    totalDistance: doublePrecision('total_distance'),
    trajectory: text('trajectory'),
    hardness: text('hardness'),
    hitLocation: text('hit_location'),
    hitCoordX: doublePrecision('hit_coord_x'),
    hitCoordY: doublePrecision('hit_coord_y'),
    /** Statcast/Savant join key (UUID). */
    playId: text('play_id'),
    startTime: timestamp('start_time', tz),
    endTime: timestamp('end_time', tz),
    runId: gameRowRunId(),
  },
  (t) => [
    primaryKey({ columns: [t.gamePk, t.atBatIndex, t.playEventIndex] }),
    index('pitches_pitcher_idx').on(t.pitcherId),
    index('pitches_batter_idx').on(t.batterId),
    // The hardest-hit balls first (a leaderboard reads ten entries, not the season's pitches):
    // only batted balls carry a launch speed, about one pitch in six. Ascending with nulls last,
    // so read backwards it is `order by launch_speed desc` exactly.
    index('pitches_launch_speed_idx').on(t.launchSpeed).where(sql`${t.launchSpeed} is not null`),
    // Taken pitches by game with their call, read without the table once vacuumed (umpires'
    // called-strike rates join a season's home-plate umpires to these).
    index('pitches_taken_idx').on(t.gamePk, t.callCode).where(sql`${t.callCode} in ('B', 'C')`),
  ],
);
