import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

type Listing = {
  gamePk: number;
  officialDate: string;
  gameDate: string;
  status: { codedGameState: string };
  resumedFrom?: string;
  rescheduledFrom?: string;
  rescheduledFromDate?: string;
};

/** Every listing of a date range, as the schedule serves it (a game can be listed twice). */
async function listings(url: string, startDate: string, endDate: string): Promise<Array<Listing & { date: string }>> {
  const body = (await (
    await fetch(`${url}/v1/schedule?sportId=1&startDate=${startDate}&endDate=${endDate}`)
  ).json()) as {
    dates: Array<{ date: string; games: Listing[] }>;
  };
  return body.dates.flatMap((d) => d.games.map((g) => ({ ...g, date: d.date })));
}

describe('suspended and postponed games', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let suspended: Listing & { date: string };
  let makeup: Listing & { date: string };

  beforeAll(async () => {
    // Find, in a finished season, a suspended game (listed twice, resumed later) and a postponed one.
    const done = await startSim({ seed: 1 });
    const all = await listings(done.url, '2025-04-01', '2025-07-31');
    await done.close();
    suspended = all.find((g) => g.resumedFrom)!;
    // The makeup closest to its postponed date keeps the backfill short.
    const gap = (g: Listing) => Date.parse(g.officialDate) - Date.parse(g.rescheduledFromDate!);
    makeup = all
      .filter((g) => g.rescheduledFromDate && g.date === g.officialDate && g.rescheduledFromDate < g.officialDate)
      .sort((a, b) => gap(a) - gap(b))[0]!;
    expect(suspended && makeup).toBeTruthy();
    // The morning after the suspension: the game is suspended, its resumption not played yet.
    const morning = new Date(Date.parse(`${suspended.date}T12:00:00Z`));
    h = await startSim({ seed: 1, now: morning });
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('parks a suspended game as deferred and loads it once its resumption is final', { timeout: 240_000 }, async () => {
    const pk = suspended.gamePk;
    const originalDate = suspended.officialDate;
    const run = await backfillJob.run(runDeps(t.database, h), {
      range: { startDate: originalDate, endDate: originalDate },
    });
    expect(run.status).toBe('succeeded');
    const db = t.database.db;
    const [game] = await queryRows<{ state: string; od: string }>(
      db,
      sql`select coded_game_state as state, official_date::text as od from mlb.games where game_pk = ${pk}`,
    );
    expect(['T', 'U']).toContain(game!.state);
    expect(game!.od).toBe(originalDate);
    const [item] = await queryRows<{ status: string; reason: string }>(
      db,
      sql`select status, reason from ingest.work_items where kind = 'game' and key = ${String(pk)}`,
    );
    expect(item).toEqual({ status: 'deferred', reason: 'suspended' });
    expect(await scalar(db, `select count(*) from mlb.plays where game_pk = ${pk}`)).toBe(0);

    h.sim.setNow(new Date(Date.parse(`${suspended.date}T00:00:00Z`) + 2 * 86_400_000 + 12 * 3_600_000));
    const sync = await syncJob.run(runDeps(t.database, h), { daysBack: 3, daysAhead: 1 });
    expect(sync.status, String(sync.error)).toBe('succeeded');
    const [after] = await queryRows<Record<string, unknown>>(
      db,
      sql`select coded_game_state as state, official_date::text as od, resume_game_date::text as resume, resumed_from_date::text as resumed_from
          from mlb.games where game_pk = ${pk}`,
    );
    expect(after).toEqual({ state: 'F', od: originalDate, resume: suspended.date, resumed_from: originalDate });
    const [done] = await queryRows<{ status: string; reason: string }>(
      db,
      sql`select status, reason from ingest.work_items where kind = 'game' and key = ${String(pk)}`,
    );
    expect(done!.status).toBe('done');
    expect(await scalar(db, `select count(*) from mlb.plays where game_pk = ${pk}`)).toBeGreaterThan(50);
    expect(
      await scalar(
        db,
        `select count(*) from (select 1 from mlb.batting_lines where game_pk = ${pk} group by team_id, person_id having count(*) > 1) d`,
      ),
    ).toBe(0);
  });

  it('stores a postponed game without a fetch and loads it on its makeup date, keeping both dates', {
    timeout: 240_000,
  }, async () => {
    const pk = makeup.gamePk;
    const from = makeup.rescheduledFromDate!;
    h.sim.setNow(new Date(Date.parse(`${makeup.officialDate}T00:00:00Z`) + 2 * 86_400_000));
    const run = await backfillJob.run(runDeps(t.database, h), {
      range: { startDate: from, endDate: makeup.officialDate },
    });
    expect(run.status).toBe('succeeded');
    const db = t.database.db;
    const [g] = await queryRows<Record<string, unknown>>(
      db,
      sql`select coded_game_state as state, official_date::text as od, reschedule_game_date::text as moved_to,
                 rescheduled_from_date::text as moved_from from mlb.games where game_pk = ${pk}`,
    );
    expect(g).toEqual({ state: 'F', od: makeup.officialDate, moved_to: makeup.officialDate, moved_from: from });
    expect(await scalar(db, `select count(*) from raw.boxscores where game_pk = ${pk}`)).toBe(1);
    // Fetched once, on its makeup date: one feed (the default source).
    const gameRequests = h.sim.requestLog.filter((r) => r.path.includes(`/game/${pk}/`));
    expect(gameRequests.map((r) => r.path)).toEqual([`/api/v1.1/game/${pk}/feed/live`]);
  });
});
