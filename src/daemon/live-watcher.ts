import type { Logger } from 'pino';
import { describeError } from '../errors.js';
import { type LivePassResult, liveWorkExpectedNow, runLiveLoop } from '../pipeline/live.js';
import { type RunDeps, withRun } from '../pipeline/run.js';

/** How often the daemon looks at the stored schedule for a game to follow. */
export const LIVE_CHECK_MS = 60_000;

/**
 * The daemon's live games: every minute, when the stored schedule has a game live or about to
 * start and this daemon leads, run the live loop until no game is left to follow. The loop runs
 * beside the scheduled jobs (a sync does not wait for a game to end), its requests through the
 * same client and budget. `stopped` resolves once `signal` aborted and the loop in hand returned.
 */
export function startLiveWatcher(opts: {
  deps: RunDeps;
  holdLead: () => Promise<boolean>;
  log: Logger;
  signal: AbortSignal;
  everyMs?: number;
  /** Each pass's figures (the /metrics gauges). */
  onPass?: (pass: LivePassResult) => void;
}): { stopped: Promise<void> } {
  const { deps, log, signal } = opts;
  let running: Promise<void> | undefined;
  const check = async () => {
    if (running || signal.aborted) return;
    const now = deps.now?.() ?? new Date();
    if (!(await liveWorkExpectedNow(deps.database.db, now, deps.config.sportIds))) return;
    if (!(await opts.holdLead())) return;
    log.info('live games: following them');
    // The live job's run, with each pass handed to the metrics.
    const args = { once: false, untilIdle: true };
    const run = await withRun({ ...deps, signal }, 'live', args, (ctx) =>
      runLiveLoop(ctx, { ...args, ...(opts.onPass ? { onPass: opts.onPass } : {}) }),
    );
    // Told to stop, the loop ended with games still to follow: say so, not that none are left.
    log.info({ status: run.status }, signal.aborted ? 'live games: stopped' : 'live games: none left to follow');
  };
  const tick = () => {
    if (running) return;
    running = check()
      .catch((err) => log.error({ err: describeError(err) }, 'live games: the check or the loop failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, opts.everyMs ?? LIVE_CHECK_MS);
  const stopped = new Promise<void>((resolve) => {
    const stop = async () => {
      clearInterval(timer);
      await running;
      resolve();
    };
    if (signal.aborted) void stop();
    else signal.addEventListener('abort', () => void stop(), { once: true });
  });
  return { stopped };
}
