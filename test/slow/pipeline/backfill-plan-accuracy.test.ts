import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { expectPlanWithinAFifth } from '../../helpers/plan-accuracy.js';
import { type SimHarness, startSim } from '../../helpers/run.js';

/**
 * The plan's estimates against a measured backfill of two simulated seasons' spring training and
 * postseason (about a thousand games; the regular seasons' 4,860 more would take CI's whole budget):
 * the requests (and so the time at the configured rate, requests / rate), the bytes received and
 * the disk taken are each within 20 % of what the backfill measured.
 */
describe('the plan of two seasons against their backfill', () => {
  let t: TestDatabase;
  let h: SimHarness;

  beforeAll(async () => {
    // Two seasons of bodies and rows: on disk, for PGlite.
    t = await createTestDatabase({ onDisk: true });
    h = await startSim({ seed: 21, history: 1 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('estimates requests, time, bytes and disk within 20 %', { timeout: 1_800_000 }, async () => {
    await expectPlanWithinAFifth(t, h, ['S', 'F', 'D', 'L', 'W']);
  });
});
