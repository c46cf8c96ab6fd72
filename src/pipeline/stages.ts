import { tracingChannel } from 'node:diagnostics_channel';

/**
 * The stages of a game load, published for whoever wants to watch them (the benchmark does:
 * src/bench/stage-times.ts). dugout itself times nothing here: it marks where each stage starts and
 * ends on a `node:diagnostics_channel` tracing channel, and a subscriber takes the times. With no
 * subscriber a stage is its function called, behind one boolean test: no clock is read, no event
 * object made. Channels are per thread: an extraction worker's stages are published on its own.
 *
 * - `fetch`: the HTTP exchanges of a game's bodies (queue, network, decompression; on this thread,
 *   the client's JSON.parse too);
 * - `parse`, `hash`: a game's bodies parsed and fingerprinted as they are prepared;
 * - `notice`: a body walked beside the key paths dugout knows (ingest.new_fields);
 * - `extract`: a game's rows extracted from its parsed bodies and packed for storing (db/'s
 *   `PackedGameRows`: the long lists as COPY text);
 * - `store`: the game's load transaction; when the rows are extracted lazily inside it (no
 *   extraction worker, or the feed source), that `extract` of the same game is published within it.
 */
export type LoadStage = 'fetch' | 'parse' | 'hash' | 'notice' | 'extract' | 'store';

/** What each event of a stage carries: the stage, its game when there is one, and whether it is awaited. */
export interface LoadStageContext {
  stage: LoadStage;
  gamePk?: number;
  /** A stage run with {@link inStageAsync}: it ends at `asyncEnd`, not `end`. */
  async?: true;
}

/** The tracing channel's name (`tracing:dugout:load-stage:start`, `…:end`, …). */
export const LOAD_STAGE_CHANNEL = 'dugout:load-stage';

const channel = tracingChannel<unknown, LoadStageContext>(LOAD_STAGE_CHANNEL);

/** `run()`, published as `stage` when anyone listens. */
export function inStage<T>(stage: LoadStage, run: () => T, gamePk?: number): T {
  if (!channel.hasSubscribers) return run();
  return channel.traceSync(run, gamePk === undefined ? { stage } : { stage, gamePk });
}

/** `run()`, published as `stage` (ending when its promise settles) when anyone listens. */
export function inStageAsync<T>(stage: LoadStage, run: () => Promise<T>, gamePk?: number): Promise<T> {
  if (!channel.hasSubscribers) return run();
  return channel.tracePromise(run, gamePk === undefined ? { stage, async: true } : { stage, gamePk, async: true });
}
