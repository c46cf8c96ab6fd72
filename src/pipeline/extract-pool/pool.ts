import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { PackedGameRows } from '../../db/packed-game-rows.js';
import { ApiError, BodyLimitError } from '../../errors.js';
import { extractPackedGameRowsFromText } from '../load/game-rows.js';
import {
  type FetchedBody,
  type FetchedGame,
  fetchedBodies,
  type PreparedGame,
  prepareFetchedGame,
} from '../load/prepare-game.js';
import type { ExtractFailure, ExtractReply, ExtractRequest, ExtractWorkerData, ReadGame } from './messages.js';
import { ownBuffer, transferList } from './transfer.js';

/** Parses and extracts games' bodies, on worker threads when it has any. */
export interface ExtractPool {
  /** The rows of a game from its bodies' text, packed for storing (extractPackedGameRowsFromText). */
  extract(gamePk: number, box: string, pbp: string, extras?: string | StoredExtras): Promise<PackedGameRows>;
  /**
   * A fetched game parsed, checked, fingerprinted and extracted ({@link prepareFetchedGame}). An
   * unusable body rejects with {@link FetchedBodyError}: the caller fetches the game again; a body
   * over a limit (nested too deeply) with the client's own `BodyLimitError`.
   */
  prepare(game: FetchedGame): Promise<PreparedGame>;
  /**
   * Stored games' rows, their bodies read from the database by the workers themselves, in game
   * number order, without those that have no stored bodies. The numbers are shared out among the
   * workers in runs, and each reads its run's range in one query: a game stored meanwhile inside a
   * range comes too (a keyset page never skips it). Only for a pool with workers started with a
   * `databaseUrl`.
   */
  extractStored(gamePks: readonly number[]): Promise<ReadGame[]>;
  /** Stop the workers (waits for none of their work; their connections are closed). Safe to call twice. */
  close(): Promise<void>;
}

/**
 * A fetched body a worker found unusable (truncated, not JSON, the API's error object, the wrong
 * shape): the message is the client's own. Retryable: fetching again is the remedy.
 */
export class FetchedBodyError extends Error {
  readonly retryable = true;
  constructor(
    message: string,
    /** The client's error name (`BadBodyError`, `ApiMessageError`). */
    readonly kind: string,
  ) {
    super(message);
    this.name = 'FetchedBodyError';
  }
}

/** Extraction failed in a worker (the extractor threw, or the worker died): not worth retrying. */
export class ExtractWorkerError extends Error {
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'ExtractWorkerError';
  }
}

/**
 * Worker threads a rebuild extracts on: parsing and extraction are most of its main thread's work,
 * while the database needs a core of its own to write; so one worker up to 3 cores, then one less
 * than the cores, at most 4.
 */
export function defaultExtractWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * Worker threads game loads (backfill, sync) parse and extract on. On one core, none: there is no
 * other core for a worker to use. From two cores, one, and one per core beyond two, at most 4: the
 * load's main thread is what limits it. On two cores the loader, its database and the worker share
 * a saturated CPU, and one worker still shortens a backfill at the same peak memory (see
 * docs/performance.md), given the bodies a worker prepared are stored without becoming strings on
 * the main thread and its heap is bounded ({@link LOAD_WORKER_OLD_GENERATION_MB}).
 */
export function defaultLoadWorkers(cores = availableParallelism()): number {
  return cores < 2 ? 0 : Math.max(1, Math.min(4, cores - 2));
}

