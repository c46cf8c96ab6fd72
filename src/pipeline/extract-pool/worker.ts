import { parentPort } from 'node:worker_threads';
import { encodeGameRowsForCopy, type GameRows } from '../../db/queries/game-rows.js';
import { ApiError } from '../../errors.js';
import { extractGameRowsFromText } from '../load/game-rows.js';
import { prepareFetchedGame } from '../load/prepare-game.js';
import type { ExtractReply, ExtractRequest } from './messages.js';

/**
 * Parse a game's bodies and extract its rows, off the main thread: the rows go back by structured
 * clone (the long lists as COPY text when asked), an error as its name and message (and whether it
 * was a bad fetched body).
 */
parentPort?.on('message', (req: ExtractRequest) => {
  let reply: ExtractReply;
  // With copyRunId the long row lists go back as COPY text: one string each instead of hundreds of
  // objects to clone here and again on the main thread, which would then encode them itself.
  const encode = (rows: GameRows) => (req.copyRunId === undefined ? rows : encodeGameRowsForCopy(rows, req.copyRunId));
  try {
    if (req.kind === 'fetched') {
      const prepared = prepareFetchedGame(req.game);
      reply = { id: req.id, prepared: { ...prepared, rows: encode(prepared.rows) } };
    } else {
      reply = { id: req.id, rows: encode(extractGameRowsFromText(req.gamePk, req.box, req.pbp, req.win)) };
    }
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply = { id: req.id, error: { name: e.name, message: e.message, badBody: err instanceof ApiError } };
  }
  parentPort?.postMessage(reply);
});
