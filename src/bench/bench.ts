import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { backfillJob } from '../../jobs/backfill.js';
import { rebuildJob } from '../../jobs/rebuild.js';
import type { Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import {
  backendPid,
  benchTableCounts,
  countStatementRows,
  DASHBOARD_STANDINGS_QUERY,
  gameAndPitchCounts,
} from '../db/queries/bench.js';
import { runMigrations } from '../db/migrate.js';
import { createScratchDatabase } from '../db/scratch.js';
import { packageRoot } from '../paths.js';
import { collectStageTimes, type StageTimings } from './stage-times.js';
import { runNaiveLoad } from './naive.js';
import { createConfiguredClient } from '../app/client.js';
import { readmeQueries } from './readme-queries.js';
import { withCpuProfile } from './cpu-profile.js';
import { findPostmaster, isLocalServerUrl, processCpuSeconds, sampleServerCpu } from './server-cpu.js';

export interface BenchOptions {
  pglite: boolean;
  seed: number;
  season: number;
  /** Regular-season games to load (default all 2,430). */
  games?: number;
  /** Games loaded by the naive baseline. */
  baselineGames: number;
  concurrency: number;
  /** Levels simulated and loaded (default MLB only): 1 and any of 11–14. */
  sportIds: number[];
  /** Admin URL of the Postgres server the fresh databases are created on. */
  adminUrl: string;
  /** Write CPU profiles of the backfill and the rebuild into this directory. */
  cpuProfileDir?: string;
  /** Leave the loaded database in place (to query it afterwards) instead of dropping it. */
  keepDatabase?: boolean;
}

/**
 * Backfill a full simulated regular season from a simulator in a child process (so its memory and
 * CPU are not dugout's) into a fresh database with the rate limit lifted, then load a sample through
 * a naive loader (one request at a time, one INSERT per row, no hash skip) for the speed-up.
 */
export async function runBench(
  opts: BenchOptions,
  config: Config,
  log: Logger,
  out: (s: string) => void,
): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  try {
    // The database first: one that cannot be reached fails the command before the season is simulated.
    const target = await freshDatabase(opts, 'bench', cleanups);
    const sim = await startSimProcess(opts.seed, opts.season, opts.sportIds);
    cleanups.push(async () => void sim.child.kill('SIGTERM'));
    const games = await regularSeasonGames(sim.url, opts.season, opts.sportIds, opts.games);
    const range = { startDate: games[0]!.officialDate, endDate: games[games.length - 1]!.officialDate };
    out(
      `simulator (child process) at ${sim.url}: ${games.length} regular-season games of sports ${opts.sportIds.join(',')}, ${range.startDate} … ${range.endDate}`,
    );
    const warmMs = await warmSimulator(
      sim.url,
      games.map((g) => g.gamePk),
      config.gameSource,
      opts.baselineGames,
    );
    out(`warmed the simulator (every body requested once) in ${(warmMs / 1000).toFixed(1)} s`);

    const benchConfig = {
      ...config,
      statsapiBaseUrl: sim.url,
      maxRps: 100_000,
      concurrency: opts.concurrency,
      sportIds: opts.sportIds,
    };
    const client = createConfiguredClient({ ...benchConfig, concurrency: opts.concurrency * 2 }, log);
    const probes: CpuProbes = { postmaster: await localPostmaster(target), simPid: sim.child.pid };
    // The stage times are observed from outside: dugout publishes its stage events, this collects them.
    const stageTimes = collectStageTimes();
    const { result: run, stage: backfillStage } = await measureStage(probes, () =>
      withCpuProfile(opts.cpuProfileDir, 'backfill', () =>
        backfillJob.run(
          { database: target, client, config: benchConfig, log },
          { range, sportIds: opts.sportIds, gameTypes: ['R'] },
        ),
      ),
    ).finally(() => stageTimes.stop());
    const { timings } = stageTimes;
    const wallS = backfillStage.wallS;
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    if (run.status !== 'succeeded') throw new Error(`the benchmark backfill ${run.status}: ${String(run.error ?? '')}`);
    const rows = await benchTableCounts(target.db);
    const totalRows = Object.entries(rows)
      .filter(([t]) => t.startsWith('mlb.'))
      .reduce((s, [, n]) => s + n, 0);
    const loaded = run.counts.gamesLoaded;
    out(
      `\ndugout backfill into ${opts.pglite ? 'PGlite' : 'Postgres'} (${target.describe}), concurrency ${opts.concurrency}:`,
    );
    out(
      `  wall ${wallS.toFixed(1)} s · ${(loaded / wallS).toFixed(1)} games/s · ${client.stats.requests} requests · ${(client.stats.bytes / 1e6).toFixed(1)} MB received`,
    );
    out(
      `  rows: ${Object.entries(rows)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}`,
    );
    out(`  ${totalRows} mlb rows → ${(totalRows / wallS).toFixed(0)} rows/s · peak RSS ${peakRssMb.toFixed(0)} MB`);
    out(cpuLine(opts.pglite, backfillStage));
    out(timeShareLine(timings));
    out(noticeLine(timings, backfillStage));
    // What a dashboard reads after the nightly load (which vacuumed the tables it filled).
    out('\nREADME example queries after the backfill (best of 3, warm):');
    await timeQueries(target, out);

    const { result: rebuilt, stage: rebuildStage } = await measureStage(probes, () =>
      withCpuProfile(opts.cpuProfileDir, 'rebuild', () =>
        rebuildJob.run({ database: target, client, config: benchConfig, log }, {}),
      ),
    );
    const rebuildS = rebuildStage.wallS;
    if (rebuilt.status !== 'succeeded')
      throw new Error(`the benchmark rebuild ${rebuilt.status}: ${String(rebuilt.error ?? '')}`);
    out(`\ndugout rebuild of that season from its stored bodies (no request):`);
    out(
      `  wall ${rebuildS.toFixed(1)} s · ${(loaded / rebuildS).toFixed(1)} games/s · peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
    out(cpuLine(opts.pglite, rebuildStage));

    // A rebuild rewrote every row: on PostgreSQL half the table is dead until autovacuum gets to it
    // (PGlite, which has none, vacuums at the rebuild's end).
    out('\nREADME example queries after the rebuild (best of 3, warm):');
    await timeQueries(target, out);
    // Last, so that the peak RSS of the rebuild above is the loader's alone (on PGlite the baseline
    // opens a second embedded database).
    const sample = games.slice(0, opts.baselineGames).map((g) => g.gamePk);
    const naiveDb = await freshDatabase(opts, 'naive', cleanups);
    const naive = await runNaiveLoad(naiveDb, sim.url, sample);
    const ourRate = loaded / wallS;
    out(`\nnaive baseline (one request at a time, one INSERT per row, no hash skip) over ${sample.length} games:`);
    out(`  ${naive.seconds.toFixed(1)} s · ${(sample.length / naive.seconds).toFixed(2)} games/s · ${naive.rows} rows`);
    out(`  speed-up of the backfill above: ${(ourRate / (sample.length / naive.seconds)).toFixed(1)}×`);
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

/**
 * Time the README queries and the latest standings (best of 3, warm) on a database already loaded,
 * e.g. several seasons: `dugout bench --queries-only` against DATABASE_URL. Nothing is written.
 */
export async function runQueryBench(database: Database, out: (s: string) => void): Promise<void> {
  const c = await gameAndPitchCounts(database.db);
  out(`README example queries on ${database.describe} (${c?.games} games, ${c?.pitches} pitches; best of 3, warm):`);
  await timeQueries(database, out);
}

/** One timed query of the bench: its best time of 3 and how many rows it returned. */
export interface QueryTiming {
  label: string;
  sql: string;
  ms: number;
  rows: number;
}

/** One line per query: its best time of 3 and how many rows it returned. */
export async function timeQueries(database: Database, out: (s: string) => void): Promise<QueryTiming[]> {
  const timings: QueryTiming[] = [];
  for (const q of benchQueries()) {
    let rows = 0;
    const ms = await bestOf(3, async () => {
      rows = await countStatementRows(database.db, q.sql);
    });
    out(`  ${ms.toFixed(1).padStart(8)} ms  ${q.label} (${rows} ${rows === 1 ? 'row' : 'rows'})`);
    timings.push({ label: q.label, sql: q.sql, ms, rows });
  }
  return timings;
}

/** The README's example queries (as users copy them) and the latest standings a dashboard polls. */
function benchQueries(): Array<{ label: string; sql: string }> {
  const readme = path.join(packageRoot(), 'README.md');
  const queries = existsSync(readme) ? readmeQueries(readFileSync(readme, 'utf8')) : [];
  return [
    ...queries,
    {
      label: 'standings on the latest date (dashboard panel)',
      sql: DASHBOARD_STANDINGS_QUERY,
    },
  ];
}

async function bestOf(n: number, run: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function startSimProcess(
  seed: number,
  season: number,
  sportIds: number[],
  history = 0,
): Promise<{ url: string; child: ChildProcess }> {
  // A cache large enough for every body of the season (about 2 GB for MLB's, 1.7 GB for a
  // minor-league level's): after warming, the timed run measures dugout.
  const cacheMb = 3000 + 2000 * (sportIds.length - 1);
  const args = [
    'sim',
    '--port',
    '0',
    '--seed',
    String(seed),
    '--season',
    String(season),
    '--cache-mb',
    String(cacheMb),
  ];
  args.push('--sport-id', sportIds.join(','));
  if (history > 0) args.push('--history', String(history));
  const child = spawnDugout(args, {
    nodeArgs: ['--max-old-space-size=6000'],
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += d;
      const m = /at (http:\/\/\S+\/api)/.exec(buf);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  return { url, child };
}

export async function regularSeasonGames(
  url: string,
  season: number,
  sportIds: number[],
  limit?: number,
): Promise<Array<{ gamePk: number; officialDate: string }>> {
  const res = await fetch(`${url}/v1/schedule?sportId=${sportIds.join(',')}&season=${season}&gameType=R`);
  const body = (await res.json()) as {
    dates: Array<{ games: Array<{ gamePk: number; officialDate: string; status: { codedGameState: string } }> }>;
  };
  const seen = new Map<number, { gamePk: number; officialDate: string }>();
  for (const d of body.dates)
    for (const g of d.games)
      if (g.status.codedGameState === 'F') seen.set(g.gamePk, { gamePk: g.gamePk, officialDate: g.officialDate });
  const all = [...seen.values()].sort((a, b) => a.officialDate.localeCompare(b.officialDate) || a.gamePk - b.gamePk);
  if (!limit || limit >= all.length) return all;
  // A prefix of whole days, so the backfill's date range holds exactly these games.
  const lastDay = all[limit - 1]!.officialDate;
  return all.filter((g) => g.officialDate <= lastDay);
}

/**
 * Every body the bench will ask for, requested once so that the simulator serves them from its
 * cache: the backfill's (each game's feed, or its boxscore and playByPlay), and the boxscore and
 * playByPlay of the naive loader's first games. No more: a body the run never asks for would take
 * the cache's room, and a least-recently-used cache filled past its size in the order the backfill
 * then asks would serve every game by simulating it again. Requested from a process of its own, so
 * that the peak memory the bench reports is the loader's, not this warm-up's.
 */
async function warmSimulator(
  url: string,
  gamePks: number[],
  source: Config['gameSource'],
  naiveGames: number,
): Promise<number> {
  const started = performance.now();
  const paths = gamePks.flatMap((pk, i) => [
    ...(source === 'feed' ? [`v1.1/game/${pk}/feed/live`] : []),
    ...(source !== 'feed' || i < naiveGames ? [`v1/game/${pk}/boxscore`, `v1/game/${pk}/playByPlay`] : []),
  ]);
  const child = spawn(process.execPath, ['--input-type=module', '-e', WARM_SCRIPT, url], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.stdin!.end(JSON.stringify(paths));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`warming the simulator failed (exit ${code})`);
  return performance.now() - started;
}

/** The warm-up's process: the paths on stdin (a JSON array), four requests at a time. */
const WARM_SCRIPT = `
const url = process.argv[1];
let input = '';
for await (const chunk of process.stdin) input += chunk;
const paths = JSON.parse(input);
let next = 0;
await Promise.all(Array.from({ length: 4 }, async () => {
  while (next < paths.length) {
    const res = await fetch(url + '/' + paths[next++], { headers: { 'accept-encoding': 'gzip' } });
    if (!res.ok) throw new Error(res.status + ' ' + res.url);
    await res.arrayBuffer();
  }
}));
`;

/**
 * The postmaster of the bench's PostgreSQL server when it runs on this host, so that the server's
 * CPU can be read beside dugout's.
 */
export async function localPostmaster(database: Database): Promise<number | undefined> {
  if (database.kind !== 'postgres' || !database.connectionUrl || !isLocalServerUrl(database.connectionUrl)) {
    return undefined;
  }
  const pid = await backendPid(database.db);
  return pid === undefined ? undefined : findPostmaster(pid);
}

/** Processes whose CPU a stage counts besides this one's: the local server (its postmaster) and the simulator. */
export interface CpuProbes {
  postmaster: number | undefined;
  simPid: number | undefined;
}

/** A stage's wall time and CPU seconds: dugout's (every thread), the server's and the simulator's when readable. */
export interface StageCpu {
  wallS: number;
  dugoutS: number;
  serverS: number | undefined;
  simS: number | undefined;
}

/** Run one stage of the bench, measuring its wall time and the CPU of dugout, the server and the simulator. */
export async function measureStage<T>(
  probes: CpuProbes,
  fn: () => Promise<T>,
): Promise<{ result: T; stage: StageCpu }> {
  const server = probes.postmaster === undefined ? undefined : sampleServerCpu(probes.postmaster);
  const simCpu = () => (probes.simPid === undefined ? undefined : processCpuSeconds(probes.simPid));
  const sim0 = simCpu();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  let serverS: number | undefined;
  let result: T;
  try {
    result = await fn();
  } finally {
    serverS = server?.stop();
  }
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const sim1 = simCpu();
  const simS = sim0 === undefined || sim1 === undefined ? undefined : sim1 - sim0;
  return { result, stage: { wallS, dugoutS: (cpu.user + cpu.system) / 1e6, serverS, simS } };
}

/**
 * Where the loads' time went, summed over the concurrent loads and threads (fetch holds the client's
 * JSON.parse of bodies parsed on the main thread: no extraction worker, or the feed source).
 */
export function timeShareLine(t: StageTimings): string {
  const { fetchMs } = t;
  const sum = fetchMs + t.parseMs + t.hashMs + t.noticeMs + t.extractMs + t.dbMs;
  const share = (ms: number) => `${sum > 0 ? ((100 * ms) / sum).toFixed(0) : 0}%`;
  return (
    `  time share (summed over workers): fetch ${share(fetchMs)}, parse ${share(t.parseMs)}, hash ${share(t.hashMs)}, ` +
    `new fields ${share(t.noticeMs)}, extract ${share(t.extractMs)}, database writes ${share(t.dbMs)}`
  );
}

/**
 * What noticing new fields cost the backfill: the CPU of walking bodies beside the known key paths
 * (the walking thread's, where the system tells it; else its wall time, more than its CPU on a busy
 * machine), against the stage's CPU seconds (dugout's, and the server's when it is a process on
 * this host).
 */
export function noticeLine(t: StageTimings, { dugoutS, serverS }: StageCpu): string {
  const noticeS = t.noticeMs / 1000;
  const cpuS = dugoutS + (serverS ?? 0);
  const of = serverS === undefined ? "dugout's CPU" : 'the CPU of dugout and PostgreSQL';
  return `  new fields: ${noticeS.toFixed(2)} s of CPU walking bodies, ${((100 * noticeS) / cpuS).toFixed(1)}% of ${of} (${cpuS.toFixed(1)} s)`;
}

/** A stage's CPU line, with how many of the machine's cores it kept busy on average over the wall time. */
export function cpuLine(pglite: boolean, { wallS, dugoutS, serverS, simS }: StageCpu): string {
  const cores = availableParallelism();
  const parts = [`dugout ${dugoutS.toFixed(1)} s`];
  if (serverS !== undefined) parts.push(`PostgreSQL ${serverS.toFixed(1)} s`);
  if (simS !== undefined) parts.push(`simulator ${simS.toFixed(1)} s`);
  const total = dugoutS + (serverS ?? 0) + (simS ?? 0);
  const note =
    serverS !== undefined
      ? ''
      : pglite
        ? ' (PGlite runs inside dugout)'
        : ' (PostgreSQL not counted: the server is not a process on this host)';
  return `  CPU: ${parts.join(' + ')} = ${(total / wallS).toFixed(2)} of ${cores} cores over the wall${note}`;
}

export async function freshDatabase(
  opts: BenchOptions,
  label: string,
  cleanups: Array<() => Promise<void>>,
): Promise<Database> {
  if (opts.pglite) {
    const dir = mkdtempSync(path.join(tmpdir(), `dugout-${label}-`));
    const pgliteDir = path.join(dir, 'pglite');
    if (!opts.keepDatabase) cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    await createPgliteDir(pgliteDir);
    const db = await createDatabase({ databaseUrl: undefined, pgliteDir });
    cleanups.push(() => db.close());
    return db;
  }
  const scratch = await createScratchDatabase(opts.adminUrl, `dugout_${label}_${process.pid}`);
  const db = await createDatabase(
    { databaseUrl: scratch.url, pgliteDir: '' },
    { maxConnections: opts.concurrency + 2 },
  );
  cleanups.push(async () => {
    await db.close();
    if (!opts.keepDatabase) await scratch.drop();
  });
  await runMigrations(db);
  return db;
}

/** A `dugout` command in a child process of this Node (with `nodeArgs` for Node itself). */
function spawnDugout(args: string[], opts: SpawnOptions & { nodeArgs?: string[] }): ChildProcess {
  const { nodeArgs = [], ...options } = opts;
  return spawn(process.execPath, [...nodeArgs, path.join(packageRoot(), 'bin/dugout.mjs'), ...args], options);
}

/**
 * Create and migrate a PGlite database in a child process, as `dugout migrate` does. Creating one
 * (PGlite's initdb) leaves the process much larger for its whole life than opening an existing one
 * does; a user creates the database once, and the figures are those of loading it.
 */
async function createPgliteDir(pgliteDir: string): Promise<void> {
  const { DATABASE_URL: _url, ...env } = process.env;
  const child = spawnDugout(['migrate'], {
    env: { ...env, DUGOUT_PGLITE_DIR: pgliteDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`dugout migrate of the bench's PGlite database exited ${code}: ${stderr.trim()}`);
}
