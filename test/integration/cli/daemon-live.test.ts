import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveJob } from '../../../jobs/live.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { LiveLoopResult } from '../../../src/pipeline/live.js';
import { runCli, spawnCli } from '../../helpers/cli.js';
import { freePort } from '../../helpers/cluster.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

describe('dugout daemon follows live games', () => {
  let h: SimHarness;
  let t: TestDatabase;
  beforeAll(async () => {
    const probe = await startSim({ seed: 4 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 4, now: new Date(`${d0}T12:00:00Z`) });
    // Three quarters of an hour into the day's first game.
    const schedule = JSON.parse(h.sim.render(`/api/v1/schedule?sportId=1&date=${d0}`).text);
    const starts = schedule.dates[0].games.map((g: { gameDate: string }) => Date.parse(g.gameDate));
    h.sim.setNow(new Date(Math.min(...starts) + 45 * 60_000));
    t = await createTestDatabase({ onDisk: true });
    // One pass stores the day's schedule and the live games' first feeds.
    const run = await liveJob.run(runDeps(t.database, h, { sportIds: [1] }), { once: true, untilIdle: false });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect((run.result as LiveLoopResult).last!.followed).toBeGreaterThan(0);
    h.sim.advance(5 * 60_000);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  /** Run the daemon until `ready` holds or 60 s pass, then SIGTERM it; its exit code and stderr. */
  async function daemon(
    env: Record<string, string>,
    ready: (stderr: string) => boolean,
    beforeStop?: () => Promise<void>,
  ) {
    return withDatabaseClosed(t, async () => {
      const d = spawnCli(['daemon', '--now', h.sim.now().toISOString()], {
        ...cliEnv(t, h),
        DUGOUT_SPORT_IDS: '1',
        LOG_LEVEL: 'info',
        ...env,
      });
      const deadline = Date.now() + 60_000;
      while (!ready(d.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await beforeStop?.();
      d.child.kill('SIGTERM');
      return { code: await d.exited, stderr: d.stderr() };
    });
  }

  it('with DUGOUT_LIVE=off it follows none', { timeout: 120_000 }, async () => {
    const before = h.sim.requestLog.length;
    let started = 0;
    const { code, stderr } = await daemon({ DUGOUT_LIVE: 'off' }, (logs) => {
      // Two seconds after the daemon said it started: the live check runs at once when it is on.
      if (started === 0 && /daemon started/.test(logs)) started = Date.now();
      return started > 0 && Date.now() - started > 2_000;
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/"live":false/);
    expect(h.sim.requestLog.slice(before).filter((r) => r.path.includes('/feed/live'))).toEqual([]);
  });

  it('on by default: the leader runs the live loop beside the scheduler, and stops it on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const before = h.sim.requestLog.length;
    const timecode = async () =>
      (await queryRows<{ s: string }>(t.database.db, sql`select max(feed_timecode) as s from raw.live_feeds`))[0]!.s;
    const stored = await timecode();
    const patches = () => h.sim.requestLog.slice(before).filter((r) => r.path.includes('/diffPatch')).length;
    let first = 0;
    const port = await freePort();
    let metrics = '';
    const { code, stderr } = await daemon(
      { DUGOUT_METRICS_PORT: String(port) },
      () => {
        // The first patch asked for, then time for its pass to store it.
        if (first === 0 && patches() > 0) first = Date.now();
        return first > 0 && Date.now() - first > 1_500;
      },
      async () => {
        metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      },
    );
    expect(code, stderr).toBe(0);
    expect(patches()).toBeGreaterThan(0);
    // What the pass did, on /metrics: the games followed, patch and full fetches, failures, each game's lag.
    const sample = (re: RegExp) => Number(re.exec(metrics)?.[1]);
    expect(sample(/^dugout_live_games_followed (\d+)$/m)).toBeGreaterThan(0);
    expect(sample(/^dugout_live_fetches_total\{kind="patch"\} (\d+)$/m)).toBe(patches());
    expect(sample(/^dugout_live_fetches_total\{kind="full"\} (\d+)$/m)).toBe(0);
    expect(sample(/^dugout_live_apply_failures_total (\d+)$/m)).toBe(0);
    expect(sample(/^dugout_live_received_bytes_total\{kind="patch"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(metrics).toMatch(/^dugout_live_lag_seconds\{game_pk="\d+"\} \d+$/m);
    const runs = await queryRows<{ job: string; status: string }>(
      t.database.db,
      sql`select job, status from ingest.runs where job = 'live' order by run_id`,
    );
    expect(runs.length).toBe(2);
    expect(['succeeded', 'interrupted']).toContain(runs[1]!.status);
    // The daemon's pass stored the five minutes the clock moved: each feed is the simulator's of the moment.
    expect((await timecode()) > stored).toBe(true);
    const feeds = await queryRows<{ pk: number; s: string }>(
      t.database.db,
      sql`select game_pk as pk, feed_timecode as s from raw.live_feeds`,
    );
    for (const f of feeds)
      expect(f.s).toBe(JSON.parse(h.sim.render(`/api/v1.1/game/${f.pk}/feed/live`).text).metaData.timeStamp);
  });

  it('dugout live --once makes one pass and prints what it did', { timeout: 120_000 }, async () => {
    h.sim.advance(5 * 60_000);
    const before = h.sim.requestLog.length;
    const result = await withDatabaseClosed(t, () =>
      runCli(['live', '--once', '--json', '--now', h.sim.now().toISOString()], {
        env: { ...cliEnv(t, h), DUGOUT_SPORT_IDS: '1' },
      }),
    );
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ job: 'live', status: 'succeeded', result: { passes: 1 } });
    const feeds = h.sim.requestLog.slice(before).filter((r) => r.path.includes('/feed/live'));
    expect(feeds.length).toBe(summary.result.last.followed);
    expect(feeds.length).toBeGreaterThan(0);
    // The run's ledger counts the feeds it stored, as status shows them.
    const [run] = await queryRows<{ games_loaded: number }>(
      t.database.db,
      sql`select games_loaded::int as games_loaded from ingest.runs where run_id = ${summary.runId}`,
    );
    expect(run!.games_loaded).toBe(summary.result.last.stored);
    expect(run!.games_loaded).toBeGreaterThan(0);
  });
});
