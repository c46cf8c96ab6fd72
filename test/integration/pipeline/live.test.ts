import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { liveJob } from '../../../jobs/live.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractPlayByPlay } from '../../../src/extract/index.js';
import type { LiveLoopResult, LivePassResult } from '../../../src/pipeline/live.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { GAME_TABLES, scalar, tableDigest } from '../../helpers/digest.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: a feed is read by its documented paths
type J = any;

const STEP_MS = 97_000;

describe('following a simulated game day through the diffPatch feed', () => {
  let a: TestDatabase;
  let h: SimHarness;
  let day: string;

  beforeAll(async () => {
    const probe = await startSim({ seed: 3 });
    day = firstRegularDate(probe.sim);
    await probe.close();
    // From the warm-up of the day's first game to the middle of its third.
    h = await startSim({ seed: 3, now: new Date(`${day}T16:40:00Z`) });
    a = await createTestDatabase({ onDisk: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await a?.drop();
  });

  const deps = () => runDeps(a.database, h, { sportIds: [1], maxAttempts: 2, retryAfterCapMs: 100 });
  const pass = async (): Promise<LivePassResult> => {
    const run = await liveJob.run(deps(), { once: true, untilIdle: false });
    expect(run.error).toBeUndefined();
    const last = (run.result as LiveLoopResult).last!;
    // A --once pass fails when every game it followed failed (the fault passes below).
    const allFailed = last.followed > 0 && last.failedGames.length === last.followed;
    expect(run.status).toBe(allFailed ? 'failed' : 'succeeded');
    return last;
  };
  const feedNow = (pk: number): J => JSON.parse(h.sim.render(`/api/v1.1/game/${pk}/feed/live`).text);

  /** Every followed game of the view is the simulator's feed of the moment, rows included. */
  async function expectConverged(): Promise<number> {
    const db = a.database.db;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from analytics.live_games where feed_timecode is not null order by game_pk`,
    );
    const inProgress = h.sim.listGames().filter((g) => g.officialDate === day && g.codedGameState === 'I');
    for (const g of inProgress) expect(rows.map((r) => Number(r.game_pk))).toContain(g.gamePk);
    for (const row of rows) {
      const pk = Number(row.game_pk);
      const feed = feedNow(pk);
      const ls = feed.liveData.linescore;
      const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
      expect({
        game_pk: pk,
        inning: n(row.inning),
        inning_half: row.inning_half ?? null,
        outs: n(row.outs),
        balls: n(row.balls),
        strikes: n(row.strikes),
        away_score: n(row.away_score),
        home_score: n(row.home_score),
        on_1b: n(row.on_1b),
        on_2b: n(row.on_2b),
        on_3b: n(row.on_3b),
        batter_id: n(row.batter_id),
        pitcher_id: n(row.pitcher_id),
        feed_timecode: row.feed_timecode,
      }).toEqual({
        game_pk: pk,
        inning: ls.currentInning ?? null,
        inning_half: ls.inningHalf ?? null,
        outs: ls.outs ?? null,
        balls: ls.balls ?? null,
        strikes: ls.strikes ?? null,
        away_score: ls.teams?.away?.runs ?? 0,
        home_score: ls.teams?.home?.runs ?? 0,
        on_1b: ls.offense?.first?.id ?? null,
        on_2b: ls.offense?.second?.id ?? null,
        on_3b: ls.offense?.third?.id ?? null,
        batter_id: ls.offense?.batter?.id ?? null,
        pitcher_id: ls.defense?.pitcher?.id ?? null,
        feed_timecode: feed.metaData.timeStamp,
      });
      const want = extractPlayByPlay(pk, feed.liveData.plays).rows;
      const plays = await queryRows<{ i: number; d: string | null }>(
        db,
        sql`select at_bat_index as i, description as d from mlb.plays where game_pk = ${pk} order by 1`,
      );
      expect(plays.map((p) => [Number(p.i), p.d])).toEqual(
        want.plays.map((p) => [p.at_bat_index, p.description ?? null]).sort((x, y) => Number(x[0]) - Number(y[0])),
      );
      const pitches = await queryRows<{ k: string }>(
        db,
        sql`select at_bat_index || '/' || play_event_index || '/' || coalesce(call_code, '') as k
            from mlb.pitches where game_pk = ${pk} order by 1`,
      );
      expect(pitches.map((p) => p.k)).toEqual(
        want.pitches.map((p) => `${p.at_bat_index}/${p.play_event_index}/${p.call_code ?? ''}`).sort(),
      );
    }
    return rows.length;
  }

  it('after every pass the warehouse is the feed of the moment; faults converge; the day ends as a cold backfill', {
    timeout: 900_000,
  }, async () => {
    const end = Date.parse(`${day}T21:00:00Z`);
    let passes = 0;
    let followedPasses = 0;
    let fullBytes = 0;
    let patchBytes = 0;
    let naiveBytes = 0;
    let maxLag = 0;
    let patches = 0;
    let fulls = 0;
    let checks = 0;
    while (h.sim.now().getTime() < end) {
      h.sim.advance(STEP_MS);
      passes++;
      const fault = passes === 40 ? '500' : passes === 60 ? '429' : undefined;
      if (fault) {
        h.sim.setFaults({
          retryAfterSeconds: 0,
          scripted: [
            { pathIncludes: '/diffPatch', nth: 1, fault },
            { pathIncludes: '/diffPatch', nth: 2, fault },
          ],
        });
      }
      if (passes === 80) {
        // A stored feed the next patch cannot apply to.
        await a.database.db.execute(sql`update raw.live_feeds set body = (body::jsonb #- '{liveData,plays}')::json`);
      }
      const logStart = h.sim.requestLog.length;
      const r = await pass();
      h.sim.setFaults({});
      const perGame = new Map<string, number>();
      for (const e of h.sim.requestLog.slice(logStart)) {
        const pk = /\/game\/(\d+)\//.exec(e.path)?.[1];
        if (pk) perGame.set(pk, (perGame.get(pk) ?? 0) + 1);
      }
      if (fault || passes === 80) {
        expect(r.applyFailures, `pass ${passes}`).toBeGreaterThan(0);
        continue;
      }
      for (const [pk, n] of perGame) expect(n, `requests for game ${pk} in pass ${passes}`).toBeLessThanOrEqual(1);
      expect(perGame.size).toBe(r.followed);
      expect(r.applyFailures).toBe(0);
      const followed = await expectConverged();
      if (followed > 0) followedPasses++;
      fullBytes += r.fullBytes;
      patchBytes += r.patchBytes;
      patches += r.patchFetches;
      fulls += r.fullFetches;
      checks += r.checkFetches;
      // The lag of games in progress (a game over keeps its last timecode while it waits for its final load).
      const playing = new Set(
        h.sim
          .listGames()
          .filter((g) => g.codedGameState === 'I')
          .map((g) => String(g.gamePk)),
      );
      for (const [pk, lag] of Object.entries(r.lagSeconds)) if (playing.has(pk)) maxLag = Math.max(maxLag, lag);
      for (const pk of Object.keys(r.lagSeconds))
        naiveBytes += Buffer.byteLength(h.sim.render(`/api/v1.1/game/${pk}/feed/live`).text);

      if (passes === 20) {
        // Nothing changed since the last pass: every answer is [] and nothing is written.
        const before = await scalar(a.database.db, 'select count(*) from raw.live_feeds');
        const stamp = await queryRows<{ s: string }>(
          a.database.db,
          sql`select max(stored_at)::text as s from raw.live_feeds`,
        );
        const again = await pass();
        expect(again.unchanged).toBe(before);
        expect(again.stored).toBe(0);
        expect(again.fullFetches).toBe(0);
        const after = await queryRows<{ s: string }>(
          a.database.db,
          sql`select max(stored_at)::text as s from raw.live_feeds`,
        );
        expect(after[0]!.s).toBe(stamp[0]!.s);
      }
      if (passes === 100) {
        // The process killed in the middle of following the games: the next pass converges.
        const child = await withDatabaseClosed(a, () => {
          let pid = 0;
          const run = runCli(['live', '--now', h.sim.now().toISOString()], {
            env: { ...cliEnv(a, h), DUGOUT_SPORT_IDS: '1' },
            onSpawn: (p) => {
              pid = p;
            },
          });
          h.sim.advance(STEP_MS);
          setTimeout(() => process.kill(pid, 'SIGKILL'), 2500);
          return run;
        });
        expect(child.signal).toBe('SIGKILL');
        await pass();
        await expectConverged();
      }
    }
    expect(followedPasses).toBeGreaterThan(100);
    // Beside the full feeds of the check every LIVE_FULL_CHECK_SECONDS (one in about 6 passes of 97 s here).
    expect(patches).toBeGreaterThan((fulls - checks) * 10);
    expect(checks).toBeGreaterThan(0);

    // The next morning: the followed games' last changes, then the daemon's sync loads the finals.
    h.sim.setNow(new Date(Date.parse(`${addDays(day, 1)}T14:00:00Z`)));
    await pass();
    const sync = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect(sync.status, String(sync.error)).toBe('succeeded');
    expect(await scalar(a.database.db, 'select count(*) from raw.live_feeds')).toBe(0);
    const view = await queryRows<{ n: number; f: number }>(
      a.database.db,
      sql`select count(*)::int as n, count(*) filter (where coded_game_state = 'F')::int as f from analytics.live_games`,
    );
    expect(view[0]!.n).toBe(h.sim.listGames().filter((g) => g.officialDate === day && g.sportId === 1).length);

    const b = await createTestDatabase();
    try {
      const cold = await backfillJob.run(runDeps(b.database, h, { sportIds: [1] }), {
        range: { startDate: day, endDate: day },
      });
      expect(cold.status, String(cold.error)).toBe('succeeded');
      const where = `game_pk in (select game_pk from mlb.games where official_date = '${day}')`;
      for (const table of GAME_TABLES) {
        const [live, coldDigest] = [
          await tableDigest(a.database.db, table, where),
          await tableDigest(b.database.db, table, where),
        ];
        expect(live, table).toEqual(coldDigest);
      }
      expect((await tableDigest(b.database.db, 'mlb.plays', where)).rows).toBeGreaterThan(500);
    } finally {
      await b.drop();
    }
    console.log(
      `live day: ${passes} passes, ${fulls} full feeds (${fullBytes} bytes), ${patches} patches (${patchBytes} bytes); ` +
        `polling the full feed every pass: ${naiveBytes} bytes; ratio ${((fullBytes + patchBytes) / naiveBytes).toFixed(4)}; max lag of a game in progress ${maxLag} s`,
    );
  });
});
