import { backfillJob, backfillPlanJob } from './backfill.js';
import { checkJob } from './check.js';
import { drainJob } from './drain.js';
import { liveJob } from './live.js';
import { nightlyJob } from './nightly.js';
import { rebuildJob } from './rebuild.js';
import { referenceJob } from './reference.js';
import { snapshotJob } from './snapshot.js';
import { syncJob } from './sync.js';
import type { AnyJob } from './types.js';

/** Every job; the daemon schedules those with a cron. */
export const jobCatalog: readonly AnyJob[] = [
  syncJob,
  nightlyJob,
  referenceJob,
  snapshotJob,
  backfillJob,
  backfillPlanJob,
  rebuildJob,
  checkJob,
  drainJob,
  liveJob,
];

export {
  backfillJob,
  backfillPlanJob,
  checkJob,
  drainJob,
  liveJob,
  nightlyJob,
  rebuildJob,
  referenceJob,
  snapshotJob,
  syncJob,
};
