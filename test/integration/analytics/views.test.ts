import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { upsertRows } from '../../../src/db/rows.js';
import { people } from '../../../src/db/schema/index.js';
import { extractPerson, gameFromFeed, splitFeedLive } from '../../../src/extract/index.js';
import { replaceGameRows } from '../../../src/db/store-game.js';
import { extractPackedGameRows } from '../../../src/pipeline/load/game-rows.js';
import { refreshStaleSeasons } from '../../../src/db/queries/analytics.js';
import { upsertGames } from '../../../src/db/queries/games.js';
import { describeRecorded, fixture } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

type Json = Record<string, any>;
const FEEDS = ['745927_2024R_final_CLE-at-MIN.json', '744914_2024R_final_HOU-at-TOR.json'];

/** Load a real feed/live as the pipeline would: the game row, both bodies' rows, its people. */
async function loadFeed(t: TestDatabase, feed: Json): Promise<void> {
  const parts = splitFeedLive(feed);
  const game = gameFromFeed(feed).rows!;
  const rows = extractPackedGameRows(game.game_pk, parts.boxscore, parts.playByPlay);
  const persons = Object.values(feed.gameData.players).map((p) => extractPerson(p).rows!) as never[];
  await t.database.db.transaction(async (tx) => {
    await upsertGames(tx, [game], 1);
    await replaceGameRows(tx, game.game_pk, rows, 1);
    await upsertRows(tx, people, persons);
  });
}

