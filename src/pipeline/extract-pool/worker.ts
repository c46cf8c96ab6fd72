import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, type Database } from '../../db/client.js';
import { encodeGameRowsForCopy, type GameRows } from '../../db/queries/game-rows.js';
import { encodedAsBytes } from '../../db/rows.js';
import { readStoredGamesBetween } from '../../db/queries/raw-bodies.js';
import { ApiError, BodyLimitError, describeError } from '../../errors.js';
import { extractGameRowsFromText } from '../load/game-rows.js';
import { prepareFetchedGame } from '../load/prepare-game.js';
import type { ExtractReply, ExtractRequest, ExtractWorkerData } from './messages.js';
import { copyTexts, transferList } from './transfer.js';

const { databaseUrl } = (workerData ?? {}) as ExtractWorkerData;
/** This worker's own connection, opened by its first `read`. */
let database: Promise<Database> | undefined;

/**
 * Parse a game's bodies and extract its rows, off the main thread: the rows go back by structured
 * clone (the long lists as COPY text when asked), an error as its name and message (and whether it
 * was a bad fetched body). A `read` takes a page of games' bodies from the database on this
 * thread's own connection, in one query: a rebuild's bodies (about 1 MB a game) are then decoded
 * once, here, instead of on the main thread and again when cloned to this one.
 */
async function handle(req: Exclude<ExtractRequest, { kind: 'release' }>): Promise<ExtractReply> {
  // With copyRunId the long row lists go back as COPY text: one buffer each (transferred) instead of
  // hundreds of objects to clone here and again on the main thread, which would then encode them.
  const encode = (rows: GameRows) => (req.copyRunId === undefined ? rows : copyTextAsBytes(rows, req.copyRunId));
  switch (req.kind) {
    case 'fetched': {
      const prepared = prepareFetchedGame(req.game);
      return { id: req.id, prepared: { ...prepared, rows: encode(prepared.rows) } };
    }
    case 'stored':
      return { id: req.id, rows: encode(extractGameRowsFromText(req.gamePk, req.box, req.pbp, req.win)) };
    case 'read': {
      if (!databaseUrl) throw new Error('this extraction worker has no database to read from');
      database ??= createDatabase({ databaseUrl, pgliteDir: '' }, { maxConnections: 1 });
      const stored = await readStoredGamesBetween((await database).db, req.first, req.last);
      // Taken off the page one by one, so that a game's body texts can go once it is extracted.
      for (let g = stored.shift(); g; g = stored.shift()) {
        const gamePk = Number(g.gamePk);
        const rows = encode(extractGameRowsFromText(gamePk, g.box, g.pbp, g.win ?? undefined));
        // Each game goes back as soon as it is extracted: its COPY text dies young here (a page held
        // until its last game was copied by the garbage collector again and again).
        parentPort?.postMessage(
          { id: req.id, game: { gamePk, rows } } satisfies ExtractReply,
          transferList(copyTexts(rows)),
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

/**
 * A game's rows with their long lists as COPY text (`encodeGameRowsForCopy`) in UTF-8 bytes: moved
 * to the main thread, not copied, and never a string there (a string of more than 128 KB lives in
 * V8's large-object space until a full collection, which a main thread with little else to
 * allocate seldom runs).
 */
function copyTextAsBytes(rows: GameRows, runId: number): GameRows {
  const encoded = encodeGameRowsForCopy(rows, runId);
  const copyText: NonNullable<GameRows['copyText']> = {};
  for (const [key, e] of Object.entries(encoded.copyText ?? {}))
    copyText[key as keyof typeof copyText] = encodedAsBytes(e);
  return { ...encoded, copyText };
}

/** The buffers a reply hands over: the bodies' stored text and the rows' COPY text. */
function replyBuffers(reply: ExtractReply): Array<Uint8Array | string | undefined> {
  if (reply.prepared) {
    const { stored } = reply.prepared;
    return [stored.boxscore, stored.playByPlay, stored.winProbability, ...copyTexts(reply.prepared.rows)];
  }
  return reply.rows ? copyTexts(reply.rows) : [];
}

parentPort?.on('message', (req: ExtractRequest) => {
  // Buffers the main thread is done with: dropped here, where they die young.
  if (req.kind === 'release') return;
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
