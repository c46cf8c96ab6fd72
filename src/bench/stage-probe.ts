import { BroadcastChannel } from 'node:worker_threads';
import { STAGE_TIMES_CHANNEL, type StageTime, timeStages } from './time-stages.js';

// Imported by each extraction worker the bench observes (observeExtractWorkers, before the worker's
// first job): times the worker's own stage events and sends each to the main thread.
const toMain = new BroadcastChannel(STAGE_TIMES_CHANNEL);
// The channel must not keep a worker alive once the pool closes it.
toMain.unref();
timeStages((ctx, ms) => toMain.postMessage({ stage: ctx.stage, ms } satisfies StageTime));
