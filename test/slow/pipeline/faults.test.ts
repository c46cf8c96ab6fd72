import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { readStatus } from '../../../src/db/queries/status.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, warehouseDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

let t: TestDatabase;
let h: SimHarness;
let range: { startDate: string; endDate: string };
let finals: number[];

beforeEach(async () => {
  t = await createTestDatabase();
  h = await startSim({ seed: 11 });
  const d0 = firstRegularDate(h.sim);
  range = { startDate: d0, endDate: addDays(d0, 2) };
  finals = h.sim
    .listGames()
    .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F')
    .map((g) => g.gamePk);
}, 120_000);
afterEach(async () => {
  await h?.close();
  await t?.drop();
});

describe('a backfill against a faulty API', () => {
  it('still loads everything through 429s, 500s, 503s, truncated bodies and messageNumber errors', {
    timeout: 240_000,
  }, async () => {
    h.sim.setFaults({
      seed: 5,
      probabilities: { '429': 0.04, '500': 0.05, '503': 0.03, truncated: 0.05, messageNumber: 0.03 },
      retryAfterSeconds: 1,
    });
    const run = await backfillJob.run(runDeps(t.database, h, { maxAttempts: 8 }), { range });
    const faults = h.sim.requestLog.filter((r) => r.status >= 400);
    expect(faults.length).toBeGreaterThan(5);
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length);
    expect(await scalar(t.database.db, "select count(*) from ingest.work_items where status <> 'done'")).toBe(0);
    const check = await checkJob.run(runDeps(t.database, h), {});
    expect(((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed)).toEqual([]);
  });

  it('parks a 404 game as a visible dead letter while the rest load', { timeout: 240_000 }, async () => {
    const missing = finals[2]!;
    h.sim.setFaults({ notFoundGamePks: [missing] });
    const run = await backfillJob.run(runDeps(t.database, h), { range });
    expect(run.status).toBe('failed');
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length - 1);
    const status = await readStatus(t.database.db, t.database.describe);
    expect(status.deadLetters).toEqual([
      expect.objectContaining({
        kind: 'game',
        key: String(missing),
        attempts: 1,
        lastError: expect.stringContaining('404'),
      }),
    ]);
    const gameRequests = h.sim.requestLog.filter((r) => r.path.includes(`/game/${missing}/feed/live`));
    expect(gameRequests).toHaveLength(1); // a 404 is not retried
    const check = await checkJob.run(runDeps(t.database, h), {});
    const failed = ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
    expect(failed.map((c) => c.name)).toEqual(['final_games_have_bodies']);
    expect(failed[0]!.examples[0]).toMatchObject({ game_pk: missing });
  });
});

