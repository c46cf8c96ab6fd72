import { asArray, asObject, type JsonObject, pick, toBool, toDate, toInt, toText, toTimestamp } from './coerce.js';
import { missingColumns, reject } from './rejects.js';
import { mergeRefs, teamRef, venueRef } from './teams.js';
import type { Draft, Extracted } from './types.js';
import type { GameRow, RejectRow, TeamRef, VenueRef } from '../db/schema/rows.js';

/** What the pipeline does with a game, decided from `status.codedGameState` alone. */
export type Finality = 'final' | 'provisional' | 'postponed' | 'cancelled' | 'suspended' | 'not_final';

/**
 * Finality of a `codedGameState`: `F` final; `O` (game over) provisional, re-check until `F`;
 * `D` postponed; `C` cancelled; `T`/`U` suspended; `Q`/`R` (forfeit) final; anything else
 * (`S`, `P`, `I`, `M`, `N`, `W`, `X`, missing…) not final. Never uses `abstractGameState`, which
 * calls postponed and cancelled games "Final".
 */
export function finalityOf(codedGameState: string | null | undefined): Finality {
  switch (codedGameState) {
    case 'F':
    case 'Q':
    case 'R':
      return 'final';
    case 'O':
      return 'provisional';
    case 'D':
      return 'postponed';
    case 'C':
      return 'cancelled';
    case 'T':
    case 'U':
      return 'suspended';
    default:
      return 'not_final';
  }
}

/** Options of {@link extractScheduleGames}. */
export interface ScheduleOptions {
  /** The `sportId` the request was scoped to; used when a game does not say its sport. */
  sportId?: number;
}

/** One listing of a game: the object, the `dates[].date` it sat under, and where. */
interface Listing {
  game: JsonObject;
  date: string | null;
  path: string;
}

/** Link columns and their source keys; filled from whichever listing of a game has them. */
const LINKS = [
  ['reschedule_date', 'rescheduleDate', toTimestamp],
  ['reschedule_game_date', 'rescheduleGameDate', toDate],
  ['rescheduled_from', 'rescheduledFrom', toTimestamp],
  ['rescheduled_from_date', 'rescheduledFromDate', toDate],
  ['resume_date', 'resumeDate', toTimestamp],
  ['resume_game_date', 'resumeGameDate', toDate],
  ['resumed_from', 'resumedFrom', toTimestamp],
  ['resumed_from_date', 'resumedFromDate', toDate],
] as const;

const REQUIRED: ReadonlyArray<keyof GameRow> = ['game_pk', 'season', 'game_type', 'official_date', 'coded_game_state'];

/**
 * Game rows of a /v1/schedule or /v1/game/changes body (`dates[].games[]`), one per `gamePk`.
 *
 * - A game listed more than once (a suspended game under both dates; a postponed game under its
 *   original date with `rescheduleDate` and under the makeup date with `rescheduledFrom`) becomes
 *   one row: the listing with the latest `gameDate` is the current state (ties: the later listing),
 *   and each link column (reschedule/rescheduled/resume/resumed) comes from whichever listing has it.
 * - `official_date` is `officialDate`, else `originalDate`, else the enclosing `dates[].date`;
 *   never the UTC day of `gameDate`.
 * - `sport_id` is the game's own `teams.home.team.sport.id` when hydrated, else `opts.sportId`,
 *   else 1 (MLB): pass `sportId` whenever the request was scoped to one sport.
 * - A listing without an integer `gamePk`, or a game lacking season, gameType, a date or
 *   codedGameState, is rejected (target `games`).
 */
export function extractScheduleGames(body: unknown, opts: ScheduleOptions = {}): Extracted<GameRow[]> {
  const rejects: RejectRow[] = [];
  const listings = new Map<number, Listing[]>();
  (asArray(pick(body, 'dates')) ?? []).forEach((day, i) => {
    const date = toDate(pick(day, 'date'));
    (asArray(pick(day, 'games')) ?? []).forEach((raw, j) => {
      const path = `dates[${i}].games[${j}]`;
      const game = asObject(raw);
      const gamePk = toInt(game?.gamePk);
      if (!game || gamePk === null) {
        rejects.push(reject(null, 'games', path, 'game without an integer gamePk', raw));
        return;
      }
      listings.set(gamePk, [...(listings.get(gamePk) ?? []), { game, date, path }]);
    });
  });
  const rows: GameRow[] = [];
  for (const [gamePk, group] of listings) {
    const base = currentListing(group);
    const row = { ...scheduleGameRow(base.game, base.date, opts), ...mergedLinks(group, base) };
    const missing = missingColumns(row, REQUIRED);
    if (missing.length > 0)
      rejects.push(reject(gamePk, 'games', base.path, `missing ${missing.join(', ')}`, base.game));
    else rows.push(row as GameRow);
  }
  return { rows, rejects };
}

/** The listing that describes the game now: latest `gameDate`, ties going to the later listing. */
function currentListing(group: Listing[]): Listing {
  const time = (l: Listing) => Date.parse(toTimestamp(l.game.gameDate) ?? '') || Number.NEGATIVE_INFINITY;
  return group.reduce((best, l) => (time(l) >= time(best) ? l : best));
}

