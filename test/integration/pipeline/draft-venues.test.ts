import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { draftStartMs } from '../../../src/sim/draft.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

/** Two seasons served: 2022, when every third simulated park still had its deeper center field, and 2023. */
describe('the draft and the venues snapshots against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 5, season: 2023, history: 1 });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = (name: string, args: Record<string, unknown> = {}) =>
    snapshotJob.run(runDeps(t.database, h), snapshotJob.args.parse({ name, ...args }));
  const simBody = (path: string): J => JSON.parse(h.sim.render(`/api${path}`).text);
  const picksOf = (body: J) => body.drafts.rounds.flatMap((r: J) => r.picks);

  it('loads the picks made by the clock, replaces them when the body changes, and a re-run writes nothing', {
    timeout: 120_000,
  }, async () => {
    const start = draftStartMs(2023);
    // An hour into the first night: 30 picks made, none signed yet.
    h.sim.setNow(new Date(start + 59 * 60_000));
    const first = await snapshot('draft');
    expect(first.status, String(first.error)).toBe('succeeded');
    expect(first.result).toMatchObject({ requests: 1, changed: 1 });
    const db = t.database.db;
    expect(await scalar(db, 'select count(*) from mlb.draft_picks where year = 2023')).toBe(30);
    expect(await scalar(db, 'select count(*) from mlb.draft_picks where signing_bonus is not null')).toBe(0);

    // August: every pick made, most of them signed.
    h.sim.setNow(new Date(Date.UTC(2023, 7, 20, 12)));
    const later = await snapshot('draft');
    expect(later.result).toMatchObject({ requests: 1, changed: 1 });
    const picks = picksOf(simBody('/v1/draft/2023'));
    expect(picks.length).toBeGreaterThan(600);
    const rows = await queryRows<J>(
      db,
      sql`select pick_number, pick_round, team_id, person_id, school_name, signing_bonus::float8 as bonus,
                 pick_value::float8 as value
          from mlb.draft_picks where year = 2023 order by pick_number`,
    );
    expect(
      rows.map((r) => [r.pick_number, r.pick_round, r.team_id, r.person_id, r.school_name, r.bonus, r.value]),
    ).toEqual(
      picks.map((p: J) => [
        p.pickNumber,
        p.pickRound,
        p.team.id,
        p.person.id,
        p.school.name,
        p.signingBonus === undefined ? null : Number(p.signingBonus),
        p.pickValue === undefined ? null : Number(p.pickValue),
      ]),
    );
    expect(rows.filter((r) => r.bonus !== null).length).toBeGreaterThan(picks.length / 2);

    // The same body again: nothing written, no pick twice; both versions kept in raw.snapshots.
    const again = await snapshot('draft');
    expect(again.result).toMatchObject({ requests: 1, changed: 0, unchanged: 1 });
    expect(await scalar(db, 'select count(*) from mlb.draft_picks where year = 2023')).toBe(picks.length);
    expect(await scalar(db, "select count(*) from raw.snapshots where operation = 'season.draft'")).toBe(2);
    // The reader role reads it as any mlb table (grants on the schema): checked by its documentation.
    expect(
      await scalar(
        db,
        "select count(*) from pg_description where objoid = 'mlb.draft_picks'::regclass and objsubid = 0",
      ),
    ).toBe(1);
  });

  it('fetches the draft and the venues of every season of the stored games once, beside the season asked', {
    timeout: 240_000,
  }, async () => {
    const day2022 = h.sim
      .listGames()
      .filter((g) => g.season === 2022 && g.gameType === 'R')
      .map((g) => g.officialDate)
      .sort()[30]!;
    const fill = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day2022, endDate: day2022 } });
    expect(fill.status, String(fill.error)).toBe('succeeded');
    const db = t.database.db;
    const draft = await snapshot('draft', { season: 2023 });
    expect(draft.result).toMatchObject({ requests: 2 });
    expect(await scalar(db, 'select count(*) from mlb.draft_picks where year = 2022')).toBe(
      picksOf(simBody('/v1/draft/2022')).length,
    );
    // Once fetched, a stored season is not asked again.
    expect((await snapshot('draft', { season: 2023 })).result).toMatchObject({ requests: 1 });

    const venues = await snapshot('venues', { season: 2023 });
    expect(venues.status, String(venues.error)).toBe('succeeded');
    expect(venues.result).toMatchObject({ requests: 2, changed: 2 });
    expect((await snapshot('venues', { season: 2023 })).result).toMatchObject({ requests: 1, changed: 0 });

    // Each season's field as the game feeds of that season show it.
    const games = h.sim.listGames().filter((g) => g.gameType === 'R' && g.sportId === 1);
    for (const season of [2022, 2023]) {
      const pk = games.find((g) => g.season === season)!.gamePk;
      const venue = simBody(`/v1.1/game/${pk}/feed/live`).gameData.venue;
      const [row] = await queryRows<J>(
        db,
        sql`select capacity, turf_type, roof_type, left_line, left_center, center, right_center, right_line
            from mlb.venue_field_info where venue_id = ${venue.id} and season = ${season}`,
      );
      const f = venue.fieldInfo;
      expect(row).toEqual({
        capacity: f.capacity,
        turf_type: f.turfType,
        roof_type: f.roofType,
        left_line: f.leftLine,
        left_center: f.leftCenter,
        center: f.center,
        right_center: f.rightCenter,
        right_line: f.rightLine,
      });
    }
    // Of the parks of both seasons, one whose fences moved between them has two stretches; an unchanged one has one.
    const stretches = await queryRows<J>(
      db,
      sql`select venue_id, count(*)::int as n, min(valid_from_season) as first, max(valid_to_season) as last
          from analytics.venue_fields
          where venue_id in (select venue_id from mlb.venue_field_info group by venue_id having count(*) = 2)
          group by venue_id order by venue_id`,
    );
    const moved = stretches.filter((s) => s.n === 2);
    expect(moved.length).toBeGreaterThan(0);
    expect(stretches.filter((s) => s.n === 1).length).toBeGreaterThan(0);
    expect(stretches.every((s) => s.first === 2022 && s.last === 2023)).toBe(true);
    const [m] = await queryRows<J>(
      db,
      sql`select (select center from mlb.venue_field_info where venue_id = ${moved[0].venue_id} and season = 2022) -
                 (select center from mlb.venue_field_info where venue_id = ${moved[0].venue_id} and season = 2023) as deeper`,
    );
    expect(m!.deeper).toBe(8);
  });

  it('dugout rebuild re-derives both tables from the stored bodies, without a request', {
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const digest = async () =>
      queryRows<J>(
        db,
        sql`select (select count(*)::int from mlb.draft_picks) as picks,
                   (select md5(string_agg(concat_ws(',', d.year, d.pick_number, d.pick_round, d.team_id, d.person_id, d.school_name,
                     d.signing_bonus, d.pick_value, d.as_of_date), '|' order by d.year, d.pick_number))
                     from mlb.draft_picks d) as picks_md5,
                   (select md5(string_agg(concat_ws(',', v.venue_id, v.season, v.capacity, v.center, v.left_center),
                     '|' order by v.venue_id, v.season)) from mlb.venue_field_info v) as venues_md5`,
      );
    const before = await digest();
    await db.execute(sql`delete from mlb.draft_picks`);
    await db.execute(sql`delete from mlb.venue_field_info`);
    const requests = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requests);
    // run_id differs (the rebuild's run); every other column is as loaded.
    const after = await digest();
    expect(after[0].picks).toBe(before[0].picks);
    expect(after[0].picks_md5).toBe(before[0].picks_md5);
    expect(after[0].venues_md5).toBe(before[0].venues_md5);
    expect(
      await scalar(db, 'select count(*) from mlb.draft_picks where year = 2023 and as_of_date is not null'),
    ).toBeGreaterThan(600);
  });
});
