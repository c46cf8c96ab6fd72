import { shiftDate } from '../dates.js';
import { pollGameChanges, pollPeopleChanges } from './poll/changes.js';
import { hasAutovacuum, refreshAfterLoad } from '../db/queries/maintenance.js';
import type { PipelineContext } from './context.js';
import { drainWorklist } from './load/drain.js';
import { ensureReference, ensureTeamSeasons } from './load/reference.js';
import { queueRepolls } from './poll/repolls.js';
import { pollSchedule } from './poll/schedule.js';
import { pollTransactions, recentTransactionRange } from './poll/transactions.js';

/** The schedule window and sports of a pass; the jobs (`sync`, `nightly`) own their defaults. */
export interface SyncOptions {
  /** Days before today in the schedule window. */
  daysBack: number;
  /** Days after today. */
  daysAhead: number;
  sportIds?: number[];
}

/**
 * One incremental pass: the schedule window today−daysBack … today+daysAhead, the game and people change logs
 * since their cursors, the transactions of today−daysBack … today, the re-polls that are due, then drain the worklist.
 */
export async function runSync(ctx: PipelineContext, opts: SyncOptions): Promise<Record<string, unknown>> {
  const now = ctx.now();
  const sportIds = opts.sportIds ?? ctx.config.sportIds;
  await ensureReference(ctx, now.getUTCFullYear(), sportIds);
  const schedule = await pollSchedule(
    ctx,
    { startDate: shiftDate(now, -opts.daysBack), endDate: shiftDate(now, opts.daysAhead), sportIds },
    'new_final',
  );
  const gameChanges = await pollGameChanges(ctx, sportIds);
  const peopleChanges = await pollPeopleChanges(ctx);
  // The last days' transactions (injured list, options, trades…); the people they name are queued and drained below.
  const transactions = await pollTransactions(ctx, recentTransactionRange(now, opts.daysBack));
  // Final games due for a re-poll (their end plus DUGOUT_REPOLL_DAYS), drained with the rest.
  const repolls = await queueRepolls(ctx);
  await drainWorklist(ctx);
  const teamSeasons = await ensureTeamSeasons(ctx);
  const refreshedSeasons = await refreshAfterLoad(ctx.db, ctx.counts.gamesLoaded, {
    vacuum: true,
    autovacuum: hasAutovacuum(ctx.dbKind),
  });
  return { schedule, gameChanges, peopleChanges, transactions, repolls, teamSeasons, refreshedSeasons };
}
