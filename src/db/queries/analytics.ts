import { executePrepared, queryRows, sql } from '../client.js';
import type { Executor } from '../client.js';

/**
 * Recompute the precomputed analytics (standings through every date, run expectancy) of every season
 * a run changed, in one transaction: readers see a season's old rows or its new ones. Seasons are
 * marked by triggers on mlb.games and mlb.team_seasons and by game loads; a run that dies first leaves
 * its marks for the next one. Returns the number of seasons refreshed.
 */
export async function refreshStaleSeasons(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select analytics.refresh_stale_seasons() as n`);
  return Number(rows[0]?.n ?? 0);
}

/** Mark the seasons of regular-season games whose rows a load replaced (plays feed run expectancy). */
export async function markGameSeasonsStale(tx: Executor, gamePks: readonly number[]): Promise<void> {
  if (gamePks.length === 0) return;
  await executePrepared(
    tx,
    sql`insert into analytics.stale_seasons (season)
    select distinct season from mlb.games where game_pk = any(${`{${gamePks.join(',')}}`}::int[]) and game_type = 'R'`,
  );
}
