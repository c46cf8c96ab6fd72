import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import type { RosterMove } from '../../../src/sim/index.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const SPORTS = [1, 11, 12, 13, 14];

/**
 * A five-level backfill over three seasons against the simulator: one day of each past season and
 * the two days around a Triple-A call-up in the current one (every level plays about 15 games a
 * day, so about 375 games in all).
 */
describe('backfilling five levels and three seasons', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let promotion: RosterMove;
  let windows: Array<{ startDate: string; endDate: string }>;
  let finals: Array<{ gamePk: number; sportId: number; season: number }>;

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11, sportIds: SPORTS, history: 2 });
    promotion = h.sim.moves.find(
      (m) => m.kind === 'swap' && m.toTeamId < 1000 && m.date.startsWith(`${h.sim.season}-`),
    )!;
    const games = h.sim.listGames();
    // A day of each past season on which all five levels played.
    const fullDay = (season: number) =>
      [...new Set(games.filter((g) => g.season === season && g.gameType === 'R').map((g) => g.officialDate))]
        .sort()
        .find(
          (d) =>
            d >= `${season}-06-01` &&
            SPORTS.every((s) => games.some((g) => g.sportId === s && g.officialDate === d && g.codedGameState === 'F')),
        )!;
    windows = [
      { startDate: fullDay(2023), endDate: fullDay(2023) },
      { startDate: fullDay(2024), endDate: fullDay(2024) },
      { startDate: addDays(promotion.date, -1), endDate: promotion.date },
    ];
    finals = games.filter(
      (g) =>
        g.codedGameState === 'F' && windows.some((w) => g.officialDate >= w.startDate && g.officialDate <= w.endDate),
    );
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const deps = () => runDeps(t.database, h, { sportIds: SPORTS });

  it("loads every final game of every level and every club's team season", { timeout: 300_000 }, async () => {
    let loaded = 0;
    for (const range of windows) {
      const run = await backfillJob.run(deps(), { range, sportIds: SPORTS });
      expect(run.status, String(run.error)).toBe('succeeded');
      loaded += run.counts.gamesLoaded;
    }
    expect(loaded).toBe(finals.length);
    const db = t.database.db;
    const stored = await queryRows<{ season: number; sport_id: number; n: number }>(
      db,
      sql`select season, sport_id, count(*)::int as n from mlb.games g
          where coded_game_state = 'F' and exists (select 1 from raw.boxscores b where b.game_pk = g.game_pk)
          group by 1, 2 order by 1, 2`,
    );
    const expected = new Map<string, number>();
    for (const g of finals)
      expected.set(`${g.season}:${g.sportId}`, (expected.get(`${g.season}:${g.sportId}`) ?? 0) + 1);
    expect(stored.map((r) => [`${r.season}:${r.sport_id}`, r.n])).toEqual(
      [...expected.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })),
    );
    expect(stored).toHaveLength(15);
    expect(await scalar(db, 'select count(distinct game_pk) from mlb.plays')).toBe(finals.length);
    expect(
      await scalar(
        db,
        'select count(*) from (select person_id from mlb.batting_lines union select person_id from mlb.pitching_lines) x where person_id not in (select person_id from mlb.people)',
      ),
    ).toBe(0);

    // Every club of every level in every season, as it was that season.
    const clubs = await queryRows<{ season: number; sport_id: number; n: number; parents: number }>(
      db,
      sql`select season, sport_id, count(*)::int as n, count(distinct parent_org_id)::int as parents
          from mlb.team_seasons group by 1, 2 order by 1, 2`,
    );
    expect(clubs).toEqual(
      [2023, 2024, 2025].flatMap((season) =>
        SPORTS.map((sportId) => ({ season, sport_id: sportId, n: 30, parents: sportId === 1 ? 0 : 30 })),
      ),
    );
    const athletics = await queryRows<{ season: number; name: string; venue_name: string }>(
      db,
      sql`select season, name, venue_name from mlb.team_seasons where team_id = 133 order by season`,
    );
    expect(athletics.map((r) => r.name)).toEqual(['Oakland Athletics', 'Oakland Athletics', 'Athletics']);
    expect(athletics[0]!.venue_name).toBe('Oakland Coliseum');
    expect(await queryRows(db, sql`select name from mlb.teams where team_id = 133`)).toEqual([{ name: 'Athletics' }]);
    const atlanta = await queryRows<{ season: number; division_id: number }>(
      db,
      sql`select season, division_id from mlb.team_seasons where team_id = 144 order by season`,
    );
    expect(atlanta.map((r) => r.division_id)).toEqual([205, 204, 204]);

    const check = await checkJob.run(deps(), {});
    const failed = ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
    expect(failed).toEqual([]);
  });

  it('a called-up player shows as added to the MLB club and removed from its affiliate', {
    timeout: 300_000,
  }, async () => {
    const roster = (date: string) =>
      snapshotJob.run(runDeps(t.database, h, { sportIds: [1, 11] }), snapshotJob.args.parse({ name: 'roster', date }));
    for (const date of [addDays(promotion.date, -1), promotion.date]) {
      const run = await roster(date);
      expect(run.status, String(run.error)).toBe('succeeded');
      expect(run.result).toMatchObject({ requests: 120 });
    }
    const moves = await queryRows<{ person_id: number; team_id: number; move: string }>(
      t.database.db,
      sql`select person_id, team_id, move from analytics.roster_moves
          where roster_type = 'active' and move_date = ${promotion.date} order by person_id, move`,
    );
    const forPlayer = (id: number) =>
      moves.filter((m) => m.person_id === id).map(({ team_id, move }) => ({ team_id, move }));
    expect(forPlayer(promotion.personId)).toEqual([
      { team_id: promotion.toTeamId, move: 'added' },
      { team_id: promotion.fromTeamId, move: 'removed' },
    ]);
    expect(forPlayer(promotion.replaces!)).toEqual([
      { team_id: promotion.fromTeamId, move: 'added' },
      { team_id: promotion.toTeamId, move: 'removed' },
    ]);
    // Every move of that day in the warehouse is one the simulator planned.
    const planned = new Set(h.sim.moves.filter((m) => m.date === promotion.date).map((m) => m.personId));
    expect(moves.filter((m) => !planned.has(m.person_id))).toEqual([]);
  });
});
