import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

let t: TestDatabase;
let h: SimHarness;
beforeAll(async () => {
  t = await createTestDatabase();
  h = await startSim({ seed: 3 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await t?.drop();
});

const failedChecks = async () => {
  const check = await checkJob.run(runDeps(t.database, h), {});
  return ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
};

describe('reference lists that failed once', () => {
  it('are visible to dugout check and fetched again (alone) by the next run', { timeout: 240_000 }, async () => {
    const day = firstRegularDate(h.sim);
    const range = { startDate: day, endDate: day };
    h.sim.setFaults({ scripted: [{ pathIncludes: '/v1/pitchTypes', fault: '500' }] });
    await backfillJob.run(runDeps(t.database, h, { maxAttempts: 2 }), { range });
    expect(await scalar(t.database.db, "select count(*) from mlb.reference_codes where list = 'pitchTypes'")).toBe(0);
    expect(
      await scalar(t.database.db, "select count(*) from mlb.reference_codes where list = 'rosterTypes'"),
    ).toBeGreaterThan(0);

    const failed = await failedChecks();
    expect(failed.map((c) => c.name)).toEqual(['reference_lists_present']);
    expect(failed[0]!.examples).toEqual([{ list: 'pitchTypes' }]);

    h.sim.setFaults({});
    const before = h.sim.requestLog.length;
    const again = await backfillJob.run(runDeps(t.database, h), { range });
    expect(again.status, String(again.error)).toBe('succeeded');
    const referenceRequests = h.sim.requestLog
      .slice(before)
      .map((r) => r.path)
      .filter((p) => !/\/(schedule|game|people|seasons|transactions)\b/.test(p));
    expect(referenceRequests).toEqual([expect.stringContaining('/v1/pitchTypes')]);
    expect(
      await scalar(t.database.db, "select count(*) from mlb.reference_codes where list = 'pitchTypes'"),
    ).toBeGreaterThan(0);
    expect(await failedChecks()).toEqual([]);
  });
});
