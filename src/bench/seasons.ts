import type { Logger } from 'pino';
import { backfillJob } from '../../jobs/backfill.js';
import { rebuildJob } from '../../jobs/rebuild.js';
import { createConfiguredClient } from '../app/client.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { gameAndPitchCounts, statementRowsRead } from '../db/queries/bench.js';
import {
  type BenchOptions,
  cpuLine,
  freshDatabase,
  localPostmaster,
  measureStage,
  type QueryTiming,
  regularSeasonGames,
  startSimProcess,
  timeQueries,
} from './bench.js';

/** The goal of the history bench: no query over this on the whole history … */
export const QUERY_CEILING_MS = 1000;
/** … and a query naming one season at most this many times its cost on that season alone. */
export const SEASON_QUERY_MAX_RATIO = 2;

/** Whether a query names one season (`season = 2025`, `g.season = 2025`): its cost must not grow with history. */
export function namesOneSeason(sql: string): boolean {
  return /\bseason\s*=\s*\d{4}\b/i.test(sql);
}

/**
 * The history bench: `seasons` simulated MLB regular seasons ending with `opts.season`, from one
 * simulator serving them all. The newest season is loaded alone first, its README queries timed and
 * the season rebuilt; then the older seasons are loaded into the same database, the queries timed
 * again and the whole history rebuilt. Both sets of figures come from the same run and server.
 */
export async function runSeasonsBench(
  opts: BenchOptions & { seasons: number },
  config: Config,
  log: Logger,
  out: (s: string) => void,
): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const target = await freshDatabase(opts, 'seasons', cleanups);
    const newest = opts.season;
    const oldest = newest - opts.seasons + 1;
    const sim = await startSimProcess(opts.seed, newest, [1], opts.seasons - 1);
    cleanups.push(async () => void sim.child.kill('SIGTERM'));
    out(
      `simulator (child process) at ${sim.url}: MLB seasons ${oldest}–${newest}, regular season only, with win probability`,
    );
    // With win probability, as the demo loads it: the README's WPA leaders read it.
    const benchConfig = {
      ...config,
      statsapiBaseUrl: sim.url,
      maxRps: 100_000,
      concurrency: opts.concurrency,
      sportIds: [1],
      gameExtras: ['winProbability' as const],
    };
    const client = createConfiguredClient({ ...benchConfig, concurrency: opts.concurrency * 2 }, log);
    const probes = { postmaster: await localPostmaster(target), simPid: sim.child.pid };
    const deps = () => ({ database: target, client, config: benchConfig, log });

    const load = async (season: number): Promise<number> => {
      const games = await regularSeasonGames(sim.url, season, [1], opts.games);
      const range = { startDate: games[0]!.officialDate, endDate: games[games.length - 1]!.officialDate };
      const { result: run, stage } = await measureStage(probes, () =>
        backfillJob.run(deps(), { range, sportIds: [1], gameTypes: ['R'] }),
      );
      if (run.status !== 'succeeded')
        throw new Error(`the backfill of ${season} ${run.status}: ${String(run.error ?? '')}`);
      const loaded = run.counts.gamesLoaded;
      out(
        `  backfill of ${season}: ${loaded} games in ${stage.wallS.toFixed(1)} s · ${(loaded / stage.wallS).toFixed(1)} games/s`,
      );
      return loaded;
    };
    const rebuild = async (what: string, games: number): Promise<number> => {
      const { result, stage } = await measureStage(probes, () => rebuildJob.run(deps(), {}));
      if (result.status !== 'succeeded') throw new Error(`the rebuild ${result.status}: ${String(result.error ?? '')}`);
      const rate = games / stage.wallS;
      out(`  rebuild of ${what}: ${games} games in ${stage.wallS.toFixed(1)} s · ${rate.toFixed(1)} games/s`);
      out(cpuLine(opts.pglite, stage));
      return rate;
    };
    const describe = async (db: Database) => {
      const c = await gameAndPitchCounts(db.db);
      return `${c?.games} games, ${c?.pitches} pitches`;
    };

    out(`\nthe newest season alone, into ${opts.pglite ? 'PGlite' : 'Postgres'} (${target.describe}):`);
    const newestGames = await load(newest);
    out(`\nREADME example queries on ${newest} alone (${await describe(target)}; best of 3, warm):`);
    const one = await withRowsRead(target, await timeQueries(target, out));
    const oneRebuild = await rebuild(`${newest} alone`, newestGames);

    out(`\nthe ${opts.seasons - 1} seasons before it, newest first:`);
    let games = newestGames;
    for (let season = newest - 1; season >= oldest; season--) games += await load(season);
    out(`\nREADME example queries on ${opts.seasons} seasons (${await describe(target)}; best of 3, warm):`);
    const all = await withRowsRead(target, await timeQueries(target, out));
    const allRebuild = await rebuild(`${opts.seasons} seasons`, games);

    out(`\n${summary(one, all, opts.seasons)}`);
    out(
      `rebuild: ${oneRebuild.toFixed(1)} games/s for one season, ${allRebuild.toFixed(1)} games/s for ${opts.seasons} (${(allRebuild / oneRebuild).toFixed(2)} of one season's rate)`,
    );
    if (opts.keepDatabase) out(`\nkept the database: ${target.describe}`);
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

/** A timed query with the table rows its plan read (from `EXPLAIN ANALYZE`, independent of the machine's load). */
export interface MeasuredQuery extends QueryTiming {
  rowsRead: number;
}

async function withRowsRead(database: Database, timings: QueryTiming[]): Promise<MeasuredQuery[]> {
  const out: MeasuredQuery[] = [];
  for (const t of timings) {
    const read = await statementRowsRead(database.db, t.sql);
    out.push({ ...t, rowsRead: Object.values(read).reduce((a, b) => a + b, 0) });
  }
  return out;
}

/** The table of the two runs of every query, their ratio, and whether the goal holds. */
export function summary(one: MeasuredQuery[], all: MeasuredQuery[], seasons: number): string {
  const lines = [
    `| query | 1 season, ms | ${seasons} seasons, ms | ratio | rows read, 1 season | ${seasons} seasons | ratio | names a season |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  let ceiling = true;
  let ratios = true;
  const sqlOf = new Map(all.map((q) => [q.label, q]));
  for (const a of one) {
    const b = sqlOf.get(a.label);
    if (!b) continue;
    const ratio = b.ms / a.ms;
    const named = namesOneSeason(a.sql);
    if (b.ms > QUERY_CEILING_MS) ceiling = false;
    if (named && ratio > SEASON_QUERY_MAX_RATIO) ratios = false;
    const readRatio = a.rowsRead > 0 ? (b.rowsRead / a.rowsRead).toFixed(2) : '–';
    lines.push(
      `| ${a.label} | ${a.ms.toFixed(1)} | ${b.ms.toFixed(1)} | ${ratio.toFixed(2)} | ${a.rowsRead} | ${b.rowsRead} | ${readRatio} | ${named ? 'yes' : 'no'} |`,
    );
  }
  lines.push(
    `goal: every query ≤ ${QUERY_CEILING_MS} ms on ${seasons} seasons: ${ceiling ? 'met' : 'NOT met'}; ` +
      `every query naming a season ≤ ${SEASON_QUERY_MAX_RATIO}× its time on one: ${ratios ? 'met' : 'NOT met'}`,
  );
  return lines.join('\n');
}
