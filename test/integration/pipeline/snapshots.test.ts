import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractRoster } from '../../../src/extract/roster.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

describeRecorded('roster extraction over every recorded roster body', () => {
  it.each(fixtureBodies('roster').map((f) => [f.file, f.body] as const))('%s', (_name, body: J) => {
    const { rows, rejects } = extractRoster(body, { teamId: 147, rosterType: 'active', date: '2024-07-01' });
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(body.roster.length);
    expect(new Set(rows.map((r) => r.person_id)).size).toBe(rows.length);
    for (const [i, r] of rows.entries()) {
      expect(r).toMatchObject({
        team_id: 147,
        roster_type: 'active',
        roster_date: '2024-07-01',
        person_id: body.roster[i].person.id,
      });
      expect(r.status_code).toBe(body.roster[i].status?.code ?? null);
      expect(r.position_code).toBe(body.roster[i].position?.code ?? null);
    }
  });
});

describe('roster extraction of awkward entries', () => {
  it('rejects an entry without a person and a person listed twice, keeping the rest', () => {
    const body = {
      roster: [
        { person: { id: 1, fullName: 'A' } },
        { jerseyNumber: '9' },
        { person: { id: 1, fullName: 'A again' } },
        { person: { id: 2 } },
      ],
    };
    const { rows, rejects } = extractRoster(body, { teamId: 5, rosterType: '40Man', date: '2025-05-01' });
    expect(rows.map((r) => [r.person_id, r.full_name])).toEqual([
      [1, 'A'],
      [2, null],
    ]);
    expect(rejects.map((r) => r.path)).toEqual(['roster[1]', 'roster[2]']);
  });
});

describe('dugout snapshot roster against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 3 });
    d1 = addDays(firstRegularDate(h.sim), 20);
    d2 = addDays(d1, 1);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = (date: string) =>
    snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ name: 'roster', date }));
  const bodies = () => scalar(t.database.db, 'select count(*) from raw.snapshots');

  it("stores every club's 40-man and active roster, and a re-run of the same day changes nothing", {
    timeout: 120_000,
  }, async () => {
    h.sim.setNow(new Date(`${d1}T12:00:00Z`));
    const first = await snapshot(d1);
    expect(first.status, String(first.error)).toBe('succeeded');
    expect(first.result).toMatchObject({ requests: 60, changed: 60, unchanged: 0 });
    expect(first.counts.requests).toBeGreaterThanOrEqual(60); // and the reference lists, once, on an empty warehouse
    expect(await bodies()).toBe(60);
    const perTeam = await queryRows<{ roster_type: string; teams: number; min: number }>(
      t.database.db,
      sql`select roster_type, count(distinct team_id)::int as teams, min(n)::int as min from
          (select team_id, roster_type, count(*) as n from mlb.roster_entries where roster_date = ${d1} group by 1, 2) x group by 1 order by 1`,
    );
    expect(perTeam).toEqual([
      { roster_type: '40Man', teams: 30, min: expect.any(Number) },
      { roster_type: 'active', teams: 30, min: expect.any(Number) },
    ]);
    expect(perTeam.every((r) => r.min > 20)).toBe(true);

    const again = await snapshot(d1);
    expect(again.result).toMatchObject({ requests: 60, changed: 0, unchanged: 60 });
    expect(await bodies()).toBe(60); // history is kept only on change
    const [seen] = await queryRows<{ moved: boolean }>(
      t.database.db,
      sql`select bool_and(last_seen_at > first_seen_at) as moved from raw.snapshots`,
    );
    expect(seen?.moved).toBe(true);
  });

  it('a traded player shows as removed from one club and added to the other; a changed body adds a version', {
    timeout: 120_000,
  }, async () => {
    const active = await queryRows<{ team_id: number; person_id: number }>(
      t.database.db,
      sql`select team_id, person_id from mlb.roster_entries where roster_date = ${d1} and roster_type = 'active' order by team_id, person_id limit 1`,
    );
    const { team_id: from, person_id: player } = active[0]!;
    h.sim.setNow(new Date(`${d2}T10:00:00Z`));
    const trade = h.sim.changePerson(player);
    const to = Number(/-> (\d+)/.exec(trade.change)?.[1]);
    expect(trade.change).toMatch(/^trade/);

    const second = await snapshot(d2);
    expect(second.status).toBe('succeeded');
    const moves = await queryRows<{ team_id: number; move: string; roster_type: string }>(
      t.database.db,
      sql`select team_id, move, roster_type from analytics.roster_moves where person_id = ${player} and move_date = ${d2} order by roster_type, move`,
    );
    expect(moves).toEqual(
      expect.arrayContaining([
        { team_id: to, move: 'added', roster_type: 'active' },
        { team_id: from, move: 'removed', roster_type: 'active' },
      ]),
    );
    // Nobody else moved between the two days.
    expect(
      await scalar(
        t.database.db,
        `select count(*) from analytics.roster_moves where move_date = '${d2}' and person_id <> ${player}`,
      ),
    ).toBe(0);

    // The day before is unchanged (its roster is as of the end of that day), and a new jersey number
    // on d2 is a new version of that club's bodies, the old ones kept.
    expect((await snapshot(d1)).result).toMatchObject({ changed: 0 });
    const before = await bodies();
    h.sim.changePerson(player); // the second change of the simulator is a number change
    const third = await snapshot(d2);
    expect((third.result as { changed: number }).changed).toBeGreaterThan(0);
    expect(await bodies()).toBe(before + (third.result as { changed: number }).changed);
    const [versions] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select max(n)::int as n from (select count(*) as n from raw.snapshots group by operation, params_key) x`,
    );
    expect(versions?.n).toBe(2);
  });
});

describe('dugout snapshot usage', () => {
  it.each([
    [['snapshot', 'drafts']],
    [['snapshot', 'roster', '--date', '2025-02-30']],
    [['snapshot']],
    [['snapshot', 'stats', '--page-size', '5']],
  ])('%j is one line and exit 2 before any connection', async (args) => {
    const r = await runCli(args, {
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', STATSAPI_BASE_URL: 'http://127.0.0.1:9/api' },
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
