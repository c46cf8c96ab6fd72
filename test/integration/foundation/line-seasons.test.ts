import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

/**
 * The boxscore lines carry their game's season and type (migration 0040): copied by triggers from
 * mlb.games, whichever of the two is written first, and kept equal to the game's when either changes.
 */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

describe.each(BACKENDS)("a boxscore line's season and game type, on %s", (kind) => {
  let t: TestDatabase;
  const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
  const lines = () =>
    queryRows<{ table: string; game_pk: number; person_id: number; season: number | null; game_type: string | null }>(
      t.database.db,
      sql`select 'batting' as "table", game_pk, person_id, season, game_type from mlb.batting_lines
          union all select 'pitching', game_pk, person_id, season, game_type from mlb.pitching_lines
          order by 1, 2, 3`,
    );
  const game = (pk: number, season: number, type: string) =>
    run(sql`insert into mlb.games (game_pk, season, game_type, sport_id, official_date, coded_game_state)
            values (${pk}, ${season}, ${type}, 1, ${`${season}-05-01`}, 'F')`);
  const line = (table: 'batting' | 'pitching', pk: number, person: number) =>
    table === 'batting'
      ? run(sql`insert into mlb.batting_lines (game_pk, team_id, person_id, side) values (${pk}, 1, ${person}, 'home')`)
      : run(
          sql`insert into mlb.pitching_lines (game_pk, team_id, person_id, side) values (${pk}, 1, ${person}, 'home')`,
        );

  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
  });
  afterAll(() => t.drop());

  it('takes them from the game stored before it, and gets them when the game comes after', async () => {
    await game(101, 2019, 'R');
    await line('batting', 101, 1);
    await line('pitching', 101, 2);
    await line('batting', 102, 3); // its game is not stored yet
    await line('pitching', 102, 4);
    expect((await lines()).map((l) => [l.game_pk, l.season, l.game_type])).toEqual([
      [101, 2019, 'R'],
      [102, null, null],
      [101, 2019, 'R'],
      [102, null, null],
    ]);
    await game(102, 2020, 'F');
    expect((await lines()).filter((l) => l.game_pk === 102).map((l) => [l.season, l.game_type])).toEqual([
      [2020, 'F'],
      [2020, 'F'],
    ]);
  });

  it("follows a change of the game's season or type, and cannot be set to another", async () => {
    await run(sql`update mlb.games set game_type = 'S', season = 2021 where game_pk = 101`);
    expect((await lines()).filter((l) => l.game_pk === 101).map((l) => [l.season, l.game_type])).toEqual([
      [2021, 'S'],
      [2021, 'S'],
    ]);
    await run(sql`update mlb.batting_lines set season = 1999, game_type = 'R' where game_pk = 101`);
    await run(sql`update mlb.pitching_lines set season = 1999 where game_pk = 101`);
    expect((await lines()).filter((l) => l.game_pk === 101).map((l) => [l.season, l.game_type])).toEqual([
      [2021, 'S'],
      [2021, 'S'],
    ]);
  });

  it('feeds the game logs and season totals by the season of the line', async () => {
    const rows = await queryRows<{ season: number; game_type: string; games: number }>(
      t.database.db,
      sql`select season, game_type, games from analytics.season_pitching order by season`,
    );
    expect(rows.map((r) => [r.season, r.game_type, r.games])).toEqual([
      [2020, 'F', 1],
      [2021, 'S', 1],
    ]);
  });
});
