import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, type Database } from '../../db/client.js';
import { packedBuffers } from '../../db/packed-game-rows.js';
import { readStoredGamesBetween } from '../../db/queries/raw-bodies.js';
import { ApiError, BodyLimitError, describeError } from '../../errors.js';
import { extractPackedGameRowsFromText } from '../load/game-rows.js';
import { prepareFetchedGame } from '../load/prepare-game.js';
import type { ExtractReply, ExtractRequest, ExtractWorkerData } from './messages.js';
import { transferList } from './transfer.js';

const { databaseUrl, observers = [] } = (workerData ?? {}) as ExtractWorkerData;
// Observers first (the bench's stage probe), so they see the first job (its message waits meanwhile).
for (const observer of observers) await import(observer);
/** This worker's own connection, opened by its first `read`. */
let database: Promise<Database> | undefined;

/**
 * Parse a game's bodies and extract its rows, off the main thread: the rows go back packed (db/'s
 * `PackedGameRows`), their long lists as COPY text in buffers that are transferred (a few buffers
 * instead of hundreds of objects to clone here and again on the main thread), the rest by
 * structured clone; an error goes back as its name and message (and whether it was a bad fetched body). A `read` takes a page of games' bodies from the database on this
 * thread's own connection, in one query: a rebuild's bodies are then decoded once, here, instead
 * of on the main thread and again when cloned to this one.
 */
async function handle(req: ExtractRequest): Promise<ExtractReply> {
  switch (req.kind) {
    case 'fetched':
      return { id: req.id, prepared: prepareFetchedGame(req.game) };
    case 'stored':
      return { id: req.id, rows: extractPackedGameRowsFromText(req.gamePk, req.box, req.pbp, req.win, req.abs) };
    case 'read': {
      if (!databaseUrl) throw new Error('this extraction worker has no database to read from');
      database ??= createDatabase({ databaseUrl, pgliteDir: '' }, { maxConnections: 1 });
      const stored = await readStoredGamesBetween((await database).db, req.first, req.last);
      // Taken off the page one by one, so that a game's body texts can go once it is extracted.
      for (let g = stored.shift(); g; g = stored.shift()) {
        const gamePk = Number(g.gamePk);
        const rows = extractPackedGameRowsFromText(gamePk, g.box, g.pbp, g.win ?? undefined, g.abs ?? undefined);
        // Each game goes back as soon as it is extracted, rather than a page at a time: a page held
        // here until its last game was extracted kept its first games' buffers alive meanwhile.
        parentPort?.postMessage(
          { id: req.id, game: { gamePk, rows } } satisfies ExtractReply,
          transferList(packedBuffers(rows)),
        );
        // Lets the next read's message in, so its query runs on the server while this one extracts.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { id: req.id, read: true };
    }
    case 'close': {
      const open = database;
      database = undefined;
      await (await open)?.close();
      return { id: req.id, closed: true };
    }
  }
}

/** The buffers a reply hands over: the bodies' stored text and the packed rows' COPY text. */
function replyBuffers(reply: ExtractReply): Array<Uint8Array | string | undefined> {
  if (reply.prepared) {
    const { boxscore, playByPlay, winProbability, rows } = reply.prepared;
    return [boxscore.text, playByPlay.text, winProbability?.text, ...packedBuffers(rows)];
  }
  return packedBuffers(reply.rows);
}

parentPort?.on('message', (req: ExtractRequest) => {
  handle(req)
    .catch((err: unknown): ExtractReply => {
      const e = err instanceof Error ? err : new Error(String(err));
      // A database error is described as the main thread logs one: the server's message, never the
      // statement's parameters.
      const message = req.kind === 'read' || req.kind === 'close' ? describeError(err) : e.message;
      const limit = err instanceof BodyLimitError ? { url: err.url, reason: err.reason } : undefined;
      return { id: req.id, error: { name: e.name, message, badBody: err instanceof ApiError, limit } };
    })
    .then((reply) => parentPort?.postMessage(reply, transferList(replyBuffers(reply))));
});
