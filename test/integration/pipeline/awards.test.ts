import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractAwardCatalogue, extractPersonAwards } from '../../../src/extract/awards.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, tableDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

describeRecorded('award catalogue extraction over every recorded /v1/awards body', () => {
  it.each(fixtureBodies('awards').map((f) => [f.file, f.body] as const))('%s', (_name, body: J) => {
    const { rows, rejects } = extractAwardCatalogue(body, { asOfDate: '2024-07-01' });
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(body.awards.length);
    for (const [i, r] of rows.entries()) {
      const a = body.awards[i];
      expect(r).toEqual({
        award_id: a.id,
        name: a.name ?? null,
        description: a.description || null,
        sort_order: a.sortOrder ?? null,
        sport_id: a.sport?.id ?? null,
        league_id: a.league?.id ?? null,
        notes: a.notes || null,
        active: a.active ?? null,
        as_of_date: '2024-07-01',
      });
    }
    // Every award names its sport or its league.
    expect(rows.filter((r) => r.sport_id === null && r.league_id === null).map((r) => r.award_id)).toEqual(
      body.awards.filter((a: J) => !a.sport && !a.league).map((a: J) => a.id),
    );
  });
});

describe('award extraction of awkward entries', () => {
  it('rejects an award without an id and a repeated id in the catalogue', () => {
    const body = { awards: [{ id: 'ALMVP', name: 'AL MVP' }, { name: 'nameless' }, { id: 'ALMVP', name: 'again' }] };
    const { rows, rejects } = extractAwardCatalogue(body, { asOfDate: '2024-07-01' });
    expect(rows.map((r) => [r.award_id, r.name])).toEqual([['ALMVP', 'AL MVP']]);
    expect(rejects.map((r) => [r.path, r.reason])).toEqual([
      ['awards[1]', 'award without an id'],
      ['awards[2]', 'award ALMVP listed twice; the first entry is kept'],
    ]);
  });

  it("keys a person's receipts by date, else season; refuses another player's award and a receipt listed twice", () => {
    const body = {
      awards: [
        {
          id: 'ALPOW',
          name: 'AL Player of the Week',
          date: '2024-04-08',
          season: '2024',
          team: { id: 147 },
          player: { id: 5 },
        },
        { id: 'ALPOW', date: '2024-04-15', season: '2024', player: { id: 5 } },
        { id: 'MLBHOF', season: '2031' },
        { id: 'ALMVP', season: '2024', player: { id: 6 } },
        { id: 'ALPOW', date: '2024-04-08', player: { id: 5 } },
        { id: 'XYZ', date: 'April 8' },
      ],
    };
    const { rows, rejects } = extractPersonAwards(body, { personId: 5, asOfDate: '2024-07-01' });
    expect(rows.map((r) => [r.award_id, r.award_key, r.award_date, r.season, r.team_id])).toEqual([
      ['ALPOW', '2024-04-08', '2024-04-08', 2024, 147],
      ['ALPOW', '2024-04-15', '2024-04-15', 2024, null],
      ['MLBHOF', '2031', null, 2031, null],
      ['XYZ', '', null, null, null],
    ]);
    expect(rows.every((r) => r.person_id === 5)).toBe(true);
    expect(rejects.map((r) => r.path)).toEqual(['awards[3]', 'awards[4]']);
    expect(rejects[0]?.reason).toBe('award of player 6 in the body of person 5');
  });
});

