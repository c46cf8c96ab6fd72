import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, tableDigest } from '../../helpers/digest.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/** The seasons, coaches and postseason snapshots of a finished simulated season, with their history. */
describe('dugout snapshot seasons, coaches and postseason against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 9, history: 1 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = (args: Record<string, unknown>) =>
    snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ date: '2025-11-05', ...args }));

  it('stores each season, every club staff and every series with its winner', { timeout: 240_000 }, async () => {
    for (const season of h.sim.seasons) {
      for (const name of ['seasons', 'coaches', 'postseason']) {
        const run = await snapshot({ name, season });
        expect(run.status, String(run.error)).toBe('succeeded');
        expect((run.result as { changed: number }).changed).toBeGreaterThan(0);
      }
    }
    const db = t.database.db;
    const seasons = await queryRows<{ season: number; opening: string }>(
      db,
      sql`select season, to_char(regular_season_start_date, 'YYYY-MM-DD') as opening from mlb.seasons order by season`,
    );
    expect(seasons.map((s) => Number(s.season))).toEqual([...h.sim.seasons]);
    for (const s of seasons) {
      const first = h.sim
        .listGames()
        .filter((g) => g.season === Number(s.season) && g.gameType === 'R')
        .map((g) => g.officialDate)
        .sort()[0];
      expect(s.opening).toBe(first);
    }
    // 30 clubs a season, one manager each; interim managers beside some of them.
    const staffs = await queryRows<{ season: number; clubs: number; managers: number }>(
      db,
      sql`select season, count(distinct team_id)::int as clubs, count(*) filter (where job_id = 'MNGR')::int as managers
          from mlb.team_coaches group by season order by season`,
    );
    expect(staffs).toEqual(h.sim.seasons.map((season) => ({ season, clubs: 30, managers: 30 })));
    expect(await scalar(db, "select count(*) from mlb.team_coaches where job_id = 'NTRM'")).toBeGreaterThan(0);
    // Every series of both postseasons is decided; the World Series winner won the last game.
    const series = await queryRows<{ season: number; n: number; decided: number }>(
      db,
      sql`select season, count(*)::int as n, count(winner_team_id)::int as decided
          from mlb.postseason_series group by season order by season`,
    );
    expect(series).toEqual(h.sim.seasons.map((season) => ({ season, n: 11, decided: 11 })));
    const ws = h.sim
      .listGames()
      .filter((g) => g.season === h.sim.season && g.gameType === 'W')
      .sort((a, b) => a.officialDate.localeCompare(b.officialDate));
    expect(
      await scalar(
        db,
        `select count(*) from mlb.postseason_series where season = ${h.sim.season} and game_type = 'W' and games_played = ${ws.length}`,
      ),
    ).toBe(1);
  });

  it('keeps history: a second run stores nothing new; rebuild re-derives the tables without a request', {
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const bodies = await scalar(db, 'select count(*) from raw.snapshots');
    for (const name of ['seasons', 'coaches', 'postseason']) {
      const run = await snapshot({ name, season: h.sim.season });
      expect((run.result as { changed: number }).changed).toBe(0);
    }
    expect(await scalar(db, 'select count(*) from raw.snapshots')).toBe(bodies);
    const tables = ['mlb.seasons', 'mlb.team_coaches', 'mlb.postseason_series'];
    const digest = async () => Promise.all(tables.map((table) => tableDigest(db, table)));
    const before = await digest();
    for (const table of tables) await db.execute(sql.raw(`delete from ${table}`));
    const requests = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, { ...h, url: 'http://127.0.0.1:9/api' }), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requests);
    expect(await digest()).toEqual(before);
    expect(before.every((d) => d.rows > 0)).toBe(true);
  });
});
