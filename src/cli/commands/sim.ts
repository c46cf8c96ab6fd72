import type { Command } from 'commander';
import { parsePositiveInt, parseSeason, parseTimestamp } from '../args.js';
import type { AppContext } from '../../app/context.js';

interface SimFlags {
  port: number;
  host: string;
  seed: number;
  season: number;
  now?: Date;
  cacheMb: number;
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
    .option('--cache-mb <n>', 'memory for served bodies, MB (a whole season needs about 2000)', parsePositiveInt, 128)
    .action(async (f: SimFlags) => {
      const { createSimulator } = await import('../../sim/index.js');
      const sim = createSimulator({ seed: f.seed, season: f.season, now: f.now, cacheBytes: f.cacheMb * 1024 * 1024 });
      const server = await sim.listen(f.port, f.host);
      ctx.out(`simulator serving season ${f.season} (seed ${f.seed}) at ${server.url}`);
      ctx.out(`clock: ${sim.now().toISOString()}  (POST ${server.url.replace(/\/api$/, '')}/__sim/clock to move it)`);
      ctx.out(`use it: STATSAPI_BASE_URL=${server.url} npx dugout backfill --season ${f.season}`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
    });
}
