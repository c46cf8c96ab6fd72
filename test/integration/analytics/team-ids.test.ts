import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { runChecks } from '../../../src/db/queries/checks.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

/** The hand-kept crosswalk of clubs (mlb.team_ids) and the check that every club of the warehouse is in it. */

interface Span {
  team_id: number;
  first_season: number;
  last_season: number | null;
  league: string;
  retro_team: string;
  bbref_team: string;
  lahman_team_id: string;
  lahman_franch_id: string;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await t?.drop();
});

/** Whether the crosswalk has a row of this club for this season. */
async function covered(teamId: number, season: number): Promise<boolean> {
  const rows = await queryRows(
    t.database.db,
    sql`select 1 from mlb.team_ids where team_id = ${teamId} and first_season <= ${season}
        and (last_season is null or last_season >= ${season})`,
  );
  return rows.length === 1;
}

describe('mlb.team_ids', () => {
  it('gives each of the 30 clubs one unbroken run of spans from its first season to now, each with every code', async () => {
    const spans = await queryRows<Span>(
      t.database.db,
      sql`select team_id, first_season, last_season, league, retro_team, bbref_team, lahman_team_id, lahman_franch_id
          from mlb.team_ids order by team_id, first_season`,
    );
    const byTeam = new Map<number, Span[]>();
    for (const s of spans) byTeam.set(s.team_id, [...(byTeam.get(s.team_id) ?? []), s]);
    expect(byTeam.size).toBe(30);
    for (const [teamId, list] of byTeam) {
      expect(list[0]!.first_season, String(teamId)).toBeGreaterThanOrEqual(1901);
      for (let i = 1; i < list.length; i++) {
        expect(list[i]!.first_season, `${teamId} after ${list[i - 1]!.last_season}`).toBe(
          list[i - 1]!.last_season! + 1,
        );
      }
      expect(
        list.filter((s) => s.last_season === null),
        String(teamId),
      ).toEqual([list.at(-1)]);
      expect(new Set(list.map((s) => s.lahman_franch_id)).size, `one franchID for ${teamId}`).toBe(1);
      for (const s of list) {
        expect(['AL', 'NL']).toContain(s.league);
        for (const code of [s.retro_team, s.bbref_team, s.lahman_team_id, s.lahman_franch_id])
          expect(code).toMatch(/^[A-Z][A-Z0-9]{2}$/);
      }
    }
    // Two clubs of one season never share a code.
    const clashes = await queryRows(
      t.database.db,
      sql`select a.team_id, b.team_id as other, a.retro_team, a.bbref_team from mlb.team_ids a join mlb.team_ids b
          on a.team_id < b.team_id and a.first_season <= coalesce(b.last_season, 9999) and b.first_season <= coalesce(a.last_season, 9999)
          and (a.retro_team = b.retro_team or a.bbref_team = b.bbref_team or a.lahman_team_id = b.lahman_team_id)`,
    );
    expect(clashes).toEqual([]);
  });

  it('is what dugout check holds the warehouse to: a club of a season without its row fails clubs_in_team_ids', async () => {
    const check = async () => (await runChecks(t.database.db)).find((c) => c.name === 'clubs_in_team_ids')!;
    await t.database.db.execute(
      sql`insert into mlb.team_seasons (team_id, season, sport_id, name) values (147, 1950, 1, 'New York Yankees'), (158, 1969, 1, 'Seattle Pilots')`,
    );
    expect(await check()).toMatchObject({ passed: true, violations: 0 });
    // The Yankees' id before the Stats API's first season of theirs, and a club it does not know.
    await t.database.db.execute(
      sql`insert into mlb.team_seasons (team_id, season, sport_id, name) values (147, 1902, 1, 'Baltimore Orioles'), (999, 2024, 1, 'Nobody')`,
    );
    expect(await check()).toMatchObject({
      passed: false,
      violations: 2,
      examples: [
        { team_id: 147, season: 1902 },
        { team_id: 999, season: 2024 },
      ],
    });
  });
});

describeRecorded('mlb.team_ids over the recorded /v1/teams bodies', () => {
  it('has a row for every major-league club of every recorded season', async () => {
    let checked = 0;
    for (const { file, body } of fixtureBodies('teams')) {
      const teams = (body as { teams?: Array<{ id: number; season?: number; sport?: { id?: number } }> }).teams ?? [];
      for (const team of teams) {
        if (team.sport?.id !== 1 || typeof team.season !== 'number') continue;
        expect(await covered(team.id, team.season), `${file}: team ${team.id} in ${team.season}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});
