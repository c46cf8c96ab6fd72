import type { Command } from 'commander';
import { parsePositiveInt, parseSeason } from '../args.js';
import type { AppContext } from '../../app/context.js';
import { runDemo } from '../demo.js';
import type { SetExit } from '../exit.js';

export function registerDemo(program: Command, ctx: AppContext, setExit: SetExit): void {
  program
    .command('demo')
    .description('zero-setup demo: simulator + DATABASE_URL or the embedded database, backfill, sync, check, summary')
    .option('--days <n>', 'simulated regular-season days to backfill', parsePositiveInt, 14)
    .option('--seed <n>', 'simulator seed', parsePositiveInt, 1)
    .option('--season <year>', 'simulated season', parseSeason, 2025)
    .action(async (opts: { days: number; seed: number; season: number }) => {
      setExit(await runDemo(ctx, opts));
    });
}
