import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { runCli, spawnCli, until } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { scalar, warehouseDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

const FAST_EXPIRY = { DUGOUT_HEARTBEAT_SECONDS: '1', DUGOUT_WORKER_TIMEOUT_SECONDS: '3' };

// Several processes share one database: the embedded PGlite allows one.
describeNeeds('PostgreSQL', testBackend() === 'postgres')('workers on several hosts against one database', () => {
  let h: SimHarness;
  let t: TestDatabase;
  let reference: TestDatabase;
  let range: { startDate: string; endDate: string };

  beforeAll(async () => {
    h = await startSim({ seed: 5 });
    const d0 = firstRegularDate(h.sim);
    range = { startDate: d0, endDate: addDays(d0, 2) };
    t = await createTestDatabase();
    reference = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    h?.sim.setFaults({});
    await h?.close();
    await t?.drop();
    await reference?.drop();
  });

  it('SIGKILL one of three: the others take its items when its lease lapses, nothing is lost or loaded twice', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', fault: 'slow' }], slowMs: 150 });
    const args = ['backfill', '--start-date', range.startDate, '--end-date', range.endDate];
    // Each reports its own host, so no worker can see the others' PIDs: only heartbeats tell.
    const env = (host: string) => ({
      ...cliEnv(t, h),
      ...FAST_EXPIRY,
      DUGOUT_HOST_NAME: host,
      STATSAPI_CONCURRENCY: '2',
    });
    let victim = 0;
    const runs = ['host-a', 'host-b', 'host-c'].map((host) =>
      runCli(args, {
        env: env(host),
        onSpawn: (pid) => {
          if (host === 'host-a') victim = pid;
        },
      }),
    );
    await until(
      'host-a to hold a lease',
      async () =>
        (await scalar(
          db,
          "select count(*) from ingest.work_items where lease_owner like 'host-a:%' and lease_expires_at > now() and status = 'pending'",
        )) > 0,
    );
    const held = await queryRows<{ key: string }>(
      db,
      sql`select key from ingest.work_items where lease_owner like 'host-a:%' and status = 'pending'`,
    );
    process.kill(victim, 'SIGKILL');
    const [a, b, c] = await Promise.all(runs);
    h.sim.setFaults({});
    expect(a!.signal).toBe('SIGKILL');
    expect(b!.code, b!.stderr).toBe(0);
    expect(c!.code, c!.stderr).toBe(0);

    const finals = h.sim
      .listGames()
      .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F');
    expect(await scalar(db, 'select count(*) from raw.boxscores')).toBe(finals.length);
    expect(await scalar(db, "select count(*) from ingest.work_items where kind = 'game' and status <> 'done'")).toBe(0);
    // Each game loaded once: one successful attempt each, the killed worker's items included.
    expect(await scalar(db, "select count(*) from ingest.work_items where kind = 'game' and attempts <> 1")).toBe(0);
    for (const { key } of held) {
      const [row] = await queryRows<{ owner: string | null; status: string }>(
        db,
        sql`select lease_owner as owner, status from ingest.work_items where kind = 'game' and key = ${key}`,
      );
      expect(row?.status).toBe('done');
    }

    // The lost worker shows in status; the next run closes its run as interrupted, naming the heartbeat.
    const status = await runCli(['status', '--json'], { env: env('host-b') });
    expect(JSON.parse(status.stdout).lostWorkers.map((w: { host: string }) => w.host)).toContain('host-a');
    const again = await runCli(args, { env: env('host-b') });
    expect(again.code, again.stderr).toBe(0);
    const ledger = await queryRows<{ host: string; status: string; error: string | null }>(
      db,
      sql`select host, status, error from ingest.runs where job = 'backfill' order by run_id`,
    );
    expect(ledger.find((r) => r.host === 'host-a')).toMatchObject({
      status: 'interrupted',
      error: expect.stringMatching(/^worker lost: no heartbeat since /),
    });

    const single = await backfillJob.run(runDeps(reference.database, h), { range });
    expect(single.status).toBe('succeeded');
    expect(await warehouseDigest(db)).toEqual(await warehouseDigest(reference.database.db));
  });

  it('two daemons: one polls, the other drains; when the poller dies the other takes over at its next tick', {
    timeout: 180_000,
  }, async () => {
    const db = t.database.db;
    const env = (host: string) => ({
      ...cliEnv(t, h),
      ...FAST_EXPIRY,
      DUGOUT_HOST_NAME: host,
      DUGOUT_SYNC_CRON: '*/2 * * * * *',
    });
    const jobsBy = async (host: string) =>
      (
        await queryRows<{ job: string }>(
          db,
          sql`select job from ingest.runs where host = ${host} and job in ('sync', 'drain') order by run_id`,
        )
      ).map((r) => r.job);
    const first = spawnCli(['daemon', '--now', h.sim.now().toISOString()], env('daemon-1'));
    await until('daemon-1 to sync', async () => (await jobsBy('daemon-1')).includes('sync'));
    const second = spawnCli(['daemon', '--now', h.sim.now().toISOString()], env('daemon-2'));
    try {
      await until('daemon-2 to drain', async () => (await jobsBy('daemon-2')).includes('drain'));
      expect(await jobsBy('daemon-2')).not.toContain('sync');

      const live = await runCli(['status', '--json'], { env: env('daemon-3') });
      const workers = JSON.parse(live.stdout).workers as Array<{ host: string; command: string; pid: number }>;
      expect(
        workers
          .filter((w) => w.command === 'daemon')
          .map((w) => w.host)
          .sort(),
      ).toEqual(['daemon-1', 'daemon-2']);

      first.child.kill('SIGKILL');
      await first.exited;
      await until('daemon-2 to take over the polling', async () => (await jobsBy('daemon-2')).includes('sync'), 60_000);
    } finally {
      first.child.kill('SIGKILL');
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
