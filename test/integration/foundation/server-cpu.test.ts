import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPostmaster, isLocalServerUrl, sampleServerCpu } from '../../../src/bench/server-cpu.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

// The benchmark reads a local server's CPU from /proc; a server on this host is what CI has.
const local =
  testBackend() === 'postgres' &&
  existsSync('/proc/self/stat') &&
  isLocalServerUrl(process.env.TEST_DATABASE_URL ?? '');

describeNeeds('PostgreSQL', local)('the CPU of a PostgreSQL server on this host', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  it('is found from a backend and counts the work a query made it do', async () => {
    const [row] = await queryRows<{ pid: number }>(t.database.db, sql`select pg_backend_pid() as pid`);
    const postmaster = findPostmaster(Number(row!.pid));
    expect(postmaster).toBeGreaterThan(0);

    const idle = sampleServerCpu(postmaster!, 50);
    await new Promise((r) => setTimeout(r, 300));
    const idleS = idle.stop();

    const busy = sampleServerCpu(postmaster!, 50);
    const started = performance.now();
    await t.database.db.execute(sql`select count(*) from generate_series(1, 20000000)`);
    const wallS = (performance.now() - started) / 1000;
    const busyS = busy.stop();
    // The query kept a backend busy for much of its wall time (a loaded CI host shares the cores);
    // an idle server used next to nothing.
    expect(busyS).toBeGreaterThan(wallS / 10);
    expect(busyS).toBeGreaterThan(idleS + 0.2);
  });
});
