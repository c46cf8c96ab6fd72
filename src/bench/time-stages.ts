import { tracingChannel } from 'node:diagnostics_channel';
import { LOAD_STAGE_CHANNEL, type LoadStage, type LoadStageContext } from '../pipeline/stages.js';
import { threadCpuMs } from './thread-cpu.js';

// Kept apart from stage-times.ts so that the probe a worker imports (stage-probe.ts) loads only this.

/** One stage's time, as a worker's probe sends it to the main thread. */
export interface StageTime {
  stage: LoadStage;
  ms: number;
}

/** Where the extraction workers' probes send their stage times (a BroadcastChannel of this process). */
export const STAGE_TIMES_CHANNEL = 'dugout:bench:stage-times';

type Timed = LoadStageContext & { t0?: number; cpu0?: number };

/**
 * Subscribe to this thread's stage events (pipeline/stages.ts) and call `onTime` as each stage
 * ends, with its wall milliseconds, or for `notice` the thread's CPU milliseconds where the system
 * tells them (a walk is CPU work; its wall time also counts the waits for a core). Returns the undoing.
 */
export function timeStages(onTime: (ctx: LoadStageContext, ms: number) => void): () => void {
  const channel = tracingChannel<unknown, Timed>(LOAD_STAGE_CHANNEL);
  const done = (ctx: Timed) => {
    const cpu = ctx.stage === 'notice' && ctx.cpu0 !== undefined ? threadCpuMs() : undefined;
    const ms = cpu !== undefined && ctx.cpu0 !== undefined ? cpu - ctx.cpu0 : performance.now() - (ctx.t0 ?? 0);
    onTime(ctx, ms);
  };
  const handlers = {
    start(ctx: Timed) {
      if (ctx.stage === 'notice') ctx.cpu0 = threadCpuMs();
      ctx.t0 = performance.now();
    },
    end(ctx: Timed) {
      if (!ctx.async) done(ctx);
    },
    asyncStart() {},
    asyncEnd(ctx: Timed) {
      done(ctx);
    },
    error() {},
  };
  channel.subscribe(handlers);
  return () => channel.unsubscribe(handlers);
}
