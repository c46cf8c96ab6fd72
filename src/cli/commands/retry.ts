import type { Command } from 'commander';
import { retryDeadWork, type WorkKind } from '../../db/queries/work-items.js';
import { UsageError } from '../../errors.js';
import type { AppContext } from '../../app/context.js';

export function registerRetry(program: Command, ctx: AppContext): void {
  program
    .command('retry')
    .description('re-queue dead letters (all, or one kind / key); the next sync or backfill fetches them')
    .option('--kind <kind>', 'game or person')
    .option('--key <key>', 'one item, e.g. a gamePk')
    .action(async (opts: { kind?: string; key?: string }) => {
      if (opts.kind && opts.kind !== 'game' && opts.kind !== 'person')
        throw new UsageError(`--kind must be game or person, got "${opts.kind}"`);
      const database = await ctx.database({ migrate: true });
      const n = await retryDeadWork(database.db, { kind: opts.kind as WorkKind | undefined, key: opts.key });
      ctx.out(`re-queued ${n} dead letter${n === 1 ? '' : 's'}`);
    });
}
