import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { liveJob } from '../../../jobs/live.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractPlayByPlay } from '../../../src/extract/index.js';
import {
  LIVE_FULL_CHECK_SECONDS,
  LIVE_FUTURE_TOLERANCE_SECONDS,
  LIVE_REJECT_REASONS,
  type LiveLoopResult,
  type LivePassResult,
  type LiveRejectReason,
} from '../../../src/pipeline/live.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { mlbTables, tableRows } from '../../helpers/mlb-tables.js';
import { startRewritingProxy } from '../../helpers/rewriting-proxy.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: a feed is read by its documented paths
type J = any;

const STEP_MS = 97_000;
const FUTURE = '20991231_235959';

/** The 2.2 KB answer of 40 `copy` operations, each doubling the document. */
const COPY_BOMB = [
  { diff: Array.from({ length: 40 }, (_, i) => ({ op: 'copy', from: '/liveData', path: `/liveData/c${i}` })) },
];

/**
 * Issue 46 §2: two `dugout live` loops on one database, behind a proxy that now and then answers
 * one game's request with an older feed of it, a feed dated 2099, another game's feed, or the copy
 * bomb. Every such answer is dropped and counted by reason; after every pass no game in
 * analytics.live_games is behind what it showed before; clean passes then bring every game to the
 * simulator's feed of the moment; and once the day is over and loaded, every `mlb` table holds the
 * day's rows of a cold backfill.
 */
