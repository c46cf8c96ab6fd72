import { queryRows, sql } from '../client.js';
import type { Executor } from '../rows.js';
import { REFERENCE_LISTS } from '../../extract/reference.js';

/**
 * What of the reference data is missing: the configured sports without teams and the configuration
 * lists without a row (never loaded, or failed last time).
 */
export async function missingReference(
  db: Executor,
  sportIds: readonly number[],
): Promise<{ sportIds: number[]; lists: string[] }> {
  const sports = await queryRows<{ id: number }>(
    db,
    sql`select s as id from unnest(${`{${sportIds.join(',')}}`}::int[]) s
        where not exists (select 1 from mlb.teams t where t.sport_id = s) order by s`,
  );
  const lists = await queryRows<{ list: string }>(
    db,
    sql`select l as list from unnest(${`{${REFERENCE_LISTS.join(',')}}`}::text[]) with ordinality as x(l, i)
        where not exists (select 1 from mlb.reference_codes r where r.list = l) order by i`,
  );
  return { sportIds: sports.map((r) => Number(r.id)), lists: lists.map((r) => r.list) };
}

/** Every season and sport of a stored game that has no team season yet. */
export async function seasonsWithoutTeams(db: Executor): Promise<Array<{ season: number; sportId: number }>> {
  return queryRows<{ season: number; sportId: number }>(
    db,
    sql`select distinct g.season, g.sport_id as "sportId" from mlb.games g
        where not exists (select 1 from mlb.team_seasons ts where ts.season = g.season and ts.sport_id = g.sport_id)
        order by 1, 2`,
  );
}
