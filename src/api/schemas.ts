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

/**
 * What the client checks at run time: the shape of the body (its top-level objects and arrays), so
 * a truncated or foreign body is refused and retried. The elements of its arrays are not checked:
 * one bad game of a schedule page, one bad person, player or play is extraction's to reject alone
 * (its reason in `ingest.rejects`) — refusing the whole body would lose every other game of a
 * 7-day chunk, a batch of 100 people, or the whole game. The schemas above type the elements.
 */
const scheduleShape = z.looseObject({
  dates: z.array(z.looseObject({ date: z.string(), games: z.array(z.unknown()) })),
});
const peopleShape = z.looseObject({ people: z.array(z.unknown()) });
const boxscoreTeamShape = z.looseObject({
  team: z.looseObject({ id: z.number().int() }),
  players: z.record(z.string(), z.unknown()),
});
const boxscoreShape = z.looseObject({ teams: z.looseObject({ home: boxscoreTeamShape, away: boxscoreTeamShape }) });
const playByPlayShape = z.looseObject({ allPlays: z.array(z.unknown()) });

export const responseShapes: Record<keyof ResponseSchemas, z.ZodType> = {
  'schedule.schedule': scheduleShape,
  'schedule.__schedule_base': scheduleShape,
  'game.currentGameStats': scheduleShape,
  'person.currentGameStats': peopleShape,
  'person.__currentGameStats_base': peopleShape,
  'person.person': peopleShape,
  'game.boxscore': boxscoreShape,
  'game.playByPlay': playByPlayShape,
};
