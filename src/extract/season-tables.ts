import type { PostseasonSeriesRow, RejectRow, SeasonRow, TeamCoachRow } from '../db/schema/rows.js';
import { asArray, asObject, type JsonObject, pick, toBool, toDate, toInt, toNum, toText } from './coerce.js';
import { reject } from './rejects.js';
import type { Extracted } from './types.js';

/**
 * Rows of the season-level snapshots: `/v1/seasons` (dates by game type), a club's coaches in a
 * season, and the postseason's series. Pure: body → rows and rejects.
 */

/** A numeric column's value as drizzle binds it (a decimal string), or null. */
function decimal(value: unknown): string | null {
  const n = toNum(value);
  return n === null ? null : String(n);
}

/**
 * Rows of a `/v1/seasons` body (`seasons[]`), for the sport the request named (the body does not
 * say it). A season without a numeric `seasonId` is rejected; the others are kept.
 */
export function extractSeasons(body: unknown, request: { sportId: number; asOfDate: string }): Extracted<SeasonRow[]> {
  const rows: SeasonRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<number>();
  (asArray(pick(body, 'seasons')) ?? []).forEach((raw, i) => {
    const s = asObject(raw);
    const season = toInt(s?.seasonId);
    if (!s || season === null || season <= 0) {
      rejects.push(reject(null, 'seasons', `seasons[${i}]`, 'season without a seasonId', raw ?? null));
      return;
    }
    if (seen.has(season)) {
      rejects.push(reject(null, 'seasons', `seasons[${i}]`, `season ${season} listed twice; the first is kept`, raw));
      return;
    }
    seen.add(season);
    rows.push({
      season,
      sport_id: request.sportId,
      has_wildcard: toBool(s.hasWildcard),
      pre_season_start_date: toDate(s.preSeasonStartDate),
      season_start_date: toDate(s.seasonStartDate),
      spring_start_date: toDate(s.springStartDate),
      spring_end_date: toDate(s.springEndDate),
      regular_season_start_date: toDate(s.regularSeasonStartDate),
      last_date_1st_half: toDate(s.lastDate1stHalf),
      all_star_date: toDate(s.allStarDate),
      first_date_2nd_half: toDate(s.firstDate2ndHalf),
      regular_season_end_date: toDate(s.regularSeasonEndDate),
      post_season_start_date: toDate(s.postSeasonStartDate),
      post_season_end_date: toDate(s.postSeasonEndDate),
      season_end_date: toDate(s.seasonEndDate),
      off_season_end_date: toDate(s.offSeasonEndDate ?? s.offseasonEndDate),
      qualifier_plate_appearances: decimal(s.qualifierPlateAppearances),
      qualifier_outs_pitched: decimal(s.qualifierOutsPitched),
      as_of_date: request.asOfDate,
    });
  });
  return { rows, rejects };
}

/**
 * Rows of a `/v1/teams/{teamId}/coaches` body (`roster[]`) for the club and season requested. One
 * row per person and job: a person listed under two jobs (a bench coach also named interim manager)
 * has two rows; an entry without a person id, or the same person and job twice, is rejected.
 */
export function extractCoaches(
  body: unknown,
  request: { teamId: number; season: number; asOfDate: string },
): Extracted<TeamCoachRow[]> {
  const rows: TeamCoachRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<string>();
  (asArray(pick(body, 'roster')) ?? []).forEach((raw, i) => {
    const entry = asObject(raw);
    const personId = toInt(pick(entry, 'person', 'id'));
    const jobId = toText(entry?.jobId) ?? toText(entry?.job);
    if (!entry || personId === null || personId <= 0 || jobId === null) {
      rejects.push(reject(null, 'team_coaches', `roster[${i}]`, 'entry without a person id or a job', raw ?? null));
      return;
    }
    const key = `${personId}:${jobId}`;
    if (seen.has(key)) {
      rejects.push(
        reject(
          null,
          'team_coaches',
          `roster[${i}]`,
          `person ${personId} listed twice as ${jobId}; the first is kept`,
          raw,
        ),
      );
      return;
    }
    seen.add(key);
    rows.push({
      team_id: request.teamId,
      season: request.season,
      person_id: personId,
      job_id: jobId,
      job: toText(entry.job),
      title: toText(entry.title),
      full_name: toText(pick(entry, 'person', 'fullName')),
      jersey_number: toText(entry.jerseyNumber),
      as_of_date: request.asOfDate,
    });
  });
  return { rows, rejects };
}

