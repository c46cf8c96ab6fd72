import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { runCli } from '../../helpers/cli.js';
import { freePort } from '../../helpers/cluster.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import {
  type FreezingProxy,
  startFreezingProxy,
  startFullBacklogPort,
  startSilentServer,
  type Unanswering,
} from '../../helpers/unanswering.js';
import { describeNeeds } from '../../needs.js';

/**
 * Issue 36 §3: a database that never answered hung `dugout status` for 400 s in one trial; on a
 * loopback port with a full accept queue it took 21 s and ended `dugout: Error: write
 * CONNECT_TIMEOUT undefined:undefined`. Under cron a hung sync holds the flock lock.
 */
describe('a database that never answers', () => {
  let backlog: Unanswering;
  let silent: Unanswering;
  let api: string;
  beforeAll(async () => {
    backlog = await startFullBacklogPort();
    silent = await startSilentServer();
    api = `http://127.0.0.1:${await freePort()}/api`;
  });
  afterAll(async () => {
    await backlog?.close();
    await silent?.close();
  });

  async function timed(args: string[], url: string) {
    const started = Date.now();
    const r = await runCli(args, { env: { DATABASE_URL: url, STATSAPI_BASE_URL: api }, timeoutMs: 60_000 });
    return { ...r, seconds: (Date.now() - started) / 1000, last: r.stderr.trim().split('\n').at(-1) ?? '' };
  }

  const cause = (port: number) =>
    new RegExp(
      `^dugout: cannot reach the database at 127\\.0\\.0\\.1:${port}: no answer within the connect timeout \\(CONNECT_TIMEOUT\\)$`,
    );

  it.each([
    ['never completes the handshake (a full accept queue)', () => backlog],
    ['accepts and never answers', () => silent],
  ])(
    '(%s): `dugout status` ends within 30 s at the default connect timeout, naming host:port and the cause',
    {
      timeout: 60_000,
    },
    async (_what, server) => {
      const { port } = server();
      const r = await timed(['status'], `postgres://postgres@127.0.0.1:${port}/dugout`);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.seconds).toBeLessThan(30);
      expect(r.seconds).toBeGreaterThan(9); // the connect timeout, once (it was spent twice)
      expect(r.last).toMatch(cause(port));
    },
  );

  it('every command that opens the database ends in time with that line', { timeout: 120_000 }, async () => {
    const commands = [
      ['migrate'],
      ['sync'],
      ['backfill', '--start-date', '2024-04-01', '--end-date', '2024-04-02'],
      ['snapshot', 'roster'],
      ['daemon'],
      ['retry'],
      ['rebuild'],
      ['check'],
      ['sql', 'select 1'],
      ['reader-role', '--password', 'not-used'],
      ['demo'],
      ['bench', '--games', '1'],
      ['bench', '--queries-only'],
    ];
    // Both kinds of silence in turn, at a shorter connect timeout (libpq's URL parameter): the
    // command's own steps, not the timeout, are what is under test.
    const results: Array<{ args: string[]; port: number; r: Awaited<ReturnType<typeof timed>> }> = [];
    for (let i = 0; i < commands.length; i += 3) {
      const wave = commands.slice(i, i + 3).map(async (args, j) => {
        const { port } = (i + j) % 2 === 0 ? backlog : silent;
        results.push({
          args,
          port,
          r: await timed(args, `postgres://postgres@127.0.0.1:${port}/dugout?connect_timeout=3`),
        });
      });
      await Promise.all(wave);
    }
    for (const { args, port, r } of results) {
      const what = `dugout ${args.join(' ')}: ${r.stderr.slice(-600)}`;
      expect(r.signal, what).toBeNull();
      expect(r.code, what).not.toBe(0);
      expect(r.seconds, what).toBeLessThan(30);
      expect(r.last, what).toMatch(cause(port));
    }
  });
});

describeNeeds('PostgreSQL', testBackend() === 'postgres')('a database that freezes mid-run', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let proxy: FreezingProxy;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 4 });
    const u = new URL(t.url!);
    proxy = await startFreezingProxy({ host: u.hostname, port: Number(u.port || 5432) });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await h?.close();
    await t?.drop();
  });

  it('ends a backfill soon after, naming the database and the cause; the next run finishes the load', {
    timeout: 180_000,
  }, async () => {
    const d0 = firstRegularDate(h.sim);
    const range = { startDate: d0, endDate: addDays(d0, 3) };
    const through = new URL(t.url!);
    through.port = String(proxy.port);
    through.searchParams.set('connect_timeout', '2');
    const env = {
      DATABASE_URL: through.toString(),
      STATSAPI_BASE_URL: h.url,
      STATSAPI_MAX_RPS: '500',
      DUGOUT_HEARTBEAT_SECONDS: '1',
      DUGOUT_WORKER_TIMEOUT_SECONDS: '3',
    };
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', fault: 'slow' }], slowMs: 100 });
    const args = ['backfill', '--start-date', range.startDate, '--end-date', range.endDate];
    const run = runCli(args, { env, timeoutMs: 120_000 });
    const loaded = async () =>
      Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from raw.boxscores`))[0]?.n);
    while ((await loaded()) < 3) await new Promise((r) => setTimeout(r, 100));
    proxy.freeze();
    const frozenAt = Date.now();
    const r = await run;
    const seconds = (Date.now() - frozenAt) / 1000;
    h.sim.setFaults({});
    expect(r.signal, r.stderr.slice(-2000)).toBeNull();
    expect(r.code, r.stderr.slice(-2000)).toBe(1);
    // A ping unanswered for the connect timeout (2 s), one every second: the rest is the command's end.
    expect(seconds, r.stderr.slice(-2000)).toBeLessThan(15);
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(new RegExp(`^dugout: (lost|cannot reach) the database at 127\\.0\\.0\\.1:${proxy.port}: `));
    expect(r.stderr).not.toMatch(/\n\s+at /);

    // The frozen connections go (as when the network comes back and the server sees them closed).
    await proxy.close();
    const again = await runCli(args, { env: { ...env, DATABASE_URL: t.url! } });
    expect(again.code, again.stderr).toBe(0);
    const runs = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from ingest.runs where job = 'backfill' order by run_id`,
    );
    expect(runs.map((x) => x.status)).toEqual(['interrupted', 'succeeded']);
  });
});