describeRecorded('analytics views on real games', () => {
  const feeds: Json[] = FEEDS.map((f) => fixture(`liveGameV1/${f}`));
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    for (const f of feeds) await loadFeed(t, f);
  });
  afterAll(async () => t?.drop());

  it("give a player's AVG, OBP and SLG for a game as computed by hand from the boxscore", async () => {
    for (const feed of feeds) {
      const home = feed.liveData.boxscore.teams.home;
      for (const id of home.batters.slice(0, 4) as number[]) {
        const b = home.players[`ID${id}`].stats.batting;
        if (!b.atBats) continue;
        const singles = b.hits - b.doubles - b.triples - b.homeRuns;
        const tb = singles + 2 * b.doubles + 3 * b.triples + 4 * b.homeRuns;
        const avg = b.hits / b.atBats;
        const obp = (b.hits + b.baseOnBalls + b.hitByPitch) / (b.atBats + b.baseOnBalls + b.hitByPitch + b.sacFlies);
        const slg = tb / b.atBats;
        const [row] = await queryRows<Json>(
          t.database.db,
          sql`select pa, ab, h, hr, bb, so, avg::float, obp::float, slg::float, ops::float from analytics.season_batting
              where person_id = ${id} and team_id = ${home.team.id}`,
        );
        expect(row, `person ${id}`).toMatchObject({
          pa: b.plateAppearances,
          ab: b.atBats,
          h: b.hits,
          hr: b.homeRuns,
          bb: b.baseOnBalls,
          so: b.strikeOuts,
        });
        expect(row!.avg).toBeCloseTo(avg, 3);
        expect(row!.obp).toBeCloseTo(obp, 3);
        expect(row!.slg).toBeCloseTo(slg, 3);
        expect(row!.ops).toBeCloseTo(obp + slg, 2);
      }
    }
  });

  it("give a pitcher's IP, ERA and WHIP from outs", async () => {
    const feed = feeds[0]!;
    const away = feed.liveData.boxscore.teams.away;
    const id = away.pitchers[0] as number;
    const p = away.players[`ID${id}`].stats.pitching;
    const [whole, third] = String(p.inningsPitched).split('.').map(Number);
    const outs = whole! * 3 + (third ?? 0);
    const [row] = await queryRows<Json>(
      t.database.db,
      sql`select outs, ip, era::float, whip::float, k_per_9::float from analytics.season_pitching where person_id = ${id}`,
    );
    expect(row!.outs).toBe(outs);
    expect(row!.ip).toBe(p.inningsPitched);
    expect(row!.era).toBeCloseTo((27 * p.earnedRuns) / outs, 2);
    expect(row!.whip).toBeCloseTo((3 * (p.baseOnBalls + p.hits)) / outs, 3);
    expect(row!.k_per_9).toBeCloseTo((27 * p.strikeOuts) / outs, 2);
  });

  it('give one result row per team per game, matching the linescore', async () => {
    for (const feed of feeds) {
      const pk = feed.gameData.game.pk;
      const rows = await queryRows<Json>(
        t.database.db,
        sql`select team_id, opponent_id, is_home, runs_for, runs_against, is_win from analytics.team_game_results where game_pk = ${pk} order by is_home`,
      );
      const ls = feed.liveData.linescore.teams;
      expect(rows).toEqual([
        {
          team_id: feed.gameData.teams.away.id,
          opponent_id: feed.gameData.teams.home.id,
          is_home: false,
          runs_for: ls.away.runs,
          runs_against: ls.home.runs,
          is_win: ls.away.runs > ls.home.runs,
        },
        {
          team_id: feed.gameData.teams.home.id,
          opponent_id: feed.gameData.teams.away.id,
          is_home: true,
          runs_for: ls.home.runs,
          runs_against: ls.away.runs,
          is_win: ls.home.runs > ls.away.runs,
        },
      ]);
    }
  });

  it('give one pitch event per pitch with names and the count after the pitch', async () => {
    const feed = feeds[0]!;
    const pk = feed.gameData.game.pk;
    const pitches = feed.liveData.plays.allPlays.flatMap((p: Json) => p.playEvents.filter((e: Json) => e.isPitch));
    const [row] = await queryRows<Json>(
      t.database.db,
      sql`select count(*)::int as n, count(pitcher_name)::int as named from analytics.pitch_events where game_pk = ${pk}`,
    );
    expect(row).toEqual({ n: pitches.length, named: pitches.length });
    const first = feed.liveData.plays.allPlays[0];
    const ev = first.playEvents.find((e: Json) => e.isPitch);
    const [p] = await queryRows<Json>(
      t.database.db,
      sql`select balls, strikes, start_speed::float as speed, batter_name from analytics.pitch_events
          where game_pk = ${pk} and at_bat_index = 0 and play_event_index = ${ev.index}`,
    );
    expect(p).toMatchObject({
      balls: ev.count.balls,
      strikes: ev.count.strikes,
      speed: ev.pitchData.startSpeed,
      batter_name: first.matchup.batter.fullName,
    });
  });

  it('count stolen bases and caught stealing per runner as the feed lists them, and carry the base state into pitch_events', async () => {
    const expected = new Map<number, { sb: number; cs: number }>();
    for (const feed of feeds) {
      for (const play of feed.liveData.plays.allPlays) {
        for (const r of play.runners ?? []) {
          const reason: string = r.details.movementReason ?? '';
          const e = expected.get(r.details.runner.id) ?? { sb: 0, cs: 0 };
          if (reason.startsWith('r_stolen_base')) e.sb++;
          if (reason.startsWith('r_caught_stealing') || reason.startsWith('r_pickoff_caught_stealing')) e.cs++;
          expected.set(r.details.runner.id, e);
        }
      }
    }
    const rows = await queryRows<{ id: number; sb: number; cs: number }>(
      t.database.db,
      sql`select person_id as id, stolen_bases as sb, caught_stealing as cs from analytics.baserunning`,
    );
    expect(rows.length).toBe(expected.size);
    for (const r of rows) expect({ sb: r.sb, cs: r.cs }, `runner ${r.id}`).toEqual(expected.get(r.id));
    const [mismatch] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from analytics.pitch_events e join mlb.plays p using (game_pk, at_bat_index)
          where e.on_2b is distinct from (p.on_2b_before is not null) or e.outs_before is distinct from p.outs_before`,
    );
    expect(mismatch!.n).toBe(0);
  });

  it('fill run expectancy once the stale seasons are refreshed', async () => {
    expect(await refreshStaleSeasons(t.database.db)).toBeGreaterThan(0);
    const rows = await queryRows<{ season: number; outs: number; bases: string; plays: number }>(
      t.database.db,
      sql`select season, outs_before as outs, base_state as bases, plays from analytics.run_expectancy order by 1, 2, 3`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.season === 2024 && r.outs >= 0 && r.outs <= 2 && /^[1_][2_][3_]$/.test(r.bases))).toBe(
      true,
    );
    expect(await refreshStaleSeasons(t.database.db)).toBe(0);
  });

  it('are documented with COMMENT ON', async () => {
    const rows = await queryRows<{ name: string; comment: string | null }>(
      t.database.db,
      sql`select c.relname as name, obj_description(c.oid, 'pg_class') as comment from pg_class c
          join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'analytics' and c.relkind = 'v' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'baserunning',
      'batting_game_logs',
      'injured_list',
      'live_games',
      'operations_backlog',
      'operations_new_fields',
      'operations_runs',
      'operations_workers',
      'people_ids',
      'pitch_events',
      'pitching_game_logs',
      'player_wpa',
      'pregame',
      'roster_moves',
      'scoring_changes_weekly',
      'season_batting',
      'season_pitching',
      'standings',
      'team_game_results',
      'team_reviews',
      'venue_fields',
    ]);
    for (const r of rows) expect(r.comment, r.name).toMatch(/^Grain: /);
  });
});
