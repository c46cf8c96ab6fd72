import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

let t: TestDatabase;
let h: SimHarness;

beforeEach(async () => {
  t = await createTestDatabase();
  h = await startSim({ seed: 11 });
}, 120_000);
afterEach(async () => {
  await h?.close();
  await t?.drop();
});

describe('a backfill that cannot finish says so (finding 6)', () => {
  it('ends partial, not succeeded, when a Retry-After above the cap defers a game; the next run finishes it', {
    timeout: 240_000,
  }, async () => {
    const d0 = firstRegularDate(h.sim);
    const range = { startDate: d0, endDate: addDays(d0, 1) };
    const finals = h.sim
      .listGames()
      .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F')
      .map((g) => g.gamePk);
    const deferred = finals[1]!;
    h.sim.setFaults({
      scripted: [{ pathIncludes: `/game/${deferred}/feed/live`, fault: '429' }],
      retryAfterSeconds: 60,
    });

    const first = await backfillJob.run(runDeps(t.database, h, { retryAfterCapMs: 500 }), { range });
    expect(first.status).toBe('partial');
    expect(first.result).toMatchObject({ partial: true, incomplete: { pending: 1, dead: 0 } });
    const [ledger] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from ingest.runs where run_id = ${first.runId}`,
    );
    expect(ledger?.status).toBe('partial');
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length - 1);

    h.sim.setFaults({});
    // The deferred item waits for its Retry-After; an operator re-running later is simulated by making it due.
    await t.database.db.execute(sql`update ingest.work_items set next_attempt_at = now() where status = 'pending'`);
    const second = await backfillJob.run(runDeps(t.database, h), { range });
    expect(second.status, String(second.error)).toBe('succeeded');
    expect(second.result).toMatchObject({ partial: false, incomplete: { pending: 0, dead: 0 } });
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length);
    // Each game's rows carry the run that loaded them, whichever way they went in: a game's pitches
    // are many enough to be copied in, its officials few enough to be inserted.
    for (const [gamePk, runId] of [
      [finals[0]!, first.runId],
      [deferred, second.runId],
    ]) {
      for (const table of ['mlb.pitches', 'mlb.game_officials']) {
        const runs = await queryRows<{ run_id: number | null }>(
          t.database.db,
          sql.raw(`select distinct run_id::int as run_id from ${table} where game_pk = ${Number(gamePk)}`),
        );
        expect(runs, `${table} of game ${gamePk}`).toEqual([{ run_id: runId }]);
      }
    }
  });
});
