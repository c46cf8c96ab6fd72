import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractBoxscore, extractPlayByPlay } from '../../../src/extract/index.js';
import { readCursor } from '../../../src/db/queries/cursors.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;

describe('sync after the simulated clock moves', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let lastDay: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 3 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    lastDay = addDays(d0, 4);
    // Morning after lastDay: the range is final, the next day's games are not played yet.
    h = await startSim({ seed: 3, now: new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY + 14 * 3_600_000) });
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: d0, endDate: lastDay } });
    expect(run.status).toBe('succeeded');
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('picks up new finals, a correction and a changed person, and moves the cursors', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const loaded = (await queryRows<{ pk: number }>(db, sql`select game_pk as pk from raw.boxscores order by 1`)).map(
      (r) => Number(r.pk),
    );
    const target = loaded[3]!;
    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mlb.plays where game_pk = ${target}`,
    );

    h.sim.advance(DAY);
    const correction = h.sim.correctGame(target);
    expect(correction.gamePk).toBe(target);
    const person = h.sim.changePerson();
    const newFinals = h.sim
      .listGames()
      .filter((g) => g.officialDate === addDays(lastDay, 1) && g.codedGameState === 'F')
      .map((g) => g.gamePk);
    expect(newFinals.length).toBeGreaterThan(0);

    const run = await syncJob.run(runDeps(t.database, h), { daysBack: 3, daysAhead: 1 });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.counts.gamesLoaded).toBe(newFinals.length + 1);

    for (const pk of newFinals)
      expect(await scalar(db, `select count(*) from mlb.plays where game_pk = ${pk}`)).toBeGreaterThan(0);

    // The corrected game's rows are exactly the rows of the corrected bodies: replaced, none left behind.
    const box = await (await fetch(`${h.url}/v1/game/${target}/boxscore`)).json();
    const pbp = await (await fetch(`${h.url}/v1/game/${target}/playByPlay`)).json();
    const want = { ...extractBoxscore(target, box).rows, ...extractPlayByPlay(target, pbp).rows };
    expect(await scalar(db, `select count(*) from mlb.plays where game_pk = ${target}`)).toBe(want.plays.length);
    expect(await scalar(db, `select count(*) from mlb.pitches where game_pk = ${target}`)).toBe(want.pitches.length);
    expect(await scalar(db, `select count(*) from mlb.batting_lines where game_pk = ${target}`)).toBe(
      want.battingLines.length,
    );
    const hits = await queryRows<{ h: number }>(
      db,
      sql`select sum(hits)::int as h from mlb.batting_lines where game_pk = ${target}`,
    );
    expect(Number(hits[0]!.h)).toBe(want.battingLines.reduce((s, r) => s + (r.hits ?? 0), 0));
    const events = await queryRows<{ e: string | null }>(
      db,
      sql`select event_type as e from mlb.plays where game_pk = ${target} order by at_bat_index`,
    );
    expect(events.map((e) => e.e)).toEqual(want.plays.map((p) => p.event_type));
    expect(Number(before[0]!.n)).toBeGreaterThan(0);

    // The changed person was fetched again.
    const p = (await (await fetch(`${h.url}/v1/people/${person.personId}`)).json()) as {
      people: Array<{ currentTeam?: { id: number }; primaryNumber?: string }>;
    };
    const served = p.people[0]!;
    const stored = await queryRows<{ team: number | null; num: string | null }>(
      db,
      sql`select current_team_id as team, primary_number as num from mlb.people where person_id = ${person.personId}`,
    );
    expect(stored[0]).toEqual({ team: served.currentTeam?.id ?? null, num: served.primaryNumber ?? null });

    expect((await readCursor(db, 'game_changes'))?.toISOString()).toBe(h.sim.now().toISOString());
    expect(await readCursor(db, 'people_changes')).toBeDefined();
  });

  it('does nothing more when run again at the same time', { timeout: 120_000 }, async () => {
    const run = await syncJob.run(runDeps(t.database, h), { daysBack: 3, daysAhead: 1 });
    expect(run.status).toBe('succeeded');
    expect(run.counts.gamesLoaded).toBe(0);
  });
});
