import { type Command, InvalidArgumentError } from 'commander';
import { parseSimSportIds, parsePositiveInt, parseSeason, parseTimestamp } from '../args.js';
import type { AppContext } from '../../app/context.js';
import { MAX_HISTORY } from '../../sim/era.js';

interface SimFlags {
  port: number;
  host: string;
  seed: number;
  season: number;
  now?: Date;
  /** `true` for a bare --speed (real time). */
  speed?: number | true;
  cacheMb: number;
  sportId: number[];
  history: number;
}

export function registerSim(program: Command, ctx: AppContext): void {
  program
    .command('sim')
    .description('serve the deterministic Stats API simulator (a whole simulated season) over HTTP')
    .option(
      '--port <port>',
      'port to listen on (0 = any free port)',
      (v) => (v === '0' ? 0 : parsePositiveInt(v)),
      8080,
    )
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--seed <n>', 'seed of the league and every game', (v) => (v === '0' ? 0 : parsePositiveInt(v)), 1)
    .option('--season <year>', 'simulated season', parseSeason, 2025)
    .option(
      '--now <timestamp>',
      "the simulator's clock at start (default: after the season's last game)",
      parseTimestamp,
    )
    .option(
      '--speed [n]',
      'run the clock at n times real time from --now (1 without n); without --speed it stays put until POST /__sim/clock moves it',
      parseSpeed,
    )
    .option(
      '--sport-id <ids>',
      'levels to serve: 1 (MLB) and any of 11 (Triple-A), 12 (Double-A), 13 (High-A), 14 (Single-A)',
      parseSimSportIds,
      [1],
    )
    .option(
      '--history <n>',
      `past seasons to serve before --season (0-${MAX_HISTORY}), each as its era looked`,
      (v) => parseHistory(v),
      0,
    )
    .option('--cache-mb <n>', 'memory for served bodies, MB (a whole season needs about 2000)', parsePositiveInt, 128)
    .action(async (f: SimFlags) => {
      const { createSimulator } = await import('../../sim/index.js');
      const sim = createSimulator({
        seed: f.seed,
        season: f.season,
        now: f.now,
        ...(f.speed !== undefined ? { speed: f.speed === true ? 1 : f.speed } : {}),
        cacheBytes: f.cacheMb * 1024 * 1024,
        sportIds: f.sportId,
        history: f.history,
      });
      const server = await sim.listen(f.port, f.host);
      const seasons = sim.seasons.length > 1 ? `seasons ${sim.seasons.join(', ')}` : `season ${f.season}`;
      ctx.out(`simulator serving ${seasons}, sports ${sim.sportIds.join(',')} (seed ${f.seed}) at ${server.url}`);
      const control = `${server.url.replace(/\/api$/, '')}/__sim/clock`;
      const speed = f.speed === true ? 1 : f.speed;
      ctx.out(
        speed === undefined
          ? `clock: ${sim.now().toISOString()}, stopped (--speed runs it; POST ${control} moves it)`
          : `clock: ${sim.now().toISOString()}, running at ${speed}x real time (POST ${control} moves it)`,
      );
      const sports = sim.sportIds.length > 1 ? ` --sport-id ${sim.sportIds.join(',')}` : '';
      // The simulator is a local process: lift the politeness budget, which is sized for the real
      // API, and give sync and the daemon the simulator's clock (it decides which games are final).
      const env = `STATSAPI_BASE_URL=${server.url} STATSAPI_MAX_RPS=200`;
      ctx.out(`use it: ${env} npx dugout backfill --season ${f.season}${sports}`);
      // A stopped clock leaves live games where they are: following them needs a running one.
      ctx.out(
        speed === undefined
          ? `        ${env} npx dugout sync --now ${sim.now().toISOString()}   (live games stay put: --speed runs the clock)`
          : `        ${env} npx dugout live --now ${sim.now().toISOString()}   (daemon and sync take the same --now)`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
    });
}

const MAX_SPEED = 100_000;

function parseSpeed(v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || !(n > 0) || n > MAX_SPEED)
    throw new InvalidArgumentError(
      `"${v}" is not a clock speed: a number of times real time above 0, at most ${MAX_SPEED}`,
    );
  return n;
}

function parseHistory(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > MAX_HISTORY)
    throw new InvalidArgumentError(`"${v}" is not a number of past seasons from 0 to ${MAX_HISTORY}`);
  return n;
}
