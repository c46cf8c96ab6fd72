import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveJob } from '../../../jobs/live.js';
import { referenceJob } from '../../../jobs/reference.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// The shipped simulator must not make dugout report new API fields: a user who changed nothing
// would be told the API changed. A simulated day of every body kind dugout notices (schedule, the
// change logs, live feeds, boxscores, play-by-play, people, teams and every snapshot), on the
// demo's simulated season (seed 1, 2025), with a suspended game in the day.
describe('a simulated day of every endpoint dugout polls', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let day = '';
  beforeAll(async () => {
    h = await startSim({ seed: 1, season: 2025 });
    const d0 = firstRegularDate(h.sim);
    // The first day with a game suspended and resumed later: its listing carries resumeDate.
    for (let i = 0; i < 200 && !day; i++) {
      const date = addDays(d0, i);
      if (h.sim.render(`/api/v1/schedule?sportId=1&date=${date}`).text.includes('"resumeDate"')) day = date;
    }
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('records no new field', { timeout: 120_000 }, async () => {
    expect(day, 'a suspended game in the simulated season').not.toBe('');
    const deps = runDeps(t.database, h, { sportIds: [1] });
    const runs = [];
    // Opening day under way: live passes store full feeds, then patches.
    const d0 = firstRegularDate(h.sim);
    const schedule = JSON.parse(h.sim.render(`/api/v1/schedule?sportId=1&date=${d0}`).text);
    const starts = schedule.dates[0].games.map((g: { gameDate: string }) => Date.parse(g.gameDate));
    h.sim.setNow(new Date(Math.min(...starts) + 45 * 60_000));
    for (let pass = 0; pass < 2; pass++) {
      runs.push(await liveJob.run(deps, { once: true, untilIdle: false }));
      h.sim.advance(5 * 60_000);
    }
    // The morning after: a sync loads the finals (boxscores, play-by-play, people, the change
    // logs), then the reference lists and every snapshot.
    h.sim.setNow(new Date(Date.parse(`${addDays(d0, 1)}T10:00:00Z`)));
    runs.push(await syncJob.run(deps, syncJob.args.parse({ daysBack: 1, daysAhead: 0 })));
    runs.push(await referenceJob.run(deps, { season: 2025 }));
    runs.push(await snapshotJob.run(deps, snapshotJob.args.parse({ maxPeople: 20 })));
    // The morning after a suspended game: a live pass polls yesterday's schedule, which lists it.
    h.sim.setNow(new Date(Date.parse(`${addDays(day, 1)}T10:00:00Z`)));
    runs.push(await liveJob.run(deps, { once: true, untilIdle: false }));
    for (const run of runs) expect(run.status, String(run.error)).toBe('succeeded');
    const kinds = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select distinct body_kind as kind from ingest.new_fields`,
    );
    const found = await queryRows<{ body_kind: string; path: string }>(
      t.database.db,
      sql`select body_kind, path from ingest.new_fields order by body_kind, path`,
    );
    expect(found.map((r) => `${r.body_kind}: ${r.path}`)).toEqual([]);
    expect(kinds).toEqual([]);
    // Every kind was loaded: the day's bodies are stored.
    const stored = await queryRows<{ boxscores: number; people: number; snapshots: number }>(
      t.database.db,
      sql`select (select count(*)::int from raw.boxscores) as boxscores, (select count(*)::int from raw.people) as people,
                 (select count(distinct operation)::int from raw.snapshots) as snapshots`,
    );
    expect(stored[0]!.boxscores).toBeGreaterThan(0);
    expect(stored[0]!.people).toBeGreaterThan(0);
    expect(stored[0]!.snapshots).toBeGreaterThanOrEqual(4);
    const polled = (part: string) => h.sim.requestLog.some((r) => r.path.includes(part));
    for (const part of ['/feed/live', '/diffPatch', '/game/changes', '/teams', '/stats', '/awards'])
      expect(polled(part), part).toBe(true);
    expect(h.sim.requestLog.some((r) => r.path.includes('/schedule') && r.path.includes(day))).toBe(true);
  });
});
