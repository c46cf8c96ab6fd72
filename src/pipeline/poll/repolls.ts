import { dueRepolls } from '../../db/queries/revisions.js';
import { enqueueWork } from '../../db/queries/work-items.js';
import type { PipelineContext } from '../context.js';

/** Most games queued for re-polls in one pass (a season's busiest week is about 100 games a day). */
export const MAX_REPOLLS_PER_PASS = 2_000;

/**
 * Queue the re-polls that are due (DUGOUT_REPOLL_DAYS after each final game's end, while no fetch
 * was made since): each a game work item with reason `repoll`, drained with the pass's other games
 * through the shared request budget. A body that changed becomes a `repoll` revision.
 */
export async function queueRepolls(ctx: PipelineContext): Promise<{ queued: number }> {
  const days = ctx.config.repollDays;
  if (days.length === 0) return { queued: 0 };
  const due = await dueRepolls(ctx.db, ctx.now(), days, MAX_REPOLLS_PER_PASS);
  await enqueueWork(
    ctx.db,
    due.map((pk) => ({ kind: 'game' as const, key: String(pk), reason: 'repoll' as const })),
    ctx.runId,
  );
  return { queued: due.length };
}
