import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../errors.js';
import { extractGameRowsFromText } from '../load/game-rows.js';
import { prepareFetchedGame } from '../load/prepare-game.js';
import type { ExtractReply, ExtractRequest } from './messages.js';

/**
 * Parse a game's bodies and extract its rows, off the main thread: the rows go back by structured
 * clone, an error as its name and message (and whether it was a bad fetched body).
 */
parentPort?.on('message', (req: ExtractRequest) => {
  let reply: ExtractReply;
  try {
    reply =
      req.kind === 'fetched'
        ? { id: req.id, prepared: prepareFetchedGame(req.game) }
        : { id: req.id, rows: extractGameRowsFromText(req.gamePk, req.box, req.pbp, req.win) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply = { id: req.id, error: { name: e.name, message: e.message, badBody: err instanceof ApiError } };
  }
  parentPort?.postMessage(reply);
});
