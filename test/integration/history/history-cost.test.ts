import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows, sql } from '../../../src/db/client.js';
import { recordGameHistory } from '../../../src/db/queries/revisions.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

/** Games of history already stored, and rows of each: about half a season's plays. */
const OTHER_GAMES = 1_000;
const PLAYS = 80;
const LINES = 30;
const GAME = 1;

const HISTORY_TABLES = ['mlb.plays_history', 'mlb.batting_lines_history', 'mlb.pitching_lines_history'];

/**
 * Rows the transaction so far read from the history tables and their indexes (PostgreSQL's own
 * per-transaction counters: heap tuples read by scans and fetched by index scans, index entries
 * returned), which do not depend on the machine's speed.
 */
async function historyRowsRead(tx: Executor): Promise<number> {
  const list = HISTORY_TABLES.map((name) => `'${name}'::regclass`).join(', ');
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql.raw(`select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0) as n
      from pg_class c
      where c.oid in (${list}) or c.oid in (select indexrelid from pg_index where indrelid in (${list}))`),
  );
  return Number(row!.n);
}

// PGlite keeps no statistics counters (they stay 0): PostgreSQL only.
describe.skipIf(testBackend() === 'pglite')("recording a game's history", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.database.db;
    await db.execute(sql`
      insert into mlb.games (game_pk, season, game_type, sport_id, official_date, game_date, coded_game_state, abstract_game_state)
      values (${GAME}, 2025, 'R', 1, '2025-06-01', '2025-06-01T17:05:00Z', 'F', 'Final')`);
    await db.execute(sql`
      insert into mlb.plays (game_pk, at_bat_index, inning, half_inning)
      select ${GAME}, i, i / 9 + 1, 'top' from generate_series(0, ${PLAYS - 1}) i`);
    for (const table of ['batting_lines', 'pitching_lines'])
      await db.execute(
        sql.raw(`insert into mlb.${table} (game_pk, team_id, person_id, side)
          select ${GAME}, 100 + i % 2, 1000 + i, case when i % 2 = 0 then 'away' else 'home' end
          from generate_series(0, ${LINES - 1}) i`),
      );
    // Every other game's versions, loaded one game after the other before this one (valid_from
    // rising with the game), all open: what a backfill leaves before its last game.
    const at = (g: string) => `'2025-04-01T00:00:00Z'::timestamptz + ${g} * interval '1 minute'`;
    await db.execute(
      sql.raw(`insert into mlb.plays_history (game_pk, at_bat_index, inning, half_inning, valid_from)
        select 10 + g, i, i / 9 + 1, 'top', ${at('g')}
        from generate_series(1, ${OTHER_GAMES}) g, generate_series(0, ${PLAYS - 1}) i`),
    );
    for (const table of ['batting_lines_history', 'pitching_lines_history'])
      await db.execute(
        sql.raw(`insert into mlb.${table} (game_pk, team_id, person_id, side, valid_from)
          select 10 + g, 100 + i % 2, 1000 + i, 'away', ${at('g')}
          from generate_series(1, ${OTHER_GAMES}) g, generate_series(0, ${LINES - 1}) i`),
      );
    for (const table of HISTORY_TABLES) await db.execute(sql.raw(`analyze ${table}`));
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("reads that game's rows, not every game's (a load's cost does not grow with the history)", async () => {
    const stored = OTHER_GAMES * (PLAYS + 2 * LINES);
    const game = PLAYS + 2 * LINES;
    await t.database.db.transaction(async (tx) => {
      // The first load of the game: every row opens a version.
      await recordGameHistory(tx, GAME, new Date('2025-10-01T00:00:00Z'));
      const first = await historyRowsRead(tx);
      // A correction: one play changed, one line gone.
      await tx.execute(sql`update mlb.plays set rbi = 1 where game_pk = ${GAME} and at_bat_index = 3`);
      await tx.execute(sql`delete from mlb.batting_lines where game_pk = ${GAME} and person_id = 1000`);
      await recordGameHistory(tx, GAME, new Date('2025-10-02T00:00:00Z'));
      const both = await historyRowsRead(tx);
      const [versions] = await queryRows<{ open: string; closed: string }>(
        tx,
        sql`select count(*) filter (where valid_to is null) as open, count(*) filter (where valid_to is not null) as closed
            from (select valid_to from mlb.plays_history where game_pk = ${GAME}
                  union all select valid_to from mlb.batting_lines_history where game_pk = ${GAME}) v`,
      );
      expect({ open: Number(versions!.open), closed: Number(versions!.closed) }).toEqual({
        open: PLAYS + LINES - 1,
        closed: 2,
      });
      // A few reads of each of the game's rows (the correction reads its versions: the counters do
      // count); against the old time index, tens of thousands.
      expect(both - first).toBeGreaterThan(game);
      expect(first).toBeLessThan(10 * game);
      expect(both - first).toBeLessThan(10 * game);
      expect(both).toBeLessThan(stored / 20);
    });
  });
});
