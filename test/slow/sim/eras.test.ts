import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { eraOf } from '../../../src/sim/era.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/** One season of each era boundary, served as history of one simulator (2007–2026). */
const ERAS = [2007, 2012, 2016, 2020, 2021, 2022, 2023, 2026];

interface EraCounts {
  games: number;
  pitches: number;
  tracked: number;
  launched: number;
  battedBalls: number;
  placedRunners: number;
  extraHalves: number;
  timerViolations: number;
  pitcherBatting: number;
  nlParkGames: number;
}

/**
 * A week of August of every era, backfilled from one simulator serving twenty seasons: each era's
 * bodies load, pass `dugout check`, and leave null what the era did not record.
 */
describe('a week of every simulated era backfills and passes the checks', () => {
  let t: TestDatabase;
  let h: SimHarness;
  const counts = new Map<number, EraCounts>();

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 41, season: 2026, history: 19 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('loads a week of each era and every check passes', { timeout: 1_800_000 }, async () => {
    const deps = runDeps(t.database, h);
    for (const season of ERAS) {
      const range = { startDate: `${season}-08-10`, endDate: `${season}-08-16` };
      const run = await backfillJob.run(deps, { range });
      expect({ season, status: run.status, error: run.error ? String(run.error) : undefined }).toEqual({
        season,
        status: 'succeeded',
        error: undefined,
      });
      expect(run.counts.gamesLoaded).toBeGreaterThan(60);
    }
    const check = await checkJob.run(deps, {});
    const failed = ((check.result as { checks: CheckResult[] }).checks ?? []).filter((c) => !c.passed);
    expect(failed).toEqual([]);

    const db = t.database.db;
    const rows = await queryRows<EraCounts & { season: number }>(
      db,
      sql`select g.season,
            count(distinct g.game_pk)::int as games,
            (select count(*) from mlb.pitches p join mlb.games x using (game_pk) where x.season = g.season)::int as pitches,
            (select count(start_speed) from mlb.pitches p join mlb.games x using (game_pk) where x.season = g.season)::int as tracked,
            (select count(launch_speed) from mlb.pitches p join mlb.games x using (game_pk) where x.season = g.season)::int as launched,
            (select count(trajectory) from mlb.pitches p join mlb.games x using (game_pk) where x.season = g.season)::int as "battedBalls",
            (select count(*) from mlb.play_actions a join mlb.games x using (game_pk)
              where x.season = g.season and a.event_type = 'runner_placed')::int as "placedRunners",
            (select count(distinct (p.game_pk, p.inning, p.half_inning)) from mlb.plays p join mlb.games x using (game_pk)
              where x.season = g.season and x.game_type = 'R' and p.inning > coalesce(x.scheduled_innings, 9))::int as "extraHalves",
            (select count(*) from mlb.play_actions a join mlb.games x using (game_pk)
              where x.season = g.season and (a.event_type = 'forced_balk'
                or (a.type = 'no_pitch' and a.description like '%Timer Violation%')))::int as "timerViolations",
            (select count(*) from mlb.batting_lines b join mlb.games x using (game_pk)
              where x.season = g.season and b.position = 'P' and b.batting_order is not null)::int as "pitcherBatting",
            (select count(*) from mlb.games x join mlb.team_seasons ts on ts.team_id = x.home_team_id and ts.season = x.season
              where x.season = g.season and ts.league_id = 104)::int as "nlParkGames"
          from mlb.games g
          where exists (select 1 from raw.boxscores b where b.game_pk = g.game_pk)
          group by g.season order by g.season`,
    );
    for (const r of rows) counts.set(r.season, r);
    expect([...counts.keys()]).toEqual(ERAS);
  });

  it('leaves null what an era did not record, and plays by its rules', () => {
    for (const season of ERAS) {
      const c = counts.get(season)!;
      const era = eraOf(season);
      const seen = {
        season,
        pitchData: c.tracked > 0,
        fullyTracked: c.tracked === 0 || c.tracked === c.pitches,
        launchData: c.launched > 0,
        battedBalls: c.battedBalls > 0,
        automaticRunner: c.placedRunners > 0,
        pitchTimer: c.timerViolations > 0,
        pitchersBat: c.pitcherBatting > 0,
      };
      expect(seen).toEqual({
        season,
        pitchData: era.pitchTracking !== 'none',
        fullyTracked: true,
        launchData: era.launchData,
        battedBalls: true,
        // Every extra half-inning of a regular-season game starts with a placed runner, or none does.
        automaticRunner: era.automaticRunner && c.extraHalves > 0,
        pitchTimer: era.pitchTimer,
        pitchersBat: !era.universalDh && c.nlParkGames > 0,
      });
      if (era.automaticRunner) expect(c.placedRunners).toBe(c.extraHalves);
    }
  });
});
