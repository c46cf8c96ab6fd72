import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractStaff } from '../../../src/extract/staff.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, tableDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

describeRecorded('staff extraction over every recorded /v1/jobs/umpires body', () => {
  it.each(fixtureBodies('umpires').map((f) => [f.file, f.body] as const))('%s', (_name, body: J) => {
    const { rows, rejects } = extractStaff(body, { listing: 'umpires', sportId: 1, asOfDate: '2024-07-01' });
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(body.roster.length);
    for (const [i, r] of rows.entries()) {
      const e = body.roster[i];
      expect(r).toMatchObject({
        listing: 'umpires',
        sport_id: 1,
        person_id: e.person.id,
        full_name: e.person.fullName,
        job_id: e.jobId,
      });
      expect(r.jersey_number).toBe(e.jerseyNumber || null); // an empty number is no number
    }
  });
});

describe('staff extraction of awkward entries', () => {
  it('rejects an entry without a person and a person listed twice', () => {
    const body = {
      roster: [{ person: { id: 7, fullName: 'A' }, jobId: 'UMPR' }, { job: 'Umpire' }, { person: { id: 7 } }],
    };
    const { rows, rejects } = extractStaff(body, { listing: 'umpires', sportId: 1, asOfDate: '2024-07-01' });
    expect(rows.map((r) => r.person_id)).toEqual([7]);
    expect(rejects.map((r) => r.path)).toEqual(['roster[1]', 'roster[2]']);
  });
});

describe('dugout snapshot staff against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let day: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 4 });
    day = addDays(firstRegularDate(h.sim), 3);
    h.sim.setNow(new Date(`${day}T12:00:00Z`));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = (args: Record<string, unknown>) =>
    snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ date: day, ...args }));

  it('stores every umpire and official scorer; a second run changes nothing', { timeout: 120_000 }, async () => {
    const run = await snapshot({ name: 'staff' });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ snapshot: 'staff', requests: 2, changed: 2, unchanged: 0 });
    const counts = await queryRows<{ listing: string; n: number; numbered: number }>(
      t.database.db,
      sql`select listing, count(*)::int as n, count(jersey_number)::int as numbered from mlb.league_staff group by listing order by listing`,
    );
    expect(counts).toEqual([
      { listing: 'officialScorers', n: 30, numbered: 0 },
      { listing: 'umpires', n: 76, numbered: 76 },
    ]);
    const again = await snapshot({ name: 'staff' });
    expect(again.result).toMatchObject({ requests: 2, changed: 0, unchanged: 2 });
    expect(await scalar(t.database.db, "select count(*) from raw.snapshots where operation like 'job.%'")).toBe(2);
  });

  it('the daily run (no name) takes every snapshot of the catalogue in order', { timeout: 240_000 }, async () => {
    const run = await snapshot({});
    expect(run.status, String(run.error)).toBe('succeeded');
    const names = (run.result as { snapshots: Array<{ snapshot: string }> }).snapshots.map((s) => s.snapshot);
    expect(names).toEqual([
      'roster',
      'stats',
      'staff',
      'awards',
      'seasons',
      'coaches',
      'postseason',
      'draft',
      'venues',
    ]);
    expect(await scalar(t.database.db, 'select count(distinct team_id) from mlb.roster_entries')).toBe(30);
    expect(await scalar(t.database.db, 'select count(*) from mlb.official_stats')).toBeGreaterThan(0);
  });

  it('dugout rebuild re-derives every snapshot table from raw.snapshots without a request', {
    timeout: 240_000,
  }, async () => {
    const tables = ['mlb.roster_entries', 'mlb.official_stats', 'mlb.league_staff', 'mlb.seasons', 'mlb.team_coaches'];
    const digest = async () => Promise.all(tables.map((table) => tableDigest(t.database.db, table)));
    const before = await digest();
    for (const table of tables) await t.database.db.execute(sql.raw(`delete from ${table}`));
    const requests = h.sim.requestLog.length;
    const offline = { ...h, url: 'http://127.0.0.1:9/api' };
    const run = await rebuildJob.run(runDeps(t.database, offline), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requests);
    expect(await digest()).toEqual(before);
    expect(before.every((d) => d.rows > 0)).toBe(true);
  });
});
