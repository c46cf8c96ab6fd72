import type { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows, sql } from '../client.js';
import { insertRows } from '../rows.js';

/** The snapshot catalogue's bodies (`raw.snapshots`, with history) and the rows each request replaces. */

/**
 * Store a body of a snapshot request: a new row when its hash is new for the request, else only
 * `last_seen_at` (and the run) moves. Returns whether it was new and the UTC day it was first received.
 */
export async function storeSnapshotBody(
  tx: Executor,
  b: { operation: string; paramsKey: string; sha: string; text: string; runId: number },
): Promise<{ inserted: boolean; day: string } | undefined> {
  const [stored] = await queryRows<{ inserted: boolean; day: string }>(
    tx,
    sql`insert into raw.snapshots (operation, params_key, body_sha256, body, run_id)
        values (${b.operation}, ${b.paramsKey}, ${b.sha}, ${b.text}::json, ${b.runId})
        on conflict (operation, params_key, body_sha256) do update set last_seen_at = now(), run_id = excluded.run_id
        returning (xmax = 0) as inserted, to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD') as day`,
  );
  return stored;
}

/** Each stored request's body in force (its newest version) and the UTC day that version was first received. */
export async function snapshotVersionsInForce(
  db: Executor,
): Promise<Array<{ operation: string; paramsKey: string; sha: string; day: string }>> {
  return queryRows<{ operation: string; paramsKey: string; sha: string; day: string }>(
    db,
    sql`select distinct on (operation, params_key) operation, params_key as "paramsKey", body_sha256 as sha,
               to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from raw.snapshots order by operation, params_key, last_seen_at desc, first_seen_at desc`,
  );
}

/** One stored version's body as received. */
export async function readSnapshotBody(
  db: Executor,
  operation: string,
  paramsKey: string,
  sha: string,
): Promise<string | undefined> {
  const [stored] = await queryRows<{ body: string }>(
    db,
    sql`select body::text as body from raw.snapshots
        where operation = ${operation} and params_key = ${paramsKey} and body_sha256 = ${sha}`,
  );
  return stored?.body;
}

/** The active clubs of some sports, by id. */
export async function activeTeamIds(db: Executor, sportIds: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ teamId: number }>(
    db,
    sql`select team_id as "teamId" from mlb.teams
        where sport_id = any(${`{${sportIds.map(Number).join(',')}}`}::int[]) and coalesce(active, true)
        order by team_id`,
  );
  return rows.map((r) => Number(r.teamId));
}

/**
 * The people whose awards a run asks for: the season's players (on a stored roster of the season or
 * in a stored game of it), those never asked first, then those asked longest ago, at most `max`.
 * (`personId=N` is the params key of the person awards request.)
 */
export async function awardCandidates(db: Executor, season: number, max: number): Promise<number[]> {
  const rows = await queryRows<{ personId: number }>(
    db,
    sql`with scope as (
          select person_id from mlb.roster_entries where roster_date >= make_date(${season}, 1, 1) and roster_date < make_date(${season} + 1, 1, 1)
          union
          select l.person_id from mlb.batting_lines l join mlb.games g using (game_pk) where g.season = ${season}
          union
          select l.person_id from mlb.pitching_lines l join mlb.games g using (game_pk) where g.season = ${season}
        ), seen as (
          select params_key, max(last_seen_at) as last_seen from raw.snapshots where operation = 'person.award' group by params_key
        )
        select s.person_id as "personId"
        from scope s left join seen on seen.params_key = 'personId=' || s.person_id
        order by seen.last_seen nulls first, s.person_id
        limit ${max}`,
  );
  return rows.map((r) => Number(r.personId));
}

export async function deleteRosterRows(tx: Executor, teamId: number, rosterType: string, date: string): Promise<void> {
  await tx.execute(
    sql`delete from mlb.roster_entries where team_id = ${teamId} and roster_type = ${rosterType} and roster_date = ${date}`,
  );
}

