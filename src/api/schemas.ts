import { z } from 'zod';

/**
 * Lenient response schemas for the bodies the pipeline extracts. Shallow on purpose: the top level
 * and the essentials of each array element the pipeline keys on; every object keeps unknown keys
 * (`z.looseObject`), and the raw text is stored anyway. Bodies run to megabytes, so nothing deeper.
 */

const status = z.looseObject({
  abstractGameState: z.string().optional(),
  codedGameState: z.string(),
  detailedState: z.string().optional(),
  statusCode: z.string().optional(),
});

/** One game of a schedule (or game change log) date. */
export const scheduleGameSchema = z.looseObject({
  gamePk: z.number().int(),
  gameType: z.string().optional(),
  season: z.string().optional(),
  gameDate: z.string().optional(),
  officialDate: z.string().optional(),
  status,
});

/** `/v1/schedule` and `/v1/game/changes` (the change log has the schedule's shape). */
export const scheduleSchema = z.looseObject({
  totalItems: z.number().optional(),
  totalGames: z.number().optional(),
  dates: z.array(z.looseObject({ date: z.string(), games: z.array(scheduleGameSchema) })),
});

/** `/v1/people` and `/v1/people/changes`. */
export const peopleSchema = z.looseObject({
  people: z.array(z.looseObject({ id: z.number().int(), fullName: z.string().optional() })),
});

const boxscoreTeam = z.looseObject({
  team: z.looseObject({ id: z.number().int() }),
  players: z.record(z.string(), z.looseObject({ person: z.looseObject({ id: z.number().int() }) })),
});

/** `/v1/game/{game_pk}/boxscore`. */
export const boxscoreSchema = z.looseObject({
  teams: z.looseObject({ home: boxscoreTeam, away: boxscoreTeam }),
});

/** `/v1/game/{game_pk}/playByPlay`. */
export const playByPlaySchema = z.looseObject({
  allPlays: z.array(
    z.looseObject({
      about: z.looseObject({ atBatIndex: z.number().int() }),
      playEvents: z.array(z.unknown()),
    }),
  ),
});

export type ScheduleBody = z.infer<typeof scheduleSchema>;
export type PeopleBody = z.infer<typeof peopleSchema>;
export type BoxscoreBody = z.infer<typeof boxscoreSchema>;
export type PlayByPlayBody = z.infer<typeof playByPlaySchema>;

/** Response schema by qualified operation name; operations not listed are returned unvalidated. */
export const responseSchemas = {
  'schedule.schedule': scheduleSchema,
  'schedule.__schedule_base': scheduleSchema,
  'game.currentGameStats': scheduleSchema,
  'person.currentGameStats': peopleSchema,
  'person.__currentGameStats_base': peopleSchema,
  'person.person': peopleSchema,
  'game.boxscore': boxscoreSchema,
  'game.playByPlay': playByPlaySchema,
} as const;

export type ResponseSchemas = typeof responseSchemas;
