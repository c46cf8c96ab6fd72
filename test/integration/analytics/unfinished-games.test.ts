import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { liveJob } from '../../../jobs/live.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const COLUMNS = ['pa', 'ab', 'h', 'hr', 'bb', 'so'] as const;
/** Per person and team, each column's sum as SQL sums (null when every line is null). */
type Totals = Record<string, Record<(typeof COLUMNS)[number], number | null>>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Issue 46 §5: with games live, the season totals count only games that are over; the game logs
 * show the games in progress with their state; after the day the totals are a cold backfill's.
 */
describe('season views while games are in progress', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let day: string;

  beforeAll(async () => {
    const probe = await startSim({ seed: 3 });
    day = firstRegularDate(probe.sim);
    await probe.close();
    // The day's first game over, seven in progress.
    h = await startSim({ seed: 3, now: new Date(`${day}T23:30:00Z`) });
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const deps = () => runDeps(t.database, h, { sportIds: [1] });
  const seasonBatting = async (db = t.database.db): Promise<Totals> => {
    const rows = await queryRows<{ k: string; pa: number; ab: number; h: number; hr: number; bb: number; so: number }>(
      db,
      sql`select person_id || '/' || team_id as k, pa, ab, h, hr, bb, so from analytics.season_batting
          where game_type = 'R'`,
    );
    return Object.fromEntries(rows.map((r) => [r.k, Object.fromEntries(COLUMNS.map((c) => [c, num(r[c])]))])) as Totals;
  };

  it('season_batting sums the finished games only; the game logs show the others with their state', {
    timeout: 240_000,
  }, async () => {
    const games = h.sim.listGames().filter((g) => g.officialDate === day && g.sportId === 1);
    const over = games.filter((g) => g.codedGameState === 'F' || g.codedGameState === 'O').map((g) => g.gamePk);
    const playing = games.filter((g) => g.codedGameState === 'I').map((g) => g.gamePk);
    expect(over.length).toBeGreaterThanOrEqual(1);
    expect(playing.length).toBeGreaterThanOrEqual(5);

    const live = await liveJob.run(deps(), { once: true, untilIdle: false });
    expect(live.status, String(live.error)).toBe('succeeded');
    const sync = await syncJob.run(deps(), { daysBack: 0, daysAhead: 0 });
    expect(sync.status, String(sync.error)).toBe('succeeded');

    // The sum over the lines of the games the simulator says are over, and only those.
    const lines = await queryRows<{
      k: string;
      pk: number;
      pa: number;
      ab: number;
      h: number;
      hr: number;
      bb: number;
      so: number;
    }>(
      t.database.db,
      sql`select person_id || '/' || team_id as k, game_pk as pk, plate_appearances as pa, at_bats as ab, hits as h,
                 home_runs as hr, base_on_balls as bb, strike_outs as so
          from mlb.batting_lines`,
    );
    expect(new Set(lines.map((l) => Number(l.pk)))).toEqual(new Set([...over, ...playing]));
    const want: Totals = {};
    for (const l of lines) {
      if (!over.includes(Number(l.pk))) continue;
      want[l.k] ??= { pa: null, ab: null, h: null, hr: null, bb: null, so: null };
      const w = want[l.k]!;
      for (const c of COLUMNS) if (num(l[c]) !== null) w[c] = (w[c] ?? 0) + Number(l[c]);
    }
    expect(await seasonBatting()).toEqual(want);

    const logs = await queryRows<{ pk: number; s: string; over: boolean }>(
      t.database.db,
      sql`select distinct game_pk as pk, coded_game_state as s, is_over as over from analytics.batting_game_logs`,
    );
    for (const pk of playing) expect(logs.find((l) => Number(l.pk) === pk)).toMatchObject({ s: 'I', over: false });
    for (const pk of over) expect(logs.find((l) => Number(l.pk) === pk)?.over).toBe(true);
    const outs = await queryRows<{ season: number; logged: number }>(
      t.database.db,
      sql`select (select coalesce(sum(outs), 0) from analytics.season_pitching where game_type = 'R')::int as season,
                 (select coalesce(sum(outs), 0) from analytics.pitching_game_logs where is_over)::int as logged`,
    );
    expect(outs[0]!.season).toBe(outs[0]!.logged);

    // The next morning every game is final: the totals are a cold backfill's.
    h.sim.setNow(new Date(Date.parse(`${addDays(day, 1)}T14:00:00Z`)));
    await liveJob.run(deps(), { once: true, untilIdle: false });
    const final = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect(final.status, String(final.error)).toBe('succeeded');
    const b = await createTestDatabase();
    try {
      const cold = await backfillJob.run(runDeps(b.database, h, { sportIds: [1] }), {
        range: { startDate: day, endDate: day },
      });
      expect(cold.status, String(cold.error)).toBe('succeeded');
      const coldTotals = await seasonBatting(b.database.db);
      expect(Object.keys(coldTotals).length).toBeGreaterThan(100);
      expect(await seasonBatting()).toEqual(coldTotals);
    } finally {
      await b.drop();
    }
  });
});