export async function deleteOfficialStats(
  tx: Executor,
  k: { season: number; sportId: number; gameType: string; group: string },
): Promise<void> {
  await tx.execute(
    sql`delete from mlb.official_stats
        where season = ${k.season} and sport_id = ${k.sportId} and game_type = ${k.gameType} and stat_group = ${k.group}`,
  );
}

export async function deleteSeasonGames(
  tx: Executor,
  k: { season: number; sportId: number; gameType: string },
): Promise<void> {
  await tx.execute(
    sql`delete from mlb.season_games where season = ${k.season} and sport_id = ${k.sportId} and game_type = ${k.gameType}`,
  );
}

export async function deleteLeagueStaff(tx: Executor, listing: string, sportId: number): Promise<void> {
  await tx.execute(sql`delete from mlb.league_staff where listing = ${listing} and sport_id = ${sportId}`);
}

export async function deleteAwardCatalogue(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from mlb.awards`);
}

export async function deletePersonAwards(tx: Executor, personId: number): Promise<void> {
  await tx.execute(sql`delete from mlb.person_awards where person_id = ${personId}`);
}

export async function deleteSeasons(tx: Executor, sportId: number, seasons: readonly number[]): Promise<void> {
  await tx.execute(
    sql`delete from mlb.seasons where sport_id = ${sportId} and season = any(${`{${seasons.map(Number).join(',')}}`}::int[])`,
  );
}

export async function deleteTeamCoaches(tx: Executor, teamId: number, season: number): Promise<void> {
  await tx.execute(sql`delete from mlb.team_coaches where team_id = ${teamId} and season = ${season}`);
}

export async function deletePostseasonSeries(tx: Executor, season: number, sportId: number): Promise<void> {
  await tx.execute(sql`delete from mlb.postseason_series where season = ${season} and sport_id = ${sportId}`);
}

/** The first and last day of some seasons of a sport, from mlb.seasons (the seasons stored). */
export async function readSeasonSpans(
  db: Executor,
  sportId: number,
  seasons: readonly number[],
): Promise<Map<number, { startDate: string; endDate: string }>> {
  const rows = await queryRows<{ season: number; startDate: string | null; endDate: string | null }>(
    db,
    sql`select season,
               to_char(coalesce(season_start_date, spring_start_date, regular_season_start_date), 'YYYY-MM-DD') as "startDate",
               to_char(coalesce(season_end_date, post_season_end_date, regular_season_end_date), 'YYYY-MM-DD') as "endDate"
        from mlb.seasons
        where sport_id = ${sportId} and season = any(${`{${seasons.map(Number).join(',')}}`}::int[])`,
  );
  const out = new Map<number, { startDate: string; endDate: string }>();
  for (const r of rows)
    if (r.startDate && r.endDate) out.set(Number(r.season), { startDate: r.startDate, endDate: r.endDate });
  return out;
}

/** Insert a snapshot's rows (after its old ones are deleted) into its table, for this run. */
export async function insertSnapshotRows(
  tx: Executor,
  table: PgTable,
  rows: readonly object[],
  runId: number,
): Promise<number> {
  return insertRows(tx, table, rows, { run_id: runId });
}

export async function deleteDraftPicks(tx: Executor, year: number): Promise<void> {
  await tx.execute(sql`delete from mlb.draft_picks where year = ${year}`);
}

export async function deleteVenueFieldInfo(tx: Executor, season: number): Promise<void> {
  await tx.execute(sql`delete from mlb.venue_field_info where season = ${season}`);
}

/**
 * The seasons of stored games for which no body of `operation` has been received under the
 * parameter `param` = season (a draft's year, the venues of a season): what a snapshot adds to
 * the season it is run for, so the seasons loaded are covered once without a request each day.
 */
export async function loadedSeasonsWithoutSnapshot(db: Executor, operation: string, param: string): Promise<number[]> {
  const rows = await queryRows<{ season: number }>(
    db,
    sql`select distinct g.season from mlb.games g
        where g.season is not null and not exists (
          select 1 from raw.snapshots s where s.operation = ${operation}
            and ${param} || '=' || g.season::text = any (string_to_array(s.params_key, '&')))
        order by 1`,
  );
  return rows.map((r) => Number(r.season));
}
