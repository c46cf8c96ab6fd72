import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { GameRows } from '../../db/queries/game-rows.js';
import { extractGameRowsFromText } from '../load/game-rows.js';
import type { ExtractReply, ExtractRequest } from './messages.js';

/** Parses and extracts games' stored bodies, on worker threads when it has any. */
export interface ExtractPool {
  /** The rows of a game from its bodies' text (as extractGameRows, after JSON.parse). */
  extract(gamePk: number, box: string, pbp: string, win?: string): Promise<GameRows>;
  /** Stop the workers (waits for none of their work). Safe to call twice. */
  close(): Promise<void>;
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

interface Pending {
  resolve: (rows: GameRows) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * A pool of `size` extraction workers; each game goes to the worker with the fewest games in hand.
 * With `size` 0, extraction runs on the calling thread. A worker that dies fails the games it held
 * and every later call: a rebuild stops rather than run on with fewer hands.
 */
export function createExtractPool(size: number, log?: Logger): ExtractPool {
  if (size <= 0) {
    return { extract: async (...args) => extractGameRowsFromText(...args), close: async () => {} };
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
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (reply: ExtractReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (reply.error) {
        const err = new Error(reply.error.message);
        err.name = reply.error.name;
        p.reject(err);
      } else p.resolve(reply.rows);
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
  return {
    extract(gamePk, box, pbp, win) {
      if (closed) return Promise.reject(new ExtractWorkerError('the extraction pool is closed'));
      if (broken) return Promise.reject(broken);
      let slot = slots[0] as Slot;
      for (const s of slots) if (s.pending.size < slot.pending.size) slot = s;
      const id = nextId++;
      const req: ExtractRequest = { id, gamePk, box, pbp, ...(win === undefined ? {} : { win }) };
      return new Promise<GameRows>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage(req);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const s of slots) fail(s, new ExtractWorkerError('the extraction pool is closed'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
