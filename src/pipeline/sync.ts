import { shiftDate } from '../dates.js';
import { pollGameChanges, pollPeopleChanges } from './poll/changes.js';
import { hasAutovacuum, refreshAfterLoad } from '../db/queries/maintenance.js';
import type { PipelineContext } from './context.js';
import { drainWorklist } from './load/drain.js';
import { ensureReference, ensureTeamSeasons } from './load/reference.js';
import { pollSchedule } from './poll/schedule.js';

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
 * since their cursors, then drain the worklist.
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
  await drainWorklist(ctx);
  const teamSeasons = await ensureTeamSeasons(ctx);
  const refreshedSeasons = await refreshAfterLoad(ctx.db, ctx.counts.gamesLoaded, {
    vacuum: true,
    autovacuum: hasAutovacuum(ctx.dbKind),
  });
  return { schedule, gameChanges, peopleChanges, teamSeasons, refreshedSeasons };
}
