import { existsSync } from 'node:fs';
import { createConfiguredClient } from '../../app/client.js';
import type { AppContext } from '../../app/context.js';
import { schemaState } from '../../db/migrate.js';
import { backfillPlanJob } from '../../../jobs/backfill.js';
import { orderSeasons } from '../../pipeline/backfill.js';
import { planBackfill } from '../../pipeline/backfill-plan.js';
import { emptyCounts } from '../../pipeline/context.js';
import type { SetExit } from '../exit.js';

export interface PlanArgs {
  seasons: number[];
  sportIds?: number[];
  gameTypes?: string[];
  order?: 'newest' | 'oldest' | 'listed';
}

/**
 * `dugout backfill --plan`: plans without writing the database at all. No migration (a database
 * not migrated, or an embedded one not made yet, is said so and planned from nothing: no game
 * counted as loaded), no run in the ledger, no worker row, no shared request budget (the few
 * requests go at this process's own STATSAPI_MAX_RPS), no snapshot stored. Its lines first, its
 * summary last.
 */
export async function planFromCli(
  ctx: AppContext,
  setExit: SetExit,
  args: PlanArgs,
  opts: { json?: boolean; lines: (result: Record<string, unknown>) => string[] },
): Promise<void> {
  const checked = backfillPlanJob.args.parse(args);
  const config = ctx.config();
  const log = ctx.log();
  // An embedded database that does not exist yet is not made for a plan.
  const noDatabase = !config.databaseUrl && !existsSync(config.pgliteDir);
  const database = noDatabase ? undefined : await ctx.database();
  let unmigrated: string | undefined;
  if (database) {
    const { applied, expected } = await schemaState(database);
    if (applied === undefined) unmigrated = `this login may not read dugout's migrations`;
    else if (applied < expected)
      unmigrated = `the database is not migrated (${applied} of ${expected} migrations applied)`;
  } else unmigrated = `the embedded database ${config.pgliteDir} does not exist yet`;
  if (unmigrated) process.stderr.write(`dugout: ${unmigrated}: the plan counts no game as loaded\n`);

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const counts = emptyCounts();
  try {
    const client = createConfiguredClient(config, log, { signal: controller.signal });
    const result = await planBackfill(
      {
        client,
        config,
        log,
        signal: controller.signal,
        counts,
        now: () => new Date(),
        db: unmigrated ? undefined : database?.db,
      },
      { ...checked, seasons: orderSeasons(checked.seasons, checked.order) },
    );
    const status = controller.signal.aborted ? 'interrupted' : counts.failed > 0 ? 'failed' : 'succeeded';
    if (status !== 'succeeded') setExit(1);
    const seasons = (result.seasons as unknown[]).length;
    if (opts.json) {
      ctx.out(
        JSON.stringify(
          {
            job: 'backfill-plan',
            status,
            requests: counts.requests,
            failed: counts.failed,
            migrated: !unmigrated,
            result,
          },
          null,
          2,
        ),
      );
      return;
    }
    const head =
      `backfill plan ${status}: ${seasons} season(s) planned from ${counts.requests} request(s)` +
      `${counts.failed ? `, ${counts.failed} failed` : ''}; nothing stored or queued, the database unchanged` +
      (unmigrated ? ` (not migrated: nothing counted as loaded)` : '');
    ctx.out([...opts.lines(result), head].join('\n'));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
