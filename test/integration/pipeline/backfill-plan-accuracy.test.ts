import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { expectPlanWithinAFifth } from '../../helpers/plan-accuracy.js';
import { type SimHarness, startSim } from '../../helpers/run.js';

/**
 * The plan's estimates against a measured backfill of the postseasons of two simulated seasons
 * (with spring training too: test/slow/pipeline/backfill-plan-accuracy.test.ts): requests, bytes and
 * disk each within 20 % of what the backfill measured, the per-season requests included.
 */
describe('the plan of two postseasons against their backfill', () => {
  let t: TestDatabase;
  let h: SimHarness;

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 21, history: 1 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('estimates requests, time, bytes and disk within 20 %', { timeout: 600_000 }, async () => {
    await expectPlanWithinAFifth(t, h, ['F', 'D', 'L', 'W']);
  });
});
