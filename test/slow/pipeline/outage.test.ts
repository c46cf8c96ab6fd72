import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, spawnCli, until } from '../../helpers/cli.js';
import { canRunThrowawayCluster, startThrowawayCluster, type ThrowawayCluster } from '../../helpers/cluster.js';
import { addDays, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { describeNeeds } from '../../needs.js';

/**
 * The database stopped mid-run (`pg_ctl -m fast stop`) on a cluster of the test's own — never the
 * shared server. Before, postgres.js could throw from a socket callback and kill dugout with a
 * stack trace, leaving its run `running` for good.
 */
describeNeeds('PostgreSQL', canRunThrowawayCluster())('a database outage (finding 2)', () => {
  let cluster: ThrowawayCluster;
  let h: SimHarness;
  let range: { startDate: string; endDate: string };
  let env: Record<string, string>;
  const query = async <T>(text: string): Promise<T[]> => {
    const c = postgres(cluster.url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      return (await c.unsafe(text)) as unknown as T[];
    } finally {
      await c.end({ timeout: 1 });
    }
  };

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    h = await startSim({ seed: 4 });
    const d0 = firstRegularDate(h.sim);
    range = { startDate: d0, endDate: addDays(d0, 3) };
    env = {
      DATABASE_URL: cluster.url,
      STATSAPI_BASE_URL: h.url,
      STATSAPI_MAX_RPS: '500',
      DUGOUT_HEARTBEAT_SECONDS: '1',
      DUGOUT_WORKER_TIMEOUT_SECONDS: '3',
    };
    const migrated = await runCli(['migrate'], { env });
    expect(migrated.code, migrated.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    cluster?.destroy();
  });

  it('a backfill exits 1 with the cause in one line, no stack; its run is closed; a re-run finishes the load', {
    timeout: 300_000,
  }, async () => {
    h.sim.setFaults({ scripted: [{ pathIncludes: '/feed/live', fault: 'slow' }], slowMs: 100 });
    const args = ['backfill', '--start-date', range.startDate, '--end-date', range.endDate];
    const run = runCli(args, { env, timeoutMs: 120_000 });
    await until(
      'some games loaded',
      async () => Number((await query<{ n: number }>('select count(*)::int as n from raw.boxscores'))[0]?.n) >= 5,
    );
    cluster.stop();
    const r = await run;
    h.sim.setFaults({});
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^dugout: /);
    expect(lines.at(-1)!.length).toBeLessThanOrEqual(320);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // The cause, whichever the driver met first: the server going away, a refused connection, or
    // postgres.js's own crash when its socket vanished mid-query (then named as a lost connection).
    expect(lines.at(-1)).toMatch(
      /57P0\d|terminat|shutting down|ECONNREFUSED|ECONNRESET|connect|CONNECTION_|lost the database connection/i,
    );

    cluster.start();
    const again = await runCli(args, { env });
    expect(again.code, again.stderr).toBe(0);
    const runs = await query<{ status: string; error: string | null }>(
      "select status, error from ingest.runs where job = 'backfill' order by run_id",
    );
    expect(runs[0]?.status).toMatch(/^(failed|interrupted)$/); // failed when the database answered in time, else closed by heartbeat
    expect(runs.at(-1)?.status).toBe('succeeded');
    expect(runs.filter((x) => x.status === 'running')).toEqual([]);
    const finals = h.sim
      .listGames()
      .filter((g) => g.officialDate >= range.startDate && g.officialDate <= range.endDate && g.codedGameState === 'F');
    expect(Number((await query<{ n: number }>('select count(*)::int as n from raw.boxscores'))[0]?.n)).toBe(
      finals.length,
    );
  });

  it('the daemon survives the outage and syncs again once the database is back', { timeout: 240_000 }, async () => {
    try {
      cluster.start(); // running already unless the test before stopped at an assertion
    } catch {
      // running
    }
    const daemon = spawnCli(['daemon', '--now', h.sim.now().toISOString()], {
      ...env,
      DUGOUT_SYNC_CRON: '*/2 * * * * *',
    });
    const { child } = daemon;
    let exited: number | null | undefined;
    const closed = daemon.exited.then((code) => {
      exited = code;
    });
    const stderr = () => daemon.stderr();
    const syncs = async () =>
      Number(
        (
          await query<{ n: number }>(
            "select count(*)::int as n from ingest.runs where job = 'sync' and status = 'succeeded'",
          )
        )[0]?.n,
      );
    try {
      await until('a first sync', async () => (await syncs()) >= 1);
      cluster.stop();
      await new Promise((r) => setTimeout(r, 5_000)); // several ticks against no database
      expect(exited).toBeUndefined();
      cluster.start();
      const before = await syncs();
      await until('a sync after the outage', async () => (await syncs()) > before, 90_000);
      expect(exited).toBeUndefined();
    } catch (err) {
      child.kill('SIGKILL');
      const runs = await query(
        'select run_id, job, status, error, started_at, finished_at from ingest.runs order by run_id',
      ).catch((e) => String(e));
      throw new Error(
        `${String(err)}\n--- daemon stderr:\n${stderr().slice(-4000)}\n--- runs:\n${JSON.stringify(runs, null, 1).slice(-3000)}`,
      );
    }
    // SIGTERM stops it within the shutdown grace: no run is left hanging on a dead connection.
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      closed.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 20_000)),
    ]);
    if (!stopped) child.kill('SIGKILL');
    expect(stopped, stderr().slice(-3000)).toBe(true);
  });
});
