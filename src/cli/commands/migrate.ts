import type { Command } from 'commander';
import { runMigrations } from '../../db/migrate.js';
import type { AppContext } from '../../app/context.js';

export function registerMigrate(program: Command, ctx: AppContext): void {
  program
    .command('migrate')
    .description('apply pending migrations (advisory-locked; safe to run from several processes at once)')
    .action(async () => {
      const database = await ctx.database();
      const applied = await runMigrations(database, ctx.log());
      ctx.out(`migrations applied: ${applied} (${database.describe})`);
    });
}
