import type { Database } from '../db/client.js';
import { writeGameNaively } from '../db/queries/bench.js';
import { extractGameRows } from '../pipeline/load/game-rows.js';

/**
 * The naive loader the benchmark compares against, written the way most scripts are: one request
 * at a time, parse, then one INSERT statement per row (through drizzle's builder) and the raw bodies
 * rewritten every time (no hash skip). Same extraction, same tables, one transaction per game.
 */
export async function runNaiveLoad(
  database: Database,
  baseUrl: string,
  gamePks: number[],
): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  let rows = 0;
  for (const pk of gamePks) {
    const boxText = await (await fetch(`${baseUrl}/v1/game/${pk}/boxscore`)).text();
    const pbpText = await (await fetch(`${baseUrl}/v1/game/${pk}/playByPlay`)).text();
    const extracted = extractGameRows(pk, JSON.parse(boxText), JSON.parse(pbpText));
    rows += await writeGameNaively(database.db, pk, { boxscore: boxText, playByPlay: pbpText }, extracted);
  }
  return { seconds: (performance.now() - started) / 1000, rows };
}
