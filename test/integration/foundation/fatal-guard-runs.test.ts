import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { failProcessRuns, finishRun, startRun } from '../../../src/db/queries/runs.js';
import { emptyCounts } from '../../../src/pipeline/context.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

// The statement the fatal guard runs when a process dies of an error nothing caught.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(() => t?.drop());

describe('failProcessRuns', () => {
  it('marks failed, with the cause, only the runs this process still has open on its host', async () => {
    const db = t.database.db;
    const open = await startRun(db, 'sync', {}, { host: 'guard-host' });
    const done = await startRun(db, 'sync', {}, { host: 'guard-host' });
    await finishRun(db, done, 'succeeded', emptyCounts());
    const elsewhere = await startRun(db, 'sync', {}, { host: 'another-host' });

    await failProcessRuns(db, 'guard-host', process.pid, 'lost the database connection mid-query');

    const rows = await queryRows<{ runId: number; status: string; error: string | null; finished: boolean }>(
      db,
      sql`select run_id as "runId", status, error, finished_at is not null as finished from ingest.runs
          where run_id in (${open}, ${done}, ${elsewhere}) order by run_id`,
    );
    expect(rows.map((r) => ({ ...r, runId: Number(r.runId) }))).toEqual([
      { runId: open, status: 'failed', error: 'lost the database connection mid-query', finished: true },
      { runId: done, status: 'succeeded', error: null, finished: true },
      { runId: elsewhere, status: 'running', error: null, finished: false },
    ]);
  });
});
