import { queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/** The games whose bodies the warehouse holds, in order. */
export async function loadedGamePks(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ gamePk: number }>(
    db,
    sql`select game_pk as "gamePk" from raw.boxscores order by game_pk`,
  );
  return rows.map((r) => Number(r.gamePk));
}

/**
 * Games and people the given runs loaded, each once: a game the backfill loaded and a later run
 * reloaded (a scoring correction) is one game. Read from the raw bodies, whose run is the last to
 * store them.
 */
export async function loadedByRuns(db: Executor, runIds: number[]): Promise<{ games: number; people: number }> {
  const ids = sql.join(
    runIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ games: number; people: number }>(
    db,
    sql`select (select count(*)::int from raw.boxscores where run_id in (${ids})) as games,
               (select count(*)::int from raw.people where run_id in (${ids})) as people`,
  );
  return { games: Number(rows[0]?.games ?? 0), people: Number(rows[0]?.people ?? 0) };
}

/** The RE24 matrix of the loaded seasons: one row per base state, expected runs for 0, 1 and 2 outs. */
export function runExpectancyMatrix(db: Executor): Promise<Array<Record<string, unknown>>> {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select base_state as bases,
               round(sum(runs_to_end_of_inning) filter (where outs_before = 0)::numeric / nullif(sum(plays) filter (where outs_before = 0), 0), 2) as "0 outs",
               round(sum(runs_to_end_of_inning) filter (where outs_before = 1)::numeric / nullif(sum(plays) filter (where outs_before = 1), 0), 2) as "1 out",
               round(sum(runs_to_end_of_inning) filter (where outs_before = 2)::numeric / nullif(sum(plays) filter (where outs_before = 2), 0), 2) as "2 outs",
               sum(plays)::int as plays
        from analytics.run_expectancy group by base_state
        order by length(replace(base_state, '_', '')), base_state`,
  );
}

/** What the warehouse holds, by the names the demo prints: final games, plays, pitches, people, teams. */
export async function warehouseCounts(db: Executor): Promise<Record<string, number> | undefined> {
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*) from mlb.games where coded_game_state = 'F')::int as "final games",
               (select count(*) from mlb.plays)::int as plays, (select count(*) from mlb.pitches)::int as pitches,
               (select count(*) from mlb.people)::int as people, (select count(*) from mlb.teams)::int as teams`,
  );
  return counts;
}

/** The five best regular-season OPS with at least 30 plate appearances. */
export function opsLeaders(db: Executor): Promise<Array<Record<string, unknown>>> {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select full_name, pa, h, hr, avg, obp, slg, ops from analytics.season_batting
        where game_type = 'R' and pa >= 30 order by ops desc, full_name limit 5`,
  );
}

/** Queries the demo suggests a user runs next, as they would type them. */
export const NEXT_QUERIES = {
  /** The README's first query, word for word, for one season. */
  opsLeaders: (season: number) =>
    `select full_name, pa, avg, obp, slg, ops from analytics.season_batting where season = ${season} and pa >= 30 order by ops desc limit 10`,
  standings: 'select * from analytics.standings order by as_of_date desc, division_name, games_back limit 15',
} as const;