interface SeriesGame {
  date: string | null;
  final: boolean;
  homeId: number | null;
  awayId: number | null;
  homeWinner: boolean | null;
  awayWinner: boolean | null;
  gamesInSeries: number | null;
  description: string | null;
  gameType: string | null;
}

function seriesGame(raw: unknown): SeriesGame {
  const g = asObject(raw) as JsonObject | null;
  const coded = toText(pick(g, 'status', 'codedGameState'));
  return {
    date: toDate(g?.officialDate) ?? toDate(g?.gameDate),
    final: coded === 'F' || coded === 'Q' || coded === 'R',
    homeId: toInt(pick(g, 'teams', 'home', 'team', 'id')),
    awayId: toInt(pick(g, 'teams', 'away', 'team', 'id')),
    homeWinner: toBool(pick(g, 'teams', 'home', 'isWinner')),
    awayWinner: toBool(pick(g, 'teams', 'away', 'isWinner')),
    gamesInSeries: toInt(g?.gamesInSeries),
    description: toText(g?.seriesDescription),
    gameType: toText(g?.gameType),
  };
}

/**
 * Rows of a `/v1/schedule/postseason/series` body (`series[]`) for the season and sport requested:
 * each series' round, its clubs (the first game's home club first), the final games each club won
 * and the winner once a club has won more than half of the games the series is played to. A series
 * without an id is rejected.
 */
export function extractPostseasonSeries(
  body: unknown,
  request: { season: number; sportId: number; asOfDate: string },
): Extracted<PostseasonSeriesRow[]> {
  const rows: PostseasonSeriesRow[] = [];
  const rejects: RejectRow[] = [];
  const seen = new Set<string>();
  (asArray(pick(body, 'series')) ?? []).forEach((raw, i) => {
    const item = asObject(raw);
    const seriesId = toText(pick(item, 'series', 'id'));
    if (!item || seriesId === null) {
      rejects.push(reject(null, 'postseason_series', `series[${i}]`, 'series without an id', raw ?? null));
      return;
    }
    if (seen.has(seriesId)) {
      rejects.push(reject(null, 'postseason_series', `series[${i}]`, `series ${seriesId} listed twice`, raw));
      return;
    }
    seen.add(seriesId);
    const games = (asArray(item.games) ?? [])
      .map(seriesGame)
      .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    const first = games[0];
    const homeId = first?.homeId ?? null;
    const awayId = first?.awayId ?? null;
    let homeWins = 0;
    let awayWins = 0;
    for (const g of games.filter((x) => x.final)) {
      const winnerId = g.homeWinner ? g.homeId : g.awayWinner ? g.awayId : null;
      if (winnerId !== null && winnerId === homeId) homeWins++;
      else if (winnerId !== null && winnerId === awayId) awayWins++;
    }
    const bestOf = games.map((g) => g.gamesInSeries).find((n) => n !== null) ?? null;
    const needed = bestOf !== null ? Math.floor(bestOf / 2) + 1 : null;
    const winner = needed === null ? null : homeWins >= needed ? homeId : awayWins >= needed ? awayId : null;
    rows.push({
      season: request.season,
      sport_id: request.sportId,
      series_id: seriesId,
      game_type: toText(pick(item, 'series', 'gameType')) ?? first?.gameType ?? null,
      description: games.map((g) => g.description).find((d) => d !== null) ?? null,
      games_in_series: bestOf,
      games_played: games.filter((g) => g.final).length,
      home_team_id: homeId,
      away_team_id: awayId,
      home_wins: homeWins,
      away_wins: awayWins,
      winner_team_id: winner,
      first_game_date: first?.date ?? null,
      last_game_date: games.at(-1)?.date ?? null,
      as_of_date: request.asOfDate,
    });
  });
  return { rows, rejects };
}
