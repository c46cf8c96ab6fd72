import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveJob } from '../../../jobs/live.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { LiveLoopResult } from '../../../src/pipeline/live.js';
import { describeRecorded, feedState, fixture, fixtureNames, fixtureText } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness } from '../../helpers/run.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

// biome-ignore lint/suspicious/noExplicitAny: a feed is read by its documented paths
type Body = any;

/** `YYYYMMDD_HHMMSS` (UTC) → Date. */
const moment = (tc: string) =>
  new Date(
    `${tc.slice(0, 4)}-${tc.slice(4, 6)}-${tc.slice(6, 8)}T${tc.slice(9, 11)}:${tc.slice(11, 13)}:${tc.slice(13)}Z`,
  );

/** A one-game schedule body telling what the feed's gameData tells. */
function scheduleOf(feed: Body): string {
  const gd = feed.gameData;
  const team = (t: Body) => ({ team: { id: t.id, name: t.name, link: t.link } });
  const game = {
    gamePk: feed.gamePk,
    gameType: gd.game.type,
    season: gd.game.season,
    gameDate: gd.datetime.dateTime,
    // 2021 feeds name only the original date.
    officialDate: gd.datetime.officialDate ?? gd.datetime.originalDate,
    status: gd.status,
    teams: { away: team(gd.teams.away), home: team(gd.teams.home) },
    venue: { id: gd.venue.id, name: gd.venue.name },
  };
  return JSON.stringify({ dates: [{ date: game.officialDate, games: [game] }] });
}

