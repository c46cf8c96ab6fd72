import { type Executor, queryRows, sql } from '../client.js';

/** Games not started whose scheduled start is between `from` and `to` (mlb.games, as the last sync saw them). */
export async function gamesStartingBetween(db: Executor, from: Date, to: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mlb.games
        where game_date >= ${from.toISOString()}::timestamptz and game_date <= ${to.toISOString()}::timestamptz
          and coalesce(abstract_game_state, 'Preview') = 'Preview'`,
  );
  return Number(rows[0]?.n ?? 0);
}