interface Pending {
  resolve: (reply: ExtractReply) => void;
  reject: (err: Error) => void;
  /** The games of a read received so far. */
  games?: ReadGame[];
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The modules each extraction worker started from now on imports first (see {@link observeExtractWorkers}). */
const OBSERVERS = new Set<string>();

/**
 * Have every extraction worker started from now on import `moduleUrl` before its first job: how
 * an observer (the bench's stage probe) subscribes to a worker's stage events (pipeline/stages.ts),
 * which are published on the worker's own thread. Returns the undoing. None by default: workers
 * import nothing more.
 */
export function observeExtractWorkers(moduleUrl: string): () => void {
  OBSERVERS.add(moduleUrl);
  return () => OBSERVERS.delete(moduleUrl);
}

/**
 * A pool of `size` extraction workers; each game goes to the worker with the fewest games in hand.
 * With `size` 0, extraction runs on the calling thread. A worker that dies fails the games it held
 * and every later call: a rebuild stops rather than run on with fewer hands.
 */
export function createExtractPool(
  size: number,
  log?: Logger,
  data: ExtractWorkerData = {},
  resourceLimits?: ResourceLimits,
): ExtractPool {
  if (size <= 0) {
    // On the calling thread too the rows are packed: the store takes them in that one shape.
    return {
      extract: async (gamePk, box, pbp, extras) => {
        const { win, abs } = storedExtras(extras);
        return extractPackedGameRowsFromText(gamePk, box, pbp, win, abs);
      },
      extractStored: async () => {
        throw new ExtractWorkerError('reading stored games needs extraction workers');
      },
      prepare: async (game) => prepareOnThisThread(game),
      close: async () => {},
    };
  }
  let nextId = 0;
  let broken: Error | undefined;
  let closed = false;
  const slots: Slot[] = [];
  const fail = (slot: Slot, err: Error) => {
    broken ??= err;
    for (const p of slot.pending.values()) p.reject(err);
    slot.pending.clear();
  };
  for (let i = 0; i < size; i++) {
    const observers = [...OBSERVERS];
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: observers.length > 0 ? { ...data, observers } : data,
      ...(resourceLimits ? { resourceLimits } : {}),
    });
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (reply: ExtractReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      if (reply.game) {
        p.games ??= [];
        p.games.push(reply.game);
        return;
      }
      slot.pending.delete(reply.id);
      if (reply.error) p.reject(failure(reply.error));
      else p.resolve(reply);
    });
    worker.on('error', (err) => {
      log?.error({ err }, 'extraction worker failed');
      fail(slot, new ExtractWorkerError(`extraction worker failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (!closed) fail(slot, new ExtractWorkerError(`extraction worker exited (code ${code})`));
    });
    slots.push(slot);
  }
  const send = (req: ExtractRequest, transfer: ArrayBuffer[] = []): Promise<ExtractReply & { games?: ReadGame[] }> => {
    if (closed) return Promise.reject(new ExtractWorkerError('the extraction pool is closed'));
    if (broken) return Promise.reject(broken);
    let slot = slots[0] as Slot;
    for (const s of slots) if (s.pending.size < slot.pending.size) slot = s;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve: (reply) => resolve({ ...reply, games: pending.games ?? [] }), reject };
      slot.pending.set(req.id, pending);
      slot.worker.postMessage(req, transfer);
    });
  };
  return {
    async extract(gamePk, box, pbp, extras) {
      const { win, abs } = storedExtras(extras);
      const req: ExtractRequest = {
        kind: 'stored',
        id: nextId++,
        gamePk,
        box,
        pbp,
        ...(win === undefined ? {} : { win }),
        ...(abs === undefined ? {} : { abs }),
      };
      return (await send(req)).rows as PackedGameRows;
    },
    async prepare(game) {
      // The bodies' bytes move to the worker (this thread keeps no copy); their text as stored and
      // the packed rows' COPY text come back the same way, as bytes: that text is never a string on
      // this thread, and a body becomes one only as its upsert binds it.
      const own = (b: FetchedBody): FetchedBody => ({ url: b.url, data: ownBuffer(b.data) });
      const win = game.winProbability ? { winProbability: own(game.winProbability) } : {};
      const sent: FetchedGame = game.feed
        ? { gamePk: game.gamePk, feed: own(game.feed), ...win }
        : { gamePk: game.gamePk, boxscore: own(game.boxscore), playByPlay: own(game.playByPlay), ...win };
      const transfer = transferList(fetchedBodies(sent).map((b) => b.data));
      return (await send({ kind: 'fetched', id: nextId++, game: sent }, transfer)).prepared as PreparedGame;
    },
    async extractStored(gamePks) {
      if (!data.databaseUrl) throw new ExtractWorkerError('these extraction workers have no database to read from');
      const sorted = [...gamePks].sort((a, b) => a - b);
      const per = Math.ceil(sorted.length / slots.length);
      const runs: number[][] = [];
      for (let i = 0; i < sorted.length; i += per) runs.push(sorted.slice(i, i + per));
      const replies = await Promise.all(
        runs.map((run) => send({ kind: 'read', id: nextId++, first: run[0]!, last: run.at(-1)! })),
      );
      return replies.flatMap((r) => r.games ?? []);
    },
    async close() {
      if (closed) return;
      // Each worker ends its own connection first (a terminated thread would leave the server a
      // broken one); the games still in hand are failed, not awaited.
      const ends = data.databaseUrl && !broken ? slots.map((s) => closeConnection(s, nextId++)) : [];
      closed = true;
      for (const s of slots) fail(s, new ExtractWorkerError('the extraction pool is closed'));
      await Promise.allSettled(ends);
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

/** How long a closing worker may take to end its database connection before it is terminated. */
const CLOSE_CONNECTION_MS = 5_000;

/** Ask a worker to end its database connection; resolves when it did, failed or took too long. */
function closeConnection(slot: Slot, id: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CLOSE_CONNECTION_MS);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    slot.worker.on('message', function onReply(reply: ExtractReply) {
      if (reply.id !== id) return;
      slot.worker.off('message', onReply);
      done();
    });
    slot.worker.once('exit', done);
    slot.worker.postMessage({ kind: 'close', id } satisfies ExtractRequest);
  });
}

/**
 * {@link prepareFetchedGame} on the calling thread, failing as the pool's `prepare` does: a body
 * over a limit with its `BodyLimitError`, another unusable body with a {@link FetchedBodyError}.
 */
export function prepareOnThisThread(game: FetchedGame): PreparedGame {
  try {
    return prepareFetchedGame(game);
  } catch (err) {
    if (err instanceof BodyLimitError) throw err;
    throw err instanceof ApiError ? new FetchedBodyError(err.message, err.name) : err;
  }
}

/** A worker's failure as an error of this thread: a bad fetched body, or the extractor's error. */
function failure(f: ExtractFailure): Error {
  // Fetching again cannot help a body over a limit: it fails its game here as it did there.
  if (f.limit) return new BodyLimitError(f.limit.url, f.limit.reason);
  if (f.badBody) return new FetchedBodyError(f.message, f.name);
  const err = new Error(f.message);
  err.name = f.name;
  return err;
}

/**
 * The old generation a game load's worker may grow to. The bound makes the worker collect its dead
 * bodies (decoded strings that outlive a quick collection while they are parsed) sooner, so they do
 * not pile up and raise the backfill's peak memory (see docs/performance.md). A parsed body takes
 * about as much heap as its text, so the bound leaves room for bodies tens of times the largest
 * recorded.
 */
export const LOAD_WORKER_OLD_GENERATION_MB = 128;

/**
 * The most bytes of a game's bodies a load sends to its worker; a game with more is prepared on the
 * loader's own thread. JSON.parse runs to its end in native code, which the worker's heap bound
 * cannot interrupt: a body past what the bound holds aborted the whole process, not just the
 * worker. The densest JSON (empty objects and arrays) parses to about twenty times its text, so this
 * keeps any game's parse within {@link LOAD_WORKER_OLD_GENERATION_MB}; a real game's bodies take a
 * third of it or less.
 */
export const LOAD_WORKER_MAX_GAME_BYTES = 4 * 1024 * 1024;

/**
 * {@link createExtractPool}, started on its first game: a run that loads no game (most polls)
 * starts no worker thread.
 */
export function createLazyExtractPool(size: number, log?: Logger): ExtractPool {
  let pool: ExtractPool | undefined;
  let closed = false;
  const get = (): ExtractPool => {
    if (closed) throw new ExtractWorkerError('the extraction pool is closed');
    pool ??= createExtractPool(size, log, {}, { maxOldGenerationSizeMb: LOAD_WORKER_OLD_GENERATION_MB });
    return pool;
  };
  return {
    extract: async (...args) => get().extract(...args),
    prepare: async (...args) => get().prepare(...args),
    extractStored: async (...args) => get().extractStored(...args),
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}

/**
 * A stored game's bodies beside its boxscore and play-by-play: its win probability, and the raw
 * `gameData.absChallenges` block of a game that came as a feed.
 */
export interface StoredExtras {
  win?: string;
  abs?: string;
}

/** The extras of {@link ExtractPool.extract}: a bare string is the win probability body. */
function storedExtras(extras: string | StoredExtras | undefined): StoredExtras {
  return typeof extras === 'string' ? { win: extras } : (extras ?? {});
}
