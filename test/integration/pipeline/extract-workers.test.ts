import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { warehouseDigest } from '../../helpers/digest.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

let t: TestDatabase;
let h: SimHarness;
let range: { startDate: string; endDate: string };
let finals: number[];

beforeEach(async () => {
  t = await createTestDatabase();
  h = await startSim({ seed: 17 });
  const d0 = firstRegularDate(h.sim);
  range = { startDate: d0, endDate: addDays(d0, 1) };
  finals = h.sim
    .listGames()
    .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F')
    .map((g) => g.gamePk);
}, 120_000);
afterEach(async () => {
  await h?.close();
  await t?.drop();
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
    const run = await backfillJob.run(runDeps(t.database, h, { extractWorkers: 1 }), { range });
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
      const onMain = await backfillJob.run(runDeps(other.database, h, { extractWorkers: 0 }), { range });
      expect(onMain.status, String(onMain.error)).toBe('succeeded');
      expect(await warehouseDigest(t.database.db)).toEqual(await warehouseDigest(other.database.db));
    } finally {
      await other.drop();
    }
  });
});