describeRecorded('the live loop over the recorded feeds of games not over', () => {
  const bodies = fixtureNames('liveGameV1').filter((n) => ['in progress', 'preview'].includes(feedState(fixture(n))));
  let api: TestServer;
  let t: TestDatabase;
  beforeAll(async () => {
    api = await startTestServer();
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('finds the three in-progress bodies and the preview', () => {
    expect(bodies.map((n) => feedState(fixture(n))).sort()).toEqual([
      'in progress',
      'in progress',
      'in progress',
      'preview',
    ]);
  });

  it.each(bodies)(
    'stores %s as the body says: inning, half and its state, every half-inning, the plays so far',
    {
      timeout: 60_000,
    },
    async (name) => {
      const feed: Body = fixture(name);
      const pk = feed.gamePk;
      api.handle((path) => {
        if (path.startsWith('/v1/schedule')) return { body: scheduleOf(feed) };
        if (path.startsWith(`/v1.1/game/${pk}/feed/live`)) return { body: fixtureText(name) };
        return { status: 404, body: '{"messageNumber":10,"message":"Object not found"}' };
      });
      // The pass's clock: a minute after the body was written (a preview: its first pitch).
      const now = new Date(
        feedState(feed) === 'preview'
          ? Date.parse(feed.gameData.datetime.dateTime)
          : moment(feed.metaData.timeStamp).getTime() + 60_000,
      );
      const deps = runDeps(t.database, { url: api.baseUrl } as SimHarness, { sportIds: [1] }, { now: () => now });
      const run = await liveJob.run(deps, { once: true, untilIdle: false });
      expect(run.status, String(run.error)).toBe('succeeded');
      const db = t.database.db;
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from analytics.live_games where game_pk = ${pk}`,
      );
      const ls = feed.liveData.linescore;
      if (feedState(feed) === 'preview') {
        // Not followed before its warm-up: the schedule's state and nothing of a feed.
        expect((run.result as LiveLoopResult).last?.followed).toBe(0);
        expect(row).toMatchObject({ coded_game_state: 'S', inning: null, inning_state: null, feed_timecode: null });
        return;
      }
      const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      expect({
        inning: n(row?.inning),
        half: row?.inning_half,
        state: row?.inning_state,
        outs: n(row?.outs),
        away: n(row?.away_score),
        home: n(row?.home_score),
        timecode: row?.feed_timecode,
      }).toEqual({
        inning: ls.currentInning,
        half: ls.inningHalf,
        state: ls.inningState,
        outs: ls.outs,
        away: ls.teams.away.runs,
        home: ls.teams.home.runs,
        timecode: feed.metaData.timeStamp,
      });
      const innings = await queryRows<Record<string, number | null>>(
        db,
        sql`select * from mlb.linescore_innings where game_pk = ${pk} order by inning`,
      );
      const columns = [
        ['runs', 'runs'],
        ['hits', 'hits'],
        ['errors', 'errors'],
        ['leftOnBase', 'left_on_base'],
      ];
      const stored = innings.map((r) =>
        ['away', 'home'].flatMap((side) => columns.map(([, c]) => n(r[`${side}_${c}`]))),
      );
      const told = ls.innings.map((i: Body) =>
        ['away', 'home'].flatMap((side) => columns.map(([k]) => i[side]?.[k!] ?? null)),
      );
      expect(stored).toEqual(told);
      const plays = await queryRows<{ i: number; c: boolean | null }>(
        db,
        sql`select at_bat_index as i, is_complete as c from mlb.plays where game_pk = ${pk} order by 1`,
      );
      expect(plays.map((p) => [Number(p.i), p.c])).toEqual(
        feed.liveData.plays.allPlays.map((p: Body) => [p.about.atBatIndex, p.about.isComplete]),
      );
    },
  );
});

describeRecorded('the recorded diffPatch answer whose base is not recorded', () => {
  let api: TestServer;
  let t: TestDatabase;
  beforeAll(async () => {
    api = await startTestServer();
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('is refused against a stored feed that is not its base, and one full feed at the next pass repairs the game', {
    timeout: 60_000,
  }, async () => {
    const answer = fixtureText('liveGameDiffPatchV1/745646_2024R_diffPatch_two-envelopes_no-base.json');
    const envelopes: Body[] = JSON.parse(answer);
    expect(envelopes.length).toBe(2);
    // Game 745646 as another recorded in-progress body says it (its own base is not recorded).
    const base: Body = fixture('liveGameV1/717209_2023R_IN-PROGRESS_TEX-at-SD_inning2.json');
    const feed = {
      ...base,
      gamePk: 745646,
      gameData: { ...base.gameData, game: { ...base.gameData.game, pk: 745646 } },
    };
    const feedText = JSON.stringify(feed);
    const asked: string[] = [];
    api.handle((path) => {
      asked.push(path);
      if (path.startsWith('/v1/schedule')) return { body: scheduleOf(feed) };
      if (path.startsWith('/v1.1/game/745646/feed/live/diffPatch')) return { body: answer };
      if (path.startsWith('/v1.1/game/745646/feed/live')) return { body: feedText };
      return { status: 404, body: '{"messageNumber":10,"message":"Object not found"}' };
    });
    const now = new Date(moment(feed.metaData.timeStamp).getTime() + 60_000);
    const deps = runDeps(t.database, { url: api.baseUrl } as SimHarness, { sportIds: [1] }, { now: () => now });
    const pass = async () => {
      asked.length = 0;
      const run = await liveJob.run(deps, { once: true, untilIdle: false });
      expect(run.error).toBeUndefined();
      return { last: (run.result as LiveLoopResult).last!, feeds: asked.filter((p) => p.includes('/feed/live')) };
    };
    const first = await pass();
    expect(first.feeds).toEqual(['/v1.1/game/745646/feed/live']);
    const stored = async () =>
      (
        await queryRows<{ tc: string; due: boolean; plays: number }>(
          t.database.db,
          sql`select f.feed_timecode as tc, f.full_feed_due as due,
                     (select count(*) from mlb.plays p where p.game_pk = f.game_pk)::int as plays
              from raw.live_feeds f where f.game_pk = 745646`,
        )
      )[0];
    const before = await stored();
    expect(before).toMatchObject({ tc: feed.metaData.timeStamp, due: false });

    const refused = await pass();
    expect(refused.feeds.map((p) => p.split('?')[0])).toEqual(['/v1.1/game/745646/feed/live/diffPatch']);
    expect(refused.last.failedGames).toEqual([745646]);
    // Nothing of it stored: the feed and its rows as they were, a full feed due.
    expect(await stored()).toEqual({ ...before, due: true });

    const repaired = await pass();
    expect(repaired.feeds).toEqual(['/v1.1/game/745646/feed/live']);
    expect(repaired.last.failedGames).toEqual([]);
    expect(await stored()).toEqual({ ...before, due: false });
  });
});
