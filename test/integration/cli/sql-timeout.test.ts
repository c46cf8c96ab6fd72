import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/**
 * `dugout sql --timeout` bounds the whole session, also when the reader of its output stalls: a
 * real child whose stdout is a pipe nobody reads (the OS buffer fills, every write waits).
 */
describeNeeds('PostgreSQL', testBackend() !== 'pglite')('dugout sql --timeout', () => {
  let t: TestDatabase;
  let admin: postgres.Sql;

  beforeAll(async () => {
    t = await createTestDatabase();
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    await admin`create table public.wide as select g, repeat('x', 200) as pad from generate_series(1, 200000) g`;
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await t?.drop();
  });

  /** The child's backends still there: its query's text carries a marker. */
  const backends = async (marker: string) =>
    (
      await admin<Array<{ state: string }>>`select state from pg_stat_activity
        where query like ${`%${marker}%`} and pid <> pg_backend_pid()`
    ).map((r) => r.state);

  it('ends the session when stdout is not drained: cursor closed, transaction rolled back, one line, exit 1', {
    timeout: 60_000,
  }, async () => {
    const marker = `stalled_${process.pid}`;
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: t.url! }))
      if (v !== undefined) env[k] = v;
    const child = spawn(
      process.execPath,
      [
        `${REPO_ROOT}/bin/dugout.mjs`,
        'sql',
        '--as-owner',
        '--csv',
        '--timeout',
        '2',
        `select g, pad, '${marker}' as m from public.wide`,
      ],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // stdout is never read: the pipe fills and the child's writes wait.
    child.stdout!.pause();
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    const took = Date.now() - started;
    child.stdout!.destroy();
    expect(code, stderr).toBe(1);
    // --timeout 2 s, plus Node's start-up, on a slow machine.
    expect(took).toBeLessThan(20_000);
    const lines = stderr.trim().split('\n');
    // The --as-owner warning, then the one line of the end.
    expect(lines.filter((l) => !l.includes('--as-owner'))).toEqual([
      'dugout: sql: ended after --timeout 2 s (the query, or the reader of its output, was too slow); the output is incomplete',
    ]);
    // Nothing of its session is left on the server, and the owner locks the table at once.
    expect(await backends(marker)).toEqual([]);
    await admin.begin(async (tx) => {
      await tx`set local lock_timeout = '2s'`;
      await tx`lock table public.wide in access exclusive mode`;
    });
  });

  it('ends the session when the server is slow', { timeout: 60_000 }, async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: t.url! }))
      if (v !== undefined) env[k] = v;
    const child = spawn(
      process.execPath,
      [`${REPO_ROOT}/bin/dugout.mjs`, 'sql', '--as-owner', '--timeout', '1', 'select pg_sleep(30)'],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.stdout!.resume();
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code, stderr).toBe(1);
    expect(stderr.trim().split('\n').at(-1)).toMatch(/^dugout: sql: ended after --timeout 1 s/);
    expect(await backends('pg_sleep(30)')).toEqual([]);
  });
});
