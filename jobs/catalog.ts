import { backfillJob, backfillPlanJob } from './backfill.js';
import { checkJob } from './check.js';
import { drainJob } from './drain.js';
import { liveJob } from './live.js';
import { nightlyJob } from './nightly.js';
import { pregameJob } from './pregame.js';
import { rebuildJob } from './rebuild.js';
import { referenceJob } from './reference.js';
import { registerJob } from './register.js';
import { snapshotJob } from './snapshot.js';
import { syncJob } from './sync.js';
import type { AnyJob } from './types.js';

/** Every job; the daemon schedules those with a cron. */
export const jobCatalog: readonly AnyJob[] = [
  syncJob,
  nightlyJob,
  referenceJob,
  snapshotJob,
  registerJob,
  backfillJob,
  backfillPlanJob,
  rebuildJob,
  checkJob,
  drainJob,
  liveJob,
  pregameJob,
];

export {
  pregameJob,
  backfillJob,
  backfillPlanJob,
  checkJob,
  drainJob,
  liveJob,
  nightlyJob,
  rebuildJob,
  referenceJob,
  registerJob,
  snapshotJob,
  syncJob,
};
