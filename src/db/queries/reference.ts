import { type Executor, queryRows, sql } from '../client.js';
import type { ColumnRow } from '../schema/rows.js';
import { upsertRows } from '../rows.js';
import { REFERENCE_LISTS, referenceCodes, teamSeasons, teams } from '../schema/index.js';

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

/**
 * Upsert mlb.teams rows: a team's row is the club as of the latest season loaded, so a stored row
 * is replaced only by one of the same season or a later one.
 */
export async function upsertTeams(
  tx: Executor,
  rows: readonly ColumnRow<typeof teams>[],
  runId: number,
): Promise<number> {
  return upsertRows(tx, teams, rows, { extra: { run_id: runId }, touch: 'updated_at', newerBy: 'season' });
}

/** Upsert mlb.team_seasons rows (a season's clubs as that season's body names them). */
export async function upsertTeamSeasons(
  tx: Executor,
  rows: readonly ColumnRow<typeof teamSeasons>[],
  runId: number,
): Promise<number> {
  return upsertRows(tx, teamSeasons, rows, { extra: { run_id: runId }, touch: 'updated_at' });
}

/** Upsert the codes of a configuration list into mlb.reference_codes. */
export async function upsertReferenceCodes(
  tx: Executor,
  rows: readonly ColumnRow<typeof referenceCodes>[],
  runId: number,
): Promise<number> {
  const n = await upsertRows(tx, referenceCodes, rows, { extra: { run_id: runId }, touch: 'updated_at' });
  // A review's description is set as its row is written (a trigger); reviews written before the
  // list was loaded, or before it changed, take theirs now.
  if (rows.some((r) => r.list === 'reviewReasons')) {
    await tx.execute(sql`update mlb.reviews r set review_description = c.description
      from mlb.reference_codes c
      where c.list = 'reviewReasons' and c.code = r.review_type
        and r.review_description is distinct from c.description`);
  }
  return n;
}
