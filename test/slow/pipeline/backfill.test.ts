import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, warehouseDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

describe('backfilling two simulated weeks', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let range: { startDate: string; endDate: string };
  let finals: number[];

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 7 });
    const d0 = firstRegularDate(h.sim);
    range = { startDate: d0, endDate: addDays(d0, 13) };
    finals = h.sim
      .listGames()
      .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F')
      .map((g) => g.gamePk);
  });
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('loads every final game with its plays, pitches and lines, and every person', { timeout: 300_000 }, async () => {
    const run = await backfillJob.run(runDeps(t.database, h), { range });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.counts.gamesLoaded).toBe(finals.length);
    const db = t.database.db;
    expect(await scalar(db, 'select count(*) from raw.boxscores')).toBe(finals.length);
    expect(await scalar(db, 'select count(*) from raw.play_by_play')).toBe(finals.length);
    expect(await scalar(db, "select count(*) from raw.boxscores where json_typeof(body) <> 'object'")).toBe(0);
    expect(await scalar(db, 'select count(distinct game_pk) from mlb.plays')).toBe(finals.length);
    expect(await scalar(db, 'select count(*) from mlb.pitches')).toBeGreaterThan(finals.length * 200);
    expect(
      await scalar(
        db,
        'select count(*) from (select person_id from mlb.batting_lines union select person_id from mlb.pitching_lines) x where person_id not in (select person_id from mlb.people)',
      ),
    ).toBe(0);
    expect(await scalar(db, "select count(*) from ingest.work_items where status <> 'done'")).toBe(0);
    const check = await checkJob.run(runDeps(t.database, h), {});
    const failed = ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
    expect(failed).toEqual([]);
  });

  it('changes nothing when run again', { timeout: 300_000 }, async () => {
    const before = await warehouseDigest(t.database.db);
    const requestsBefore = h.sim.requestLog.length;
    const run = await backfillJob.run(runDeps(t.database, h), { range });
    expect(run.status).toBe('succeeded');
    expect(run.counts.gamesLoaded).toBe(0);
    expect(await warehouseDigest(t.database.db)).toEqual(before);
    const newRequests = h.sim.requestLog.slice(requestsBefore).map((r) => r.path);
    expect(newRequests.filter((p) => /\/feed\/live|\/boxscore|\/playByPlay/.test(p))).toEqual([]);
  });

  it('writes nothing when an unchanged game is fetched again (hash skip)', { timeout: 300_000 }, async () => {
    const before = await warehouseDigest(t.database.db);
    await t.database.db.execute(
      sql`update ingest.work_items set status = 'pending', next_attempt_at = now() where kind = 'game'`,
    );
    const run = await backfillJob.run(runDeps(t.database, h), { range });
    expect(run.counts.gamesUnchanged).toBe(finals.length);
    expect(run.counts.gamesLoaded).toBe(0);
    expect(await warehouseDigest(t.database.db)).toEqual(before);
  });

  it('rebuilds every mlb table from raw bodies without a request', { timeout: 300_000 }, async () => {
    const before = await warehouseDigest(t.database.db);
    for (const table of [
      'mlb.pitches',
      'mlb.plays',
      'mlb.batting_lines',
      'mlb.pitching_lines',
      'mlb.people',
      'mlb.games',
    ]) {
      await t.database.db.execute(sql.raw(`delete from ${table}`));
    }
    const offline = { ...h, url: 'http://127.0.0.1:9/api' };
    const requestsBefore = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, offline), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requestsBefore);
    expect(await warehouseDigest(t.database.db)).toEqual(before);
  });

  it("keeps the schedule's official date of evening games that end after midnight UTC", async () => {
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mlb.games where official_date <> (game_date at time zone 'UTC')::date`,
    );
    // Evening games cross midnight UTC; their official date is still the local calendar date.
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
