import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;
/** Six mornings here; `DUGOUT_ASOF_MORNINGS=30` checks a simulated month (issue 53's span) outside CI. */
const MORNINGS = Number(process.env.DUGOUT_ASOF_MORNINGS ?? 6);

type Row = Record<string, unknown>;
const norm = (rows: Row[]) =>
  rows.map((r) =>
    JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)]))),
  );

const BATTING = `person_id, team_id, season, game_type, games, pa, ab, r, h, doubles, triples, hr, rbi, bb, hbp, sf, so, sb, tb, avg, obp, slg, ops`;

describe('the warehouse as of each morning of a simulated span', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let d0: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 11 });
    d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 11, now: new Date(Date.parse(`${d0}T14:00:00Z`)) });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it("season batting and standings as of each morning equal what the warehouse returned right after that morning's run", {
    timeout: Math.max(900_000, MORNINGS * 150_000),
  }, async () => {
    const db = t.database.db;
    const season = Number(d0.slice(0, 4));
    const captured: Array<{ at: string; batting: string[]; standings: string[] }> = [];
    for (let day = 1; day <= MORNINGS; day++) {
      h.sim.advance(DAY);
      // Scoring changes on games of the days before: the change log lists some, the re-polls find the others.
      if (day >= 3) {
        const finals = h.sim
          .listGames()
          .filter((g) => g.officialDate >= d0 && g.officialDate < addDays(d0, day - 1) && g.codedGameState === 'F')
          .map((g) => g.gamePk)
          .sort((a, b) => a - b);
        h.sim.correctGame(finals[day % finals.length]!, { silent: day % 2 === 0 });
        h.sim.correctGame(finals[(day * 7) % finals.length]!);
      }
      const run = await syncJob.run(runDeps(t.database, h), { daysBack: 2, daysAhead: 0 });
      expect(run.status, String(run.error)).toBe('succeeded');
      const at = new Date(h.sim.now()).toISOString();
      const batting = norm(
        await queryRows<Row>(
          db,
          sql.raw(
            `select ${BATTING} from analytics.season_batting where season = ${season} order by person_id, team_id, game_type`,
          ),
        ),
      );
      const standings = norm(
        await queryRows<Row>(
          db,
          sql.raw(`select team_id, wins, losses, pct, games_back from analytics.standings
                   where season = ${season} and as_of_date = (select max(as_of_date) from analytics.standings where season = ${season})
                   order by team_id`),
        ),
      );
      captured.push({ at, batting, standings });
    }
    expect(await queryRows(db, sql`select 1 from mlb.scoring_changes limit 1`)).toHaveLength(1);
    for (const c of captured) {
      expect(c.batting.length).toBeGreaterThan(0);
      expect(c.standings.length).toBeGreaterThan(0);
      const batting = norm(
        await queryRows<Row>(
          db,
          sql.raw(`select ${BATTING} from analytics.season_batting_as_of('${c.at}') where season = ${season}
                   order by person_id, team_id, game_type`),
        ),
      );
      expect(batting, `season batting as of ${c.at}`).toEqual(c.batting);
      const standings = norm(
        await queryRows<Row>(
          db,
          sql.raw(`select team_id, wins, losses, pct, games_back from analytics.standings_as_of('${c.at}')
                   where season = ${season} order by team_id`),
        ),
      );
      expect(standings, `standings as of ${c.at}`).toEqual(c.standings);
    }
    // The mornings differ from one another and from now: the comparison could fail.
    expect(new Set(captured.map((c) => c.batting.join('\n'))).size).toBe(MORNINGS);
  });
});
