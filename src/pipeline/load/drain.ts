import { AbortedError, ApiError, ApiUnreachableError, describeError } from '../../errors.js';
import type { PipelineContext } from '../context.js';
import { enqueueMissingPeople } from '../../db/queries/game-rows.js';
import { loadGame } from './game.js';
import { loadPeopleBatch, PEOPLE_BATCH } from './people.js';
import { sleep } from '../../sleep.js';
import {
  type ClaimedItem,
  claimWork,
  type DateRange,
  countPending,
  failWork,
  msUntilLapsedLease,
  releaseWork,
} from '../../db/queries/work-items.js';

export interface DrainOptions {
  /** Game loads in flight at once (each is 1–2 requests plus one transaction). Default: API concurrency. */
  workers?: number;
  /** Stop after this many items (tests). */
  maxItems?: number;
  /** Only the games of these official dates (a backfill's range); the people of every loaded game. */
  dates?: DateRange;
}

/**
 * Work the worklist until nothing is due: games first, then every person the loaded games
 * reference who is not stored yet, then people in batches. A failing item is recorded and retried later; other work
 * continues. Stops claiming when `ctx.signal` aborts and lets the items in hand finish.
 */
export async function drainWorklist(ctx: PipelineContext, opts: DrainOptions = {}): Promise<void> {
  const workers = Math.max(1, opts.workers ?? ctx.config.concurrency);
  let processed = 0;
  let total = await countPending(ctx.db);
  ctx.counts.requested += total;
  ctx.progress?.start(total);
  const tick = () => {
    ctx.progress?.update(++processed, Math.max(total, processed));
    ctx.saveCounts?.();
  };
  // An error that ends the whole run (no network at all): the workers stop claiming, and it is
  // thrown once they have put down the items in hand.
  let fatal: ApiUnreachableError | undefined;
  const onFailure = (err: unknown) => {
    if (err instanceof ApiUnreachableError) fatal ??= err;
  };
  const stop = () =>
    fatal !== undefined || ctx.signal.aborted || (opts.maxItems !== undefined && processed >= opts.maxItems);
  try {
    // Each game worker claims one item at a time, so a slow game never stalls the others.
    const gameWorker = async () => {
      while (!stop()) {
        const [item] = await claimWork(ctx.db, 'game', 1, ctx.owner, ctx.config.workerTimeoutSeconds, opts.dates);
        if (!item) {
          // A game leased by a worker that stopped heartbeating (killed on any host) is taken
          // over when its lease lapses, instead of being left for the next run.
          const wait = await msUntilLapsedLease(ctx.db, 'game', ctx.config.heartbeatSeconds, opts.dates);
          if (wait === null) return;
          // An abort ends the wait early; the loop's test then sees it and stops.
          await sleep(Math.min(wait + 200, ctx.config.workerTimeoutSeconds * 1000), ctx.signal).catch(ignoreAbort);
          continue;
        }
        onFailure(await processItem(ctx, item, () => loadGame(ctx, item)));
        tick();
      }
    };
    await Promise.all(Array.from({ length: workers }, gameWorker));
    if (fatal) throw fatal;
    if (!ctx.signal.aborted) {
      const people = await enqueueMissingPeople(ctx.db, ctx.runId);
      ctx.counts.requested += people;
      total += people;
    }
    while (!stop()) {
      const people = await claimWork(ctx.db, 'person', PEOPLE_BATCH * 2, ctx.owner, ctx.config.workerTimeoutSeconds);
      if (people.length === 0) break;
      const batches: ClaimedItem[][] = [];
      for (let i = 0; i < people.length; i += PEOPLE_BATCH) batches.push(people.slice(i, i + PEOPLE_BATCH));
      await runPool(batches, 2, async (batch) => {
        try {
          if (fatal) throw fatal;
          if (ctx.signal.aborted) throw new AbortedError('shutting down');
          await loadPeopleBatch(ctx, batch);
        } catch (err) {
          for (const item of batch) await recordFailure(ctx, item, err);
          onFailure(err);
        }
        for (let i = 0; i < batch.length; i++) tick();
      });
    }
    if (fatal) throw fatal;
  } finally {
    ctx.progress?.stop();
  }
}

/** Load one item; a failure is recorded on the item and returned. */
async function processItem(
  ctx: PipelineContext,
  item: ClaimedItem,
  load: () => Promise<unknown>,
): Promise<unknown | undefined> {
  if (ctx.signal.aborted) {
    await releaseWork(ctx.db, item);
    return undefined;
  }
  try {
    await load();
    return undefined;
  } catch (err) {
    await recordFailure(ctx, item, err);
    return err;
  }
}

async function recordFailure(ctx: PipelineContext, item: ClaimedItem, err: unknown): Promise<void> {
  // Shutdown, or no network at all: the item is not at fault, so it goes back without an attempt.
  if (err instanceof AbortedError || err instanceof ApiUnreachableError || ctx.signal.aborted) {
    await releaseWork(ctx.db, item);
    return;
  }
  // A Retry-After longer than we wait: give the item back for later without spending an attempt.
  if (err instanceof ApiError && err.retryAfterMs !== undefined && err.retryAfterMs > ctx.config.retryAfterCapMs) {
    await releaseWork(ctx.db, item, err.retryAfterMs);
    return;
  }
  const status = await failWork(ctx.db, item, err, ctx.config.workMaxAttempts, ctx.runId);
  ctx.counts.failed++;
  if (item.kind === 'game') ctx.counts.gamesFailed++;
  ctx.log.warn({ kind: item.kind, key: item.key, status, err: describeError(err) }, 'work item failed');
}

/** Run `fn` over items with at most `size` in flight. */
export async function runPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** An {@link AbortedError} is the end of a wait, not a failure; anything else is rethrown. */
function ignoreAbort(err: unknown): void {
  if (!(err instanceof AbortedError)) throw err;
}