describe('dugout snapshot awards against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let day: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 4 });
    // Three weeks in: at least two Players of the Week of each league are announced.
    day = addDays(firstRegularDate(h.sim), 20);
    h.sim.setNow(new Date(`${day}T12:00:00Z`));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = (args: Record<string, unknown>) =>
    snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ date: day, ...args }));
  const fetchedPeople = () =>
    scalar(t.database.db, "select count(distinct params_key) from raw.snapshots where operation = 'person.award'");

  it('without a roster or a game of the season there is nobody to ask about: only the catalogue', {
    timeout: 60_000,
  }, async () => {
    const run = await snapshot({ name: 'awards' });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ snapshot: 'awards', requests: 1, changed: 1 });
    const catalogue = await queryRows<{ award_id: string; league_id: number | null; sport_id: number | null }>(
      t.database.db,
      sql`select award_id, league_id, sport_id from mlb.awards order by award_id`,
    );
    expect(catalogue).toEqual([
      { award_id: 'ALMVP', league_id: 103, sport_id: null },
      { award_id: 'ALPOW', league_id: 103, sport_id: null },
      { award_id: 'MLBHOF', league_id: null, sport_id: 1 },
      { award_id: 'NLMVP', league_id: 104, sport_id: null },
      { award_id: 'NLPOW', league_id: 104, sport_id: null },
    ]);
  });

  it("fetches the season's players at most --max-people per run, those never asked first, until everyone is stored", {
    timeout: 180_000,
  }, async () => {
    expect((await snapshot({ name: 'roster' })).status).toBe('succeeded');
    const scope = await scalar(t.database.db, 'select count(distinct person_id) from mlb.roster_entries');
    expect(scope).toBeGreaterThan(300);
    const first = await snapshot({ name: 'awards', maxPeople: 100 });
    expect(first.result).toMatchObject({ requests: 101, changed: 100, unchanged: 1 });
    expect(await fetchedPeople()).toBe(100);
    const second = await snapshot({ name: 'awards', maxPeople: 100 });
    expect(second.result).toMatchObject({ requests: 101, changed: 100, unchanged: 1 });
    expect(await fetchedPeople()).toBe(200);
    const rest = await snapshot({ name: 'awards', maxPeople: 20000 });
    expect(rest.result).toMatchObject({ requests: scope + 1, changed: scope - 200, unchanged: 201 });
    expect(await fetchedPeople()).toBe(scope);

    // What is stored is what the simulator gives each of them, receipt by receipt.
    const people = await queryRows<{ id: number }>(
      t.database.db,
      sql`select distinct person_id as id from mlb.roster_entries order by 1`,
    );
    const expected = people.flatMap(({ id }) =>
      (JSON.parse(h.sim.render(`/api/v1/people/${id}/awards`).text).awards as J[]).map(
        (a) => `${id}|${a.id}|${a.date}|${a.team.id}`,
      ),
    );
    const stored = await queryRows<{ k: string }>(
      t.database.db,
      sql`select person_id || '|' || award_id || '|' || award_date || '|' || team_id as k from mlb.person_awards`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(stored.map((r) => r.k).sort()).toEqual(expected.sort());
    const weekly = await queryRows<{ award_id: string; weeks: number; winners: number }>(
      t.database.db,
      sql`select award_id, count(distinct award_date)::int as weeks, count(*)::int as winners from mlb.person_awards group by award_id order by award_id`,
    );
    expect(weekly.map((w) => w.award_id)).toEqual(['ALPOW', 'NLPOW']);
    for (const w of weekly) {
      expect(w.weeks).toBeGreaterThanOrEqual(2);
      expect(w.winners).toBe(w.weeks); // one player of the week per league and week
    }
  });

  it("keeps a person's history only when his awards change: a week later only the new winners are new bodies", {
    timeout: 180_000,
  }, async () => {
    const bodiesBefore = await scalar(
      t.database.db,
      "select count(*) from raw.snapshots where operation = 'person.award'",
    );
    const winnersBefore = await scalar(t.database.db, 'select count(*) from mlb.person_awards');
    day = addDays(day, 7);
    h.sim.setNow(new Date(`${day}T12:00:00Z`));
    const run = await snapshot({ name: 'awards', maxPeople: 20000 });
    const result = run.result as { changed: number; requests: number };
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(result.changed).toBeLessThanOrEqual(2);
    expect(await scalar(t.database.db, "select count(*) from raw.snapshots where operation = 'person.award'")).toBe(
      bodiesBefore + result.changed,
    );
    expect(await scalar(t.database.db, 'select count(*) from mlb.person_awards')).toBe(winnersBefore + 2);
  });

  it('dugout rebuild re-derives the award tables from raw.snapshots without a request', {
    timeout: 120_000,
  }, async () => {
    const tables = ['mlb.awards', 'mlb.person_awards'];
    const digest = async () => Promise.all(tables.map((table) => tableDigest(t.database.db, table)));
    const before = await digest();
    for (const table of tables) await t.database.db.execute(sql.raw(`delete from ${table}`));
    const requests = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, { ...h, url: 'http://127.0.0.1:9/api' }), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requests);
    expect(await digest()).toEqual(before);
    expect(before.every((d) => d.rows > 0)).toBe(true);
  });
});
