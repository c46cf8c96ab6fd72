import { pick, toDate, toInt, toText, toTimestamp } from './coerce.js';
import { missingColumns, reject } from './rejects.js';
import { NO_LINKS } from './schedule.js';
import type { Draft, Extracted } from './types.js';
import type { GameRow } from '../db/schema/rows.js';

const REQUIRED: ReadonlyArray<keyof GameRow> = ['game_pk', 'season', 'game_type', 'official_date', 'coded_game_state'];

/** Scores from `liveData.linescore.teams`, and winners once the game is final (`F`) and not tied. */
function scores(
  feed: unknown,
  codedGameState: string | null,
): Pick<Draft<GameRow>, 'home_score' | 'away_score' | 'home_is_winner' | 'away_is_winner'> {
  const home = toInt(pick(feed, 'liveData', 'linescore', 'teams', 'home', 'runs'));
  const away = toInt(pick(feed, 'liveData', 'linescore', 'teams', 'away', 'runs'));
  const decided = codedGameState === 'F' && home !== null && away !== null && home !== away;
  return {
    home_score: home,
    away_score: away,
    home_is_winner: decided ? (home as number) > (away as number) : null,
    away_is_winner: decided ? (away as number) > (home as number) : null,
  };
}

/**
 * A game row from a feed/live body's `gameData` (game.pk/type/season/doubleHeader/gameNumber,
 * datetime.officialDate → originalDate, datetime.dateTime, status, teams, venue) and the linescore
 * runs. Schedule fields the feed lacks (series, scheduledInnings…) and the reschedule/resume links
 * are null: the schedule stays the source of game rows; this is for completeness (e.g. a rebuild
 * from stored feeds). `sport_id` is the home team's sport, else 1. Missing required columns → reject.
 */
export function gameFromFeed(feedBody: unknown): Extracted<GameRow | null> {
  const gd = pick(feedBody, 'gameData');
  const status = pick(gd, 'status');
  const coded = toText(pick(status, 'codedGameState'));
  const row: Draft<GameRow> = {
    game_pk: toInt(pick(gd, 'game', 'pk')) ?? toInt(pick(feedBody, 'gamePk')),
    season: toInt(pick(gd, 'game', 'season')),
    game_type: toText(pick(gd, 'game', 'type')),
    sport_id: toInt(pick(gd, 'teams', 'home', 'sport', 'id')) ?? 1,
    official_date: toDate(pick(gd, 'datetime', 'officialDate')) ?? toDate(pick(gd, 'datetime', 'originalDate')),
    game_date: toTimestamp(pick(gd, 'datetime', 'dateTime')),
    coded_game_state: coded,
    abstract_game_state: toText(pick(status, 'abstractGameState')),
    detailed_state: toText(pick(status, 'detailedState')),
    status_code: toText(pick(status, 'statusCode')),
    status_reason: toText(pick(status, 'reason')),
    home_team_id: toInt(pick(gd, 'teams', 'home', 'id')),
    away_team_id: toInt(pick(gd, 'teams', 'away', 'id')),
    ...scores(feedBody, coded),
    is_tie: null,
    venue_id: toInt(pick(gd, 'venue', 'id')),
    double_header: toText(pick(gd, 'game', 'doubleHeader')),
    game_number: toInt(pick(gd, 'game', 'gameNumber')),
    day_night: toText(pick(gd, 'datetime', 'dayNight')),
    scheduled_innings: null,
    series_description: null,
    series_game_number: null,
    games_in_series: null,
    if_necessary: null,
    ...NO_LINKS,
  };
  const missing = missingColumns(row, REQUIRED);
  if (missing.length === 0) return { rows: row as GameRow, rejects: [] };
  return {
    rows: null,
    rejects: [reject(row.game_pk, 'games', 'gameData', `missing ${missing.join(', ')}`, gd ?? null)],
  };
}