/** Each link column from the base listing, else from the first other listing that has it. */
function mergedLinks(group: Listing[], base: Listing): Partial<GameRow> {
  const ordered = [base, ...group.filter((l) => l !== base)];
  const links: Partial<Record<string, string | null>> = {};
  for (const [column, key, convert] of LINKS) {
    links[column] = ordered.map((l) => convert(l.game[key])).find((v) => v !== null) ?? null;
  }
  return links as Partial<GameRow>;
}

/** The reschedule/resume link columns of a game row, all empty. */
export const NO_LINKS = {
  reschedule_date: null,
  reschedule_game_date: null,
  rescheduled_from: null,
  rescheduled_from_date: null,
  resume_date: null,
  resume_game_date: null,
  resumed_from: null,
  resumed_from_date: null,
} as const;

/** Map one schedule game object to a game row draft (links included, from this listing only). */
export function scheduleGameRow(
  game: JsonObject,
  enclosingDate: string | null,
  opts: ScheduleOptions = {},
): Draft<GameRow> {
  const status = game.status;
  const home = pick(game, 'teams', 'home');
  const away = pick(game, 'teams', 'away');
  const row: Draft<GameRow> = {
    game_pk: toInt(game.gamePk),
    season: toInt(game.season),
    game_type: toText(game.gameType),
    sport_id: toInt(pick(home, 'team', 'sport', 'id')) ?? opts.sportId ?? 1,
    official_date: toDate(game.officialDate) ?? toDate(game.originalDate) ?? enclosingDate,
    game_date: toTimestamp(game.gameDate),
    coded_game_state: toText(pick(status, 'codedGameState')),
    abstract_game_state: toText(pick(status, 'abstractGameState')),
    detailed_state: toText(pick(status, 'detailedState')),
    status_code: toText(pick(status, 'statusCode')),
    status_reason: toText(pick(status, 'reason')),
    home_team_id: toInt(pick(home, 'team', 'id')),
    away_team_id: toInt(pick(away, 'team', 'id')),
    home_score: toInt(pick(home, 'score')),
    away_score: toInt(pick(away, 'score')),
    home_is_winner: toBool(pick(home, 'isWinner')),
    away_is_winner: toBool(pick(away, 'isWinner')),
    is_tie: toBool(game.isTie),
    venue_id: toInt(pick(game, 'venue', 'id')),
    double_header: toText(game.doubleHeader),
    game_number: toInt(game.gameNumber),
    day_night: toText(game.dayNight),
    scheduled_innings: toInt(game.scheduledInnings),
    series_description: toText(game.seriesDescription),
    series_game_number: toInt(game.seriesGameNumber),
    games_in_series: toInt(game.gamesInSeries),
    if_necessary: toText(game.ifNecessary),
    ...NO_LINKS,
  };
  for (const [column, key, convert] of LINKS) row[column] = convert(game[key]);
  return row;
}

/**
 * The teams and venues a schedule (or game changes) body mentions, as {@link TeamRef}/{@link VenueRef}:
 * id and name, plus every other column the listing carried (e.g. with `hydrate=team`). Deduped by
 * id; a mention without an id or name is skipped. Keeps `mlb.teams`/`mlb.venues` current from games.
 */
export function teamsAndVenuesFromSchedule(body: unknown): { teams: TeamRef[]; venues: VenueRef[] } {
  const teams: TeamRef[] = [];
  const venues: VenueRef[] = [];
  for (const day of asArray(pick(body, 'dates')) ?? []) {
    for (const game of asArray(pick(day, 'games')) ?? []) {
      for (const side of ['away', 'home'] as const) {
        const team = teamRef(pick(game, 'teams', side, 'team'));
        if (team) teams.push(team);
      }
      const venue = venueRef(pick(game, 'venue'));
      if (venue) venues.push(venue);
    }
  }
  return { teams: mergeRefs(teams, 'team_id'), venues: mergeRefs(venues, 'venue_id') };
}

/** A row of `mlb.season_games`: how many games a season's schedule lists, and how many it calls final. */
export interface SeasonGamesRow {
  season: number;
  sport_id: number;
  game_type: string;
  scheduled_games: number;
  final_games: number;
  as_of_date: string;
}

/**
 * The games a season's schedule body lists of one game type, counted once per `gamePk` (a
 * postponed game is listed on both its dates) by its current listing: cancelled games left out,
 * final ones counted apart.
 */
export function extractSeasonGames(
  body: unknown,
  opts: { season: number; sportId: number; gameType: string; asOfDate: string },
): Extracted<SeasonGamesRow[]> {
  const games = extractScheduleGames(body, { sportId: opts.sportId });
  const ofType = games.rows.filter((g) => g.game_type === opts.gameType && g.season === opts.season);
  const listed = ofType.filter((g) => finalityOf(g.coded_game_state) !== 'cancelled');
  return {
    rows: [
      {
        season: opts.season,
        sport_id: opts.sportId,
        game_type: opts.gameType,
        scheduled_games: listed.length,
        final_games: listed.filter((g) => finalityOf(g.coded_game_state) === 'final').length,
        as_of_date: opts.asOfDate,
      },
    ],
    rejects: games.rejects,
  };
}
