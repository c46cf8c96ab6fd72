import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { GAME_TABLES } from '../../../src/db/queries/game-rows.js';
import { ANALYZE_AFTER_GAMES, analyzeAfterLargeLoad } from '../../../src/db/queries/maintenance.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.execute(
    sql`insert into mlb.linescore_innings (game_pk, inning) select 1, i from generate_series(1, 40) i`,
  );
});
afterAll(() => t.drop());

/** The planner's row estimate of a table: -1 until it is first analyzed (or vacuumed). */
async function estimatedRows(table: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`,
  );
  return Number(r!.n);
}

/** Pages the visibility map marks all-visible, as the planner last counted them. */
async function allVisiblePages(table: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select relallvisible as n from pg_class where oid = ${table}::regclass`,
  );
  return Number(r!.n);
}

describe('statistics after a large load', () => {
  it('are left to autovacuum after a small run', async () => {
    expect(await analyzeAfterLargeLoad(t.database.db, ANALYZE_AFTER_GAMES - 1)).toBe(false);
    expect(await estimatedRows('mlb.linescore_innings')).toBe(-1);
  });

  it('are refreshed for the game tables once a run loaded enough games', async () => {
    expect(await analyzeAfterLargeLoad(t.database.db, ANALYZE_AFTER_GAMES)).toBe(true);
    expect(await estimatedRows('mlb.linescore_innings')).toBe(40);
    expect(await estimatedRows('mlb.pitches')).toBe(0);
    // Every table a game's load rewrites, whichever lane analyzed it.
    for (const table of [...GAME_TABLES, 'mlb.play_win_probability', 'mlb.games']) {
      expect(await estimatedRows(table), table).toBeGreaterThanOrEqual(0);
    }
    expect(await allVisiblePages('mlb.linescore_innings')).toBe(0); // ANALYZE leaves the visibility map
  });

  it('are refreshed with the visibility map when the run vacuums (a backfill or sync)', async () => {
    await t.database.db.execute(
      sql`insert into mlb.linescore_innings (game_pk, inning) select 2, i from generate_series(1, 10) i`,
    );
    expect(await analyzeAfterLargeLoad(t.database.db, ANALYZE_AFTER_GAMES, { vacuum: true })).toBe(true);
    expect(await estimatedRows('mlb.linescore_innings')).toBe(50);
    // Its one page is all-visible now: a query an index covers need not read the table.
    expect(await allVisiblePages('mlb.linescore_innings')).toBe(1);
  });
});
