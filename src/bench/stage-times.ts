import { tracingChannel } from 'node:diagnostics_channel';
import { BroadcastChannel } from 'node:worker_threads';
import { observeExtractWorkers } from '../pipeline/extract-pool/pool.js';
import { LOAD_STAGE_CHANNEL, type LoadStage, type LoadStageContext } from '../pipeline/stages.js';
import { STAGE_TIMES_CHANNEL, type StageTime, timeStages } from './time-stages.js';

/** Summed time per stage of game loads (across concurrent loads and threads), for the benchmark. */
export interface StageTimings {
  /** Waiting for the HTTP exchanges (queue, network, decompression; the client's JSON.parse on the main thread). */
  fetchMs: number;
  /** JSON.parse of the game bodies as they are prepared (on a worker, or on the main thread for a large game). */
  parseMs: number;
  hashMs: number;
  /** Walking loaded bodies beside the key paths dugout knows (ingest.new_fields): CPU of the thread that walked. */
  noticeMs: number;
  extractMs: number;
  /** The load transactions minus the extraction done inside them. */
  dbMs: number;
}

export function emptyTimings(): StageTimings {
  return { fetchMs: 0, parseMs: 0, hashMs: 0, noticeMs: 0, extractMs: 0, dbMs: 0 };
}

/**
 * Collect the stage times of the game loads run until `stop()`: those of the main thread, and those
 * of the extraction workers started meanwhile, whose probe (stage-probe.ts) subscribes on each
 * worker's own thread and sends its times here. The bench observes from outside: dugout publishes
 * stage events and times nothing itself.
 */
export function collectStageTimes(): { timings: StageTimings; stop(): Promise<void> } {
  const timings = emptyTimings();
  /** Games whose load transaction is running, and the extraction done inside each so far. */
  const storing = new Map<number, number>();
  const add = (stage: LoadStage, ms: number) => {
    if (stage === 'fetch') timings.fetchMs += ms;
    else if (stage === 'parse') timings.parseMs += ms;
    else if (stage === 'hash') timings.hashMs += ms;
    else if (stage === 'notice') timings.noticeMs += ms;
    else if (stage === 'extract') timings.extractMs += ms;
    else timings.dbMs += ms;
  };
  const unsubscribe = timeStages((ctx, ms) => {
    if (ctx.stage === 'store' && ctx.gamePk !== undefined) {
      // The transaction's time without the extraction it asked for (counted as extraction).
      add('store', ms - (storing.get(ctx.gamePk) ?? 0));
      storing.delete(ctx.gamePk);
      return;
    }
    if (ctx.stage === 'extract' && ctx.gamePk !== undefined && storing.has(ctx.gamePk)) {
      storing.set(ctx.gamePk, (storing.get(ctx.gamePk) ?? 0) + ms);
    }
    add(ctx.stage, ms);
  });
  // A store's start marks its game as storing (the extraction inside it is subtracted at its end).
  const starts = tracingChannel<unknown, LoadStageContext>(LOAD_STAGE_CHANNEL).start;
  const onStart = (message: unknown) => {
    const ctx = message as LoadStageContext;
    if (ctx.stage === 'store' && ctx.gamePk !== undefined) storing.set(ctx.gamePk, 0);
  };
  starts.subscribe(onStart);
  const fromWorkers = new BroadcastChannel(STAGE_TIMES_CHANNEL);
  fromWorkers.onmessage = (event) => {
    const { stage, ms } = (event as { data: StageTime }).data;
    add(stage, ms);
  };
  const unobserve = observeExtractWorkers(stageProbeUrl());
  return {
    timings,
    async stop() {
      unobserve();
      unsubscribe();
      starts.unsubscribe(onStart);
      // A worker's last times were posted before its last reply; let them in before closing.
      await new Promise((resolve) => setTimeout(resolve, 50));
      fromWorkers.close();
    },
  };
}

/**
 * The probe a worker imports: stage-probe.ts beside this file when dugout runs from its sources (a
 * worker registers tsx), the bundle's stage-probe.mjs beside the bundle's main.mjs (bin/bundle.mjs).
 */
function stageProbeUrl(): string {
  const bundled = import.meta.url.endsWith('.mjs');
  return new URL(bundled ? './stage-probe.mjs' : './stage-probe.ts', import.meta.url).href;
}
