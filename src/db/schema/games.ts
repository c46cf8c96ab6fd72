import { bigint, boolean, date, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { mlb } from './schemas.js';

const tz = { withTimezone: true } as const;

/** One row per game, from the schedule (whatever its state) and kept current by the change log. */
export const games = mlb.table(
  'games',
  {
    gamePk: integer('game_pk').primaryKey(),
    season: integer('season').notNull(),
    gameType: text('game_type').notNull(),
    sportId: integer('sport_id').notNull(),
    /** The calendar date the game counts for (`officialDate`, else `originalDate`), never the UTC date. */
    officialDate: date('official_date').notNull(),
    /** Scheduled first pitch (UTC). */
    gameDate: timestamp('game_date', tz),
    codedGameState: text('coded_game_state').notNull(),
    abstractGameState: text('abstract_game_state'),
    detailedState: text('detailed_state'),
    statusCode: text('status_code'),
    statusReason: text('status_reason'),
    homeTeamId: integer('home_team_id'),
    awayTeamId: integer('away_team_id'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    homeIsWinner: boolean('home_is_winner'),
    awayIsWinner: boolean('away_is_winner'),
    isTie: boolean('is_tie'),
    venueId: integer('venue_id'),
    /** `N`, `Y` (traditional) or `S` (split admission). */
    doubleHeader: text('double_header'),
    gameNumber: integer('game_number'),
    dayNight: text('day_night'),
    scheduledInnings: integer('scheduled_innings'),
    seriesDescription: text('series_description'),
    seriesGameNumber: integer('series_game_number'),
    gamesInSeries: integer('games_in_series'),
    ifNecessary: text('if_necessary'),
    /** Postponed: when the game was moved to. */
    rescheduleDate: timestamp('reschedule_date', tz),
    rescheduleGameDate: date('reschedule_game_date'),
    /** Makeup game: when it was originally scheduled. */
    rescheduledFrom: timestamp('rescheduled_from', tz),
    rescheduledFromDate: date('rescheduled_from_date'),
    /** Suspended: when it resumes. */
    resumeDate: timestamp('resume_date', tz),
    resumeGameDate: date('resume_game_date'),
    /** Resumption: when it was suspended. */
    resumedFrom: timestamp('resumed_from', tz),
    resumedFromDate: date('resumed_from_date'),
    /** Game context, written by the game's load (boxscore `info` list; feed gameInfo/weather agree). */
    attendance: integer('attendance'),
    /** startTime of the game's first pitch event. */
    firstPitch: timestamp('first_pitch', tz),
    durationMinutes: integer('duration_minutes'),
    delayMinutes: integer('delay_minutes'),
    weatherCondition: text('weather_condition'),
    temperatureF: integer('temperature_f'),
    /** As reported, e.g. "7 mph, Out To CF". */
    wind: text('wind'),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [
    index('games_official_date_idx').on(t.officialDate),
    index('games_season_type_idx').on(t.season, t.gameType),
    index('games_state_idx').on(t.codedGameState),
  ],
);
