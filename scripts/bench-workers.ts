/**
 * Several workers against one Postgres and one simulator:
 *
 * 1. the combined request rate at the simulator for 1, 2 and 4 `dugout backfill` processes with
 *    STATSAPI_MAX_RPS=5 (the shared budget must hold it at 5 whatever the number of workers), and the
 *    most requests that arrived in any one-second window;
 * 2. the wall time of a backfill by 1 and 2 workers with the limit lifted (STATSAPI_MAX_RPS=1000).
 *
 *   npm run bench:workers [-- --days 2] [--span-days 30 | --season]
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; scratch
 * databases are created and dropped. The simulator runs in this process.
 */
import { addDays } from '../src/dates.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch.js';
import { createSimulator } from '../src/sim/index.js';

const argv = process.argv.slice(2);
const flag = (name: string, def: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIN = fileURLToPath(new URL('../bin/dugout.mjs', import.meta.url));

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function scratchDatabase(tag: string): Promise<ScratchDatabase> {
  return createScratchDatabase(adminUrl, `dugout_bench_workers_${tag}_${process.pid}`);
}

function maxInAnyWindow(times: number[], windowMs: number): number {
  const s = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let lo = 0, hi = 0; hi < s.length; hi++) {
    while (s[hi]! - s[lo]! >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

async function main(): Promise<void> {
  const sim = createSimulator({ seed: 1 });
  const server = await sim.listen(0, '127.0.0.1');
  const regular = sim
    .listGames()
    .filter((g) => g.gameType === 'R')
    .map((g) => g.officialDate)
    .sort();
  const first = regular[0]!;
  const last = regular.at(-1)!;
  const days = flag('days', 2);
  console.log(`simulator at ${server.url}; ${regular.length} regular-season games ${first} … ${last}`);

  console.log(
    `\n1. combined rate at STATSAPI_MAX_RPS=5, backfilling ${days} day(s) (reference lists loaded beforehand, fast)`,
  );
  for (const n of [1, 2, 4]) {
    const db = await scratchDatabase(`rate${n}`);
    try {
      const env = { DATABASE_URL: db.url, STATSAPI_BASE_URL: server.url };
      const warm = await run(['backfill', '--start-date', first, '--end-date', first], {
        ...env,
        STATSAPI_MAX_RPS: '1000',
      });
      if (warm.code !== 0) throw new Error(warm.stderr.trim().split('\n').at(-1));
      const start = addDays(first, 1 + n * days);
      const from = sim.requestLog.length;
      const t0 = Date.now();
      const results = await Promise.all(
        Array.from({ length: n }, () =>
          run(['backfill', '--start-date', start, '--end-date', addDays(start, days - 1)], {
            ...env,
            STATSAPI_MAX_RPS: '5',
          }),
        ),
      );
      const wall = (Date.now() - t0) / 1000;
      for (const r of results) if (r.code !== 0) throw new Error(r.stderr.trim().split('\n').at(-1));
      const arrivals = sim.requestLog.slice(from).map((e) => e.receivedAt.getTime());
      const span = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
      console.log(
        `  ${n} worker(s): ${arrivals.length} requests in ${span.toFixed(1)} s → ${((arrivals.length - 1) / span).toFixed(2)} req/s combined; ` +
          `most in any 1 s window: ${maxInAnyWindow(arrivals, 1000)}; wall ${wall.toFixed(1)} s`,
      );
    } finally {
      await db.drop();
    }
  }

  const whole = argv.includes('--season');
  const spanDays = flag('span-days', 30);
  const end = whole ? last : addDays(first, spanDays - 1);
  const games = regular.filter((d) => d <= end).length;
  console.log(
    `\n2. backfill ${first} … ${end} (${games} regular-season games) with the limit lifted (STATSAPI_MAX_RPS=1000)`,
  );
  // Warm the simulator so both runs fetch cached bodies.
  {
    const db = await scratchDatabase('warm');
    try {
      await run(['backfill', '--start-date', first, '--end-date', end], {
        DATABASE_URL: db.url,
        STATSAPI_BASE_URL: server.url,
        STATSAPI_MAX_RPS: '1000',
      });
    } finally {
      await db.drop();
    }
  }
  for (const n of [1, 2]) {
    const db = await scratchDatabase(`season${n}`);
    try {
      const env = { DATABASE_URL: db.url, STATSAPI_BASE_URL: server.url, STATSAPI_MAX_RPS: '1000' };
      const migrated = await run(['migrate'], env);
      if (migrated.code !== 0) throw new Error(migrated.stderr);
      const t0 = Date.now();
      const results = await Promise.all(
        Array.from({ length: n }, () => run(['backfill', '--start-date', first, '--end-date', end], env)),
      );
      const wall = (Date.now() - t0) / 1000;
      for (const r of results) if (r.code !== 0) throw new Error(r.stderr.trim().split('\n').at(-1));
      console.log(`  ${n} worker(s): ${wall.toFixed(1)} s wall, ${(games / wall).toFixed(1)} games/s`);
    } finally {
      await db.drop();
    }
  }
  await server.close();
}

main().catch((err) => {
  console.error(`bench:workers: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