describe('game loads parsing on a worker thread (DUGOUT_EXTRACT_WORKERS)', () => {
  it('fetch a game again when a worker finds a bad body, and store what the main thread stores', {
    timeout: 240_000,
  }, async () => {
    // A 200 carrying the API's error object is a complete response: only parsing it finds the fault.
    // (A truncated body is shorter than its Content-Length, so the client itself retries it.)
    const [badBox, badPlays] = finals as [number, number];
    h.sim.setFaults({
      scripted: [
        { pathIncludes: `/game/${badBox}/boxscore`, nth: 1, fault: 'messageNumber' },
        { pathIncludes: `/game/${badPlays}/playByPlay`, nth: 1, fault: 'messageNumber' },
      ],
    });
    // The bad bodies are a /boxscore and a /playByPlay: the source that fetches them.
    const run = await backfillJob.run(runDeps(t.database, h, { extractWorkers: 1, gameSource: 'boxscore' }), {
      range,
    });
    expect(run.status, String(run.error)).toBe('succeeded');
    const paths = h.sim.requestLog.map((r) => r.path);
    const count = (part: string) => paths.filter((p) => p.includes(part)).length;
    // The worker's verdict sends the whole game back to the client, which fetches both bodies again.
    expect(count('/boxscore')).toBe(finals.length + 2);
    expect(count('/playByPlay')).toBe(finals.length + 2);
    for (const gamePk of [badBox, badPlays]) {
      expect(count(`/game/${gamePk}/boxscore`)).toBe(2);
      expect(count(`/game/${gamePk}/playByPlay`)).toBe(2);
    }

    h.sim.setFaults({});
    const other = await createTestDatabase();
    try {
      const onMain = await backfillJob.run(runDeps(other.database, h, { extractWorkers: 0, gameSource: 'boxscore' }), {
        range,
      });
      expect(onMain.status, String(onMain.error)).toBe('succeeded');
      expect(await warehouseDigest(t.database.db)).toEqual(await warehouseDigest(other.database.db));
    } finally {
      await other.drop();
    }
  });

  it('fetch a feed again when a worker finds it bad, and store what the main thread stores', {
    timeout: 240_000,
  }, async () => {
    const bad = finals[0]!;
    h.sim.setFaults({ scripted: [{ pathIncludes: `/game/${bad}/feed/live`, nth: 1, fault: 'messageNumber' }] });
    const run = await backfillJob.run(runDeps(t.database, h, { extractWorkers: 1 }), { range });
    expect(run.status, String(run.error)).toBe('succeeded');
    const paths = h.sim.requestLog.map((r) => r.path);
    const count = (part: string) => paths.filter((p) => p.includes(part)).length;
    expect(count('/feed/live')).toBe(finals.length + 1);
    expect(count(`/game/${bad}/feed/live`)).toBe(2);
    expect(count('/boxscore') + count('/playByPlay')).toBe(0);

    h.sim.setFaults({});
    const other = await createTestDatabase();
    try {
      const onMain = await backfillJob.run(runDeps(other.database, h, { extractWorkers: 0 }), { range });
      expect(onMain.status, String(onMain.error)).toBe('succeeded');
      expect(await warehouseDigest(t.database.db)).toEqual(await warehouseDigest(other.database.db));
    } finally {
      await other.drop();
    }
  });
});

describe('dugout check', () => {
  it('fails, naming the game, when a row is deleted by hand', { timeout: 240_000 }, async () => {
    await backfillJob.run(runDeps(t.database, h), { range });
    const target = finals[0]!;
    await t.database.db.execute(
      sql`delete from mlb.plays where game_pk = ${target} and at_bat_index = (select max(at_bat_index) from mlb.plays where game_pk = ${target})`,
    );
    const check = await checkJob.run(runDeps(t.database, h), {});
    expect(check.status).toBe('failed');
    const failed = ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
    expect(failed.map((c) => c.name)).toContain('plays_vs_plate_appearances');
    for (const c of failed) expect(c.examples.map((e) => Number(e.game_pk))).toContain(target);
  });
});

describe('DUGOUT_GAME_SOURCE=feed, the default', () => {
  it('loads the same rows from one feed/live request per game', { timeout: 240_000 }, async () => {
    await backfillJob.run(runDeps(t.database, h, { gameSource: 'boxscore' }), { range });
    const viaBoxscore = await warehouseDigest(t.database.db);
    const other = await createTestDatabase();
    try {
      const before = h.sim.requestLog.length;
      const run = await backfillJob.run(runDeps(other.database, h), { range });
      expect(run.status, String(run.error)).toBe('succeeded');
      const paths = h.sim.requestLog.slice(before).map((r) => r.path);
      expect(paths.filter((p) => p.includes('/feed/live'))).toHaveLength(finals.length);
      expect(paths.filter((p) => p.includes('/boxscore') || p.includes('/playByPlay'))).toHaveLength(0);
      const viaFeed = await warehouseDigest(other.database.db);
      for (const table of [
        'mlb.games',
        'mlb.plays',
        'mlb.pitches',
        'mlb.batting_lines',
        'mlb.pitching_lines',
        'mlb.people',
      ]) {
        expect(viaFeed[table], table).toEqual(viaBoxscore[table]);
      }
      expect(
        await scalar(
          other.database.db,
          "select count(*) from raw.play_by_play where source = 'feed' and feed_timestamp is not null",
        ),
      ).toBe(finals.length);
    } finally {
      await other.drop();
    }
  });
});