describe('two live loops behind a proxy that answers stale, future, foreign and copy-bomb bodies', () => {
  let h: SimHarness;
  let proxy: { url: string; close(): Promise<void> };
  let t: TestDatabase;
  let day: string;
  /** The first whole feed the proxy passed for each game: an older feed later on. */
  const firstFeed = new Map<number, J>();
  /** The injection waiting for its game's next request (the copy bomb: its next diffPatch). */
  let pending: { gamePk: number; reason: LiveRejectReason; other: number } | undefined;
  let injected: LiveRejectReason | undefined;
  /** An answer to the next diffPatch of a game. */
  let wrongPatch: { gamePk: number; answer: unknown } | undefined;
  const expectGameIsSim = (pk: number) => expectGameIsSimIn(t, h, pk);

  beforeAll(async () => {
    const probe = await startSim({ seed: 3 });
    day = firstRegularDate(probe.sim);
    await probe.close();
    // Seven games in progress, one in its warm-up.
    h = await startSim({ seed: 3, now: new Date(`${day}T23:20:00Z`) });
    proxy = await startRewritingProxy(h.url, (path, body: J) => {
      const pk = Number(/\/game\/(\d+)\/feed\/live/.exec(path)?.[1]);
      if (!pk) return body;
      const isPatch = path.includes('/diffPatch');
      if (!isPatch && !firstFeed.has(pk)) firstFeed.set(pk, structuredClone(body));
      if (isPatch && wrongPatch?.gamePk === pk) {
        const answer = wrongPatch.answer;
        wrongPatch = undefined;
        return answer;
      }
      const p = pending;
      if (!p || p.gamePk !== pk || (p.reason === 'too-large' && !isPatch)) return body;
      pending = undefined;
      injected = p.reason;
      switch (p.reason) {
        case 'stale':
          return firstFeed.get(pk);
        case 'future':
          if (!isPatch) return { ...body, metaData: { ...body.metaData, timeStamp: FUTURE } };
          if (Array.isArray(body) && body.length > 0) {
            body[body.length - 1].diff.push({ op: 'replace', path: '/metaData/timeStamp', value: FUTURE });
            return body;
          }
          return [{ diff: [{ op: 'replace', path: '/metaData/timeStamp', value: FUTURE }] }];
        case 'foreign':
          return JSON.parse(h.sim.render(`/api/v1.1/game/${p.other}/feed/live`).text);
        case 'too-large':
          return COPY_BOMB;
      }
    });
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await h?.close();
    await t?.drop();
  });

  // A small body limit keeps the bomb's refusal quick (the simulator's feeds are far below it).
  const deps = () =>
    runDeps(t.database, { ...h, url: proxy.url }, { sportIds: [1], maxAttempts: 1, maxBodyBytes: 8 * 1024 * 1024 });
  const loop = async (): Promise<LivePassResult> => {
    const run = await liveJob.run(deps(), { once: true, untilIdle: false });
    expect(run.error).toBeUndefined();
    return (run.result as LiveLoopResult).last!;
  };

  type Shown = { timecode: string; plays: number };
  async function shown(): Promise<Map<number, Shown>> {
    const rows = await queryRows<{ pk: number; tc: string; n: number }>(
      t.database.db,
      sql`select l.game_pk as pk, l.feed_timecode as tc,
                 (select count(*) from mlb.plays p where p.game_pk = l.game_pk)::int as n
          from analytics.live_games l where l.feed_timecode is not null`,
    );
    return new Map(rows.map((r) => [Number(r.pk), { timecode: r.tc, plays: Number(r.n) }]));
  }

  it('drops and counts each, never moves a game back, and converges once the answers are clean', {
    timeout: 240_000,
  }, async () => {
    const cases: LiveRejectReason[] = ['stale', 'future', 'foreign', 'too-large'];
    const counted = Object.fromEntries(LIVE_REJECT_REASONS.map((r) => [r, 0])) as Record<LiveRejectReason, number>;
    let before = new Map<number, Shown>();
    const PASSES = 6;
    for (let pass = 1; pass <= PASSES + 2; pass++) {
      h.sim.advance(STEP_MS);
      const playing = h.sim
        .listGames()
        .filter((g) => g.officialDate === day && g.codedGameState === 'I')
        .map((g) => g.gamePk)
        .sort((x, y) => x - y);
      injected = undefined;
      if (pass > 2 && pass <= PASSES && playing.length >= 2) {
        const reason = cases[(pass - 3) % cases.length]!;
        const gamePk = playing[pass % playing.length]!;
        const other = playing.find((pk) => pk !== gamePk)!;
        pending = { gamePk, reason, other };
      }
      const [a, b] = await Promise.all([loop(), loop()]);
      pending = undefined;
      const now = h.sim.now().getTime();
      for (const r of [a!, b!]) {
        for (const reason of LIVE_REJECT_REASONS) counted[reason] += r.rejected[reason];
        // No stored feed is dated after the clock's tolerance: no lag hidden as 0.
        for (const lag of Object.values(r.lagSeconds))
          expect(lag).toBeGreaterThanOrEqual(-LIVE_FUTURE_TOLERANCE_SECONDS);
      }
      const after = await shown();
      for (const [pk, was] of before) {
        const is = after.get(pk);
        expect(is, `game ${pk} after pass ${pass}`).toBeDefined();
        expect(is!.timecode >= was.timecode, `game ${pk} timecode ${was.timecode} → ${is!.timecode}`).toBe(true);
        expect(is!.plays, `game ${pk} plays after pass ${pass}`).toBeGreaterThanOrEqual(was.plays);
      }
      const stamp = new Date(now + LIVE_FUTURE_TOLERANCE_SECONDS * 1000).toISOString().replace(/\D/g, '');
      for (const [pk, is] of after)
        expect(is.timecode.replace('_', '') <= stamp.slice(0, 14), `game ${pk} at ${is.timecode}`).toBe(true);
      if (injected)
        expect(a!.rejected[injected] + b!.rejected[injected], `pass ${pass}: ${injected}`).toBeGreaterThan(0);
      before = after;
    }
    for (const reason of cases) expect(counted[reason], reason).toBeGreaterThan(0);

    // After two clean passes every followed game is the simulator's feed of the moment.
    const stored = await shown();
    expect(stored.size).toBeGreaterThanOrEqual(5);
    for (const pk of stored.keys()) await expectGameIsSim(pk);
  });

  it('a patch meant for another game that applies is repaired by the full-feed check within its interval', {
    timeout: 240_000,
  }, async () => {
    const playing = h.sim
      .listGames()
      .filter((g) => g.officialDate === day && g.codedGameState === 'I')
      .map((g) => g.gamePk)
      .sort((x, y) => x - y);
    expect(playing.length).toBeGreaterThanOrEqual(2);
    const [a, b] = playing as [number, number];
    h.sim.advance(STEP_MS);
    // Game a's diffPatch answered with b's plays and linescore, dated a's moment: every operation applies.
    const aNow: J = JSON.parse(h.sim.render(`/api/v1.1/game/${a}/feed/live`).text);
    const bNow: J = JSON.parse(h.sim.render(`/api/v1.1/game/${b}/feed/live`).text);
    wrongPatch = {
      gamePk: a,
      answer: [
        {
          diff: [
            { op: 'replace', path: '/metaData/timeStamp', value: aNow.metaData.timeStamp },
            { op: 'replace', path: '/liveData/plays', value: bNow.liveData.plays },
            { op: 'replace', path: '/liveData/linescore', value: bNow.liveData.linescore },
          ],
        },
      ],
    };
    const injected = await loop();
    expect(wrongPatch).toBeUndefined();
    expect(injected.failedGames).not.toContain(a);
    await expect(expectGameIsSim(a)).rejects.toThrow();
    const at = h.sim.now().getTime();
    let checks = 0;
    while (h.sim.now().getTime() - at < LIVE_FULL_CHECK_SECONDS * 1000) {
      h.sim.advance(STEP_MS);
      checks += (await loop()).checkFetches;
    }
    expect(checks).toBeGreaterThan(0);
    await expectGameIsSim(a);
  });

  it('the day run to its end holds, table by table, the rows of a cold backfill of it', {
    timeout: 240_000,
  }, async () => {
    // The next morning every game of the day is over and the answers are clean (straight from the
    // simulator): the day's final loads (`dugout backfill` of the day, which takes the same bodies as
    // the daemon's sync; live.test.ts runs the sync) over what the hostile passes left, and the same
    // backfill into a fresh database.
    h.sim.setNow(new Date(Date.parse(`${addDays(day, 1)}T14:00:00Z`)));
    const games = h.sim.listGames().filter((g) => g.officialDate === day && g.sportId === 1);
    expect(games.length).toBeGreaterThanOrEqual(8);
    expect(games.every((g) => g.codedGameState === 'F')).toBe(true);
    const cold = await createTestDatabase();
    try {
      const range = { range: { startDate: day, endDate: day } };
      const runs = await Promise.all(
        [t, cold].map((db) => backfillJob.run(runDeps(db.database, h, { sportIds: [1] }), range)),
      );
      for (const run of runs) expect(run.status, String(run.error)).toBe('succeeded');
      expect(await scalar(t.database.db, 'select count(*) from raw.live_feeds')).toBe(0);
      const keyed = new Set(
        (
          await queryRows<{ t: string }>(
            cold.database.db,
            sql`select table_schema || '.' || table_name as t from information_schema.columns
                where table_schema = 'mlb' and column_name = 'game_pk'`,
          )
        ).map((r) => r.t),
      );
      // The loops also polled the schedule of the day before: a game's rows are compared for the day's games.
      const ofDay = `game_pk in (select game_pk from mlb.games where official_date = '${day}')`;
      let rows = 0;
      for (const table of await mlbTables(cold.database.db)) {
        // The one exception: what was announced before a first pitch, and when, is seen only by
        // following the day (the loops stored a game's warm-up feed and its probables); a backfill of
        // games over has none of it (mlb.pregame_probables says so).
        if (table.startsWith('mlb.pregame_')) continue;
        const where = keyed.has(table) ? ofDay : undefined;
        const want = await tableRows(cold.database.db, table, [], where);
        expect(await tableRows(t.database.db, table, [], where), table).toEqual(want);
        rows += want.length;
      }
      expect(rows).toBeGreaterThan(10_000);
      expect(await scalar(cold.database.db, 'select count(*) from mlb.pregame_probables')).toBe(0);
      expect(
        await scalar(t.database.db, `select count(*) from mlb.pregame_probables where seen_in = 'feed'`),
      ).toBeGreaterThan(0);
    } finally {
      await cold.drop();
    }
  });
});

/** The game's stored state is the simulator's feed of the moment: timecode and plays. */
async function expectGameIsSimIn(t: TestDatabase, h: SimHarness, pk: number): Promise<void> {
  const feed: J = JSON.parse(h.sim.render(`/api/v1.1/game/${pk}/feed/live`).text);
  const [row] = await queryRows<{ tc: string }>(
    t.database.db,
    sql`select feed_timecode as tc from analytics.live_games where game_pk = ${pk}`,
  );
  expect(row?.tc, `game ${pk}`).toBe(feed.metaData.timeStamp);
  const want = extractPlayByPlay(pk, feed.liveData.plays).rows.plays;
  const plays = await queryRows<{ i: number; d: string | null }>(
    t.database.db,
    sql`select at_bat_index as i, description as d from mlb.plays where game_pk = ${pk} order by 1`,
  );
  expect(
    plays.map((p) => [Number(p.i), p.d]),
    `game ${pk}`,
  ).toEqual(want.map((p) => [p.at_bat_index, p.description ?? null]).sort((x, y) => Number(x[0]) - Number(y[0])));
}
