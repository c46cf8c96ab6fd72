import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { type ArrivalServer, startArrivalServer } from '../../helpers/arrival-server.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { warehouseDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { maxInAnyWindow } from '../../helpers/windows.js';
import { describeNeeds } from '../../needs.js';

// The shared budget lives in Postgres (PGlite has one process and keeps its own limiter).
describeNeeds('PostgreSQL', testBackend() === 'postgres')('one request budget for every process of a database', () => {
  let t: TestDatabase;
  let reference: TestDatabase;
  let h: SimHarness;
  // The processes talk to the simulator through this proxy, which stamps arrivals in its own
  // process: the simulator's clock is the busy test worker's event loop, which also drains the
  // four processes' debug logs, so its stamps can bunch requests that arrived spread out.
  let api: ArrivalServer;
  let day: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    reference = await createTestDatabase();
    h = await startSim({ seed: 13 });
    api = await startArrivalServer({ upstream: h.url });
    day = addDays(firstRegularDate(h.sim), 1);
    // Reference lists and teams first, fast, so the polite part below is the games.
    const warm = await runCli(['backfill', '--start-date', addDays(day, -1), '--end-date', addDays(day, -1)], {
      env: cliEnv(t, h),
    });
    expect(warm.code, warm.stderr).toBe(0);
    await backfillJob.run(runDeps(reference.database, h), {
      range: { startDate: addDays(day, -1), endDate: addDays(day, -1) },
    });
  }, 180_000);
  afterAll(async () => {
    api?.close();
    await h?.close();
    await t?.drop();
    await reference?.drop();
  });

  it('grants start times no window of the limit exceeds, to concurrent callers', { timeout: 60_000 }, async () => {
    const clients = Array.from({ length: 4 }, () => postgres(t.url!, { max: 1, onnotice: () => {} }));
    try {
      const grants = await Promise.all(
        clients.map(async (c) => {
          const out: number[] = [];
          for (let i = 0; i < 5; i++) {
            const rows =
              await c`select (extract(epoch from slot_at) * 1000)::float8 as at from ingest.take_request_slots(2, 5, 1100)`;
            out.push(...rows.map((r) => Number(r.at)));
          }
          return out;
        }),
      );
      const all = grants.flat();
      expect(all).toHaveLength(40);
      expect(maxInAnyWindow(all, 1100)).toBe(5);
      const [paused] =
        await clients[0]!`select (extract(epoch from ingest.pause_requests(3000)) * 1000)::float8 as until`;
      const [next] =
        await clients[1]!`select (extract(epoch from slot_at) * 1000)::float8 as at from ingest.take_request_slots(1, 5, 1100)`;
      expect(Number(next!.at)).toBeGreaterThanOrEqual(Number(paused!.until));
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('4 backfill processes at STATSAPI_MAX_RPS=5: never more than 5 requests sent in any second (at the API, up to delivery delay), each game fetched once', {
    timeout: 240_000,
  }, async () => {
    const from = h.sim.requestLog.length;
    const seenFrom = (await api.seen()).length;
    const env = { ...cliEnv(t, h), STATSAPI_BASE_URL: api.baseUrl, STATSAPI_MAX_RPS: '5', LOG_LEVEL: 'debug' };
    const args = ['backfill', '--start-date', day, '--end-date', day];
    const results = await Promise.all(Array.from({ length: 4 }, () => runCli(args, { env, timeoutMs: 200_000 })));
    for (const r of results) expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const log = h.sim.requestLog.slice(from);
    expect(log.length).toBeGreaterThan(30);
    // What the four processes sent, by their own clocks (one host): never 6 starts in a second.
    const sends = results.flatMap((r) =>
      r.stderr
        .split('\n')
        .filter((line) => line.includes('"sentAt"'))
        .map((line) => Number(JSON.parse(line).sentAt)),
    );
    expect(sends).toHaveLength(log.length);
    expect(maxInAnyWindow(sends, 1000)).toBeLessThanOrEqual(5);
    // What the API saw: the same, up to the delivery delay of a loaded two-core host (the 100 ms
    // margin the budget adds to every window is there to absorb it).
    const arrivals = (await api.seen()).slice(seenFrom).map((e) => e.at);
    expect(arrivals).toHaveLength(log.length);
    expect(maxInAnyWindow(arrivals, 900)).toBeLessThanOrEqual(5);
    // Each game fetched once, by one process (one feed a game, the default source).
    const feeds = log.filter((e) => e.path.includes('/feed/live')).map((e) => e.path);
    expect(feeds.length).toBeGreaterThan(0);
    expect(new Set(feeds).size).toBe(feeds.length);

    await backfillJob.run(runDeps(reference.database, h), { range: { startDate: day, endDate: day } });
    expect(await warehouseDigest(t.database.db)).toEqual(await warehouseDigest(reference.database.db));
  });

  it('a 429 seen by one process pauses the others for its Retry-After', { timeout: 240_000 }, async () => {
    const next = addDays(day, 1);
    const seenFrom = (await api.seen()).length;
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', nth: 3, fault: '429' }], retryAfterSeconds: 3 });
    const env = { ...cliEnv(t, h), STATSAPI_BASE_URL: api.baseUrl, STATSAPI_MAX_RPS: '5' };
    const args = ['backfill', '--start-date', next, '--end-date', next];
    const results = await Promise.all(Array.from({ length: 3 }, () => runCli(args, { env, timeoutMs: 200_000 })));
    h.sim.setFaults({});
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const log = (await api.seen()).slice(seenFrom);
    const limited = log.find((e) => e.status === 429)!;
    expect(limited).toBeDefined();
    const at = limited.at;
    // Starts granted before the pause (at most one second's worth) may still arrive; then silence
    // until the Retry-After has passed, from every process.
    const during = log.filter((e) => e.at > at + 1_200 && e.at < at + 2_900);
    expect(during).toEqual([]);
    expect(log.some((e) => e.at >= at + 3_000)).toBe(true);
  });
});
