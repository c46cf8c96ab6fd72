import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveJob } from '../../../jobs/live.js';
import { pregameJob } from '../../../jobs/pregame.js';
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
        // Its feed unread, nothing of it recorded as announced.
        const seen = await queryRows(db, sql`select 1 from mlb.pregame_probables where game_pk = ${pk}`);
        expect(seen).toEqual([]);
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
      // Every row carries the live run that stored it, whichever way it went in (the pitches are
      // long enough to be copied in, the innings short enough to be inserted).
      for (const table of ['mlb.pitches', 'mlb.linescore_innings']) {
        const runs = await queryRows<{ run_id: number | null }>(
          db,
          sql.raw(`select distinct run_id::int as run_id from ${table} where game_pk = ${Number(pk)}`),
        );
        expect(runs, table).toEqual([{ run_id: run.runId }]);
      }
    },
  );
});

describeRecorded('the probables the recorded preview names, seen by the live loop in its warm-up', () => {
  const name = 'liveGameV1/746552_2024R_PREVIEW_CLE-at-COL.json';
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

  it('are recorded in mlb.pregame_probables beside the schedule poll: first seen in the feed, or seen there again', {
    timeout: 60_000,
  }, async () => {
    const recorded: Body = fixture(name);
    expect(feedState(recorded)).toBe('preview');
    const pk = recorded.gamePk;
    const named = recorded.gameData.probablePitchers;
    expect(named.away.id).toBeGreaterThan(0);
    expect(named.home.id).toBeGreaterThan(0);
    // The same body half an hour before its first pitch: in its warm-up, so the live loop follows it.
    const warmup = { abstractGameState: 'Preview', codedGameState: 'P', detailedState: 'Warmup', statusCode: 'PW' };
    const feed = {
      ...recorded,
      gameData: { ...recorded.gameData, status: { ...recorded.gameData.status, ...warmup } },
    };
    const firstPitch = Date.parse(recorded.gameData.datetime.dateTime);
    // Three hours before, the schedule named the feed's away probable, and another home probable (1).
    const listing = JSON.parse(scheduleOf(recorded));
    const g = listing.dates[0].games[0];
    g.teams.away.probablePitcher = { id: named.away.id, fullName: named.away.fullName };
    g.teams.home.probablePitcher = { id: 1, fullName: 'Not Feltner' };
    let answer = { schedule: JSON.stringify(listing), feed: '' };
    api.handle((path) => {
      if (path.startsWith('/v1/schedule')) return { body: answer.schedule };
      if (answer.feed && path.startsWith(`/v1.1/game/${pk}/feed/live`)) return { body: answer.feed };
      return { status: 404, body: '{"messageNumber":10,"message":"Object not found"}' };
    });
    const at = (ms: number) =>
      runDeps(
        t.database,
        { url: api.baseUrl } as SimHarness,
        { sportIds: [1] },
        {
          now: () => new Date(ms),
        },
      );
    const polled = await pregameJob.run(at(firstPitch - 3 * 3_600_000), { ifDue: false });
    expect(polled.status, String(polled.error)).toBe('succeeded');

    answer = { schedule: scheduleOf(feed), feed: JSON.stringify(feed) };
    const seenAt = firstPitch - 20 * 60_000;
    const run = await liveJob.run(at(seenAt), { once: true, untilIdle: false });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect((run.result as LiveLoopResult).last).toMatchObject({ followed: 1, stored: 1 });

    const rows = await queryRows<{ side: string; id: number; seen_in: string; a: Date; l: Date; r: Date | null }>(
      t.database.db,
      sql`select side, pitcher_id as id, seen_in, announced_at as a, last_seen_at as l, replaced_at as r
          from mlb.pregame_probables where game_pk = ${pk} order by side, announced_at`,
    );
    const ms = (v: Date | null) => (v === null ? null : new Date(v).getTime());
    const poll = firstPitch - 3 * 3_600_000;
    expect(rows.map((r) => ({ ...r, id: Number(r.id), a: ms(r.a), l: ms(r.l), r: ms(r.r) }))).toEqual([
      // Named by the schedule, still named by the feed: one announcement, seen until the live pass.
      { side: 'away', id: named.away.id, seen_in: 'schedule', a: poll, l: seenAt, r: null },
      // The schedule's home probable replaced by the one the feed names, first seen in the feed.
      { side: 'home', id: 1, seen_in: 'schedule', a: poll, l: poll, r: seenAt },
      { side: 'home', id: named.home.id, seen_in: 'feed', a: seenAt, l: seenAt, r: null },
    ]);
    // At first pitch the probables are the feed's.
    const [pre] = await queryRows<{ away: number; home: number }>(
      t.database.db,
      sql`select away_probable_id as away, home_probable_id as home from analytics.pregame where game_pk = ${pk}`,
    );
    expect({ away: Number(pre?.away), home: Number(pre?.home) }).toEqual({ away: named.away.id, home: named.home.id });
  });
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
