import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import {
  battingLines,
  fieldingCredits,
  fieldingLines,
  gameOfficials,
  linescoreInnings,
  pitches,
  pitchingLines,
  playActions,
  plays,
  runners,
} from '../db/schema/index.js';
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
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into raw.boxscores (game_pk, body, body_sha256) values (${pk}, ${boxText}::text::json, '')
        on conflict (game_pk) do update set body = excluded.body`);
      await tx.execute(sql`insert into raw.play_by_play (game_pk, body, body_sha256) values (${pk}, ${pbpText}::text::json, '')
        on conflict (game_pk) do update set body = excluded.body`);
      const sets: Array<[PgTable, readonly object[]]> = [
        [plays, extracted.plays],
        [pitches, extracted.pitches],
        [battingLines, extracted.battingLines],
        [pitchingLines, extracted.pitchingLines],
        [runners, extracted.runners],
        [fieldingCredits, extracted.fieldingCredits],
        [playActions, extracted.playActions],
        [fieldingLines, extracted.fieldingLines],
        [gameOfficials, extracted.officials],
        [linescoreInnings, extracted.linescoreInnings],
      ];
      for (const [table, list] of sets) {
        for (const row of list) {
          await tx.insert(table).values(toDrizzle(table, row)).onConflictDoNothing();
          rows++;
        }
      }
    });
  }
  return { seconds: (performance.now() - started) / 1000, rows };
}

/** snake_case SQL column names → the drizzle table's property names. */
function toDrizzle(table: PgTable, row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [prop, col] of Object.entries(getTableColumns(table))) {
    if (!(col.name in row)) continue;
    const v = (row as Record<string, unknown>)[col.name];
    out[prop] = col.columnType === 'PgTimestamp' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}
