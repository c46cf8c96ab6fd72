import { type Command, InvalidArgumentError } from 'commander';
import type { AppContext } from '../../app/context.js';
import { runBench, runQueryBench } from '../../bench/bench.js';
import { runSeasonsBench } from '../../bench/seasons.js';
import { parsePositiveInt, parseSeason, parseSimSportIds } from '../args.js';

interface BenchFlags {
  pglite?: boolean;
  games?: number;
  baselineGames: number;
  concurrency: number;
  seed: number;
  season: number;
  sportId: number[];
  cpuProfile?: string;
  queriesOnly?: boolean;
  seasons?: number;
  keepDatabase?: boolean;
}

export function registerBench(program: Command, ctx: AppContext): void {
  program
    .command('bench')
    .description(
      'benchmark: backfill a full simulated regular season into a fresh database, a naive baseline for the speed-up, a rebuild of the season and the README queries',
    )
    .option('--pglite', 'load into a fresh embedded PGlite instead of Postgres')
    .option('--games <n>', 'load only the first n regular-season games (whole days)', parsePositiveInt)
    .option('--baseline-games <n>', 'games loaded by the naive baseline', parsePositiveInt, 60)
    .option('--concurrency <n>', 'game loads in flight', parsePositiveInt, 6)
    .option('--seed <n>', 'simulator seed', parsePositiveInt, 1)
    .option('--season <year>', 'simulated season', parseSeason, 2025)
    .option(
      '--sport-id <ids>',
      'levels to simulate and load: 1 (MLB) and any of 11-14 (the minor leagues)',
      parseSimSportIds,
      [1],
    )
    .option(
      '--cpu-profile <dir>',
      'write CPU profiles of the backfill and the rebuild (.cpuprofile) into this directory',
    )
    .option(
      '--queries-only',
      'load nothing: time the README queries on the configured database (DATABASE_URL or DUGOUT_PGLITE_DIR)',
    )
    .option(
      '--seasons <n>',
      'the history bench: load n simulated MLB regular seasons ending with --season (the newest alone first) and time the README queries on one and on all',
      (v) => parseSeasonCount(v),
    )
    .option('--keep-database', 'leave the loaded database in place and print where it is')
    .action(async (f: BenchFlags) => {
      if (f.queriesOnly) {
        await runQueryBench(await ctx.database({ requireCurrent: true }), (s) => ctx.out(s));
        return;
      }
      const config = ctx.config();
      // Fresh databases are created next to DATABASE_URL's database, else on the local server.
      const adminUrl = config.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      const log = ctx.log().child({}, { level: config.logLevel === 'info' ? 'warn' : config.logLevel });
      const { sportId, cpuProfile, seasons, ...rest } = f;
      if (seasons !== undefined) {
        await runSeasonsBench(
          { ...rest, seasons, sportIds: [1], pglite: Boolean(f.pglite), adminUrl, cpuProfileDir: cpuProfile },
          config,
          log,
          (s) => ctx.out(s),
        );
        return;
      }
      await runBench(
        { ...rest, sportIds: sportId, pglite: Boolean(f.pglite), adminUrl, cpuProfileDir: cpuProfile },
        config,
        log,
        (s) => ctx.out(s),
      );
    });
}

/** 2 to 21 seasons: the newest and up to the simulator's 20 past ones. */
function parseSeasonCount(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 2 || n > 21)
    throw new InvalidArgumentError(`"${v}" is not a number of seasons from 2 to 21`);
  return n;
}
