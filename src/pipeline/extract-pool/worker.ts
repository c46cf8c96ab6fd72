import { parentPort } from 'node:worker_threads';
import { extractGameRowsFromText } from '../load/game-rows.js';
import type { ExtractReply, ExtractRequest } from './messages.js';

/**
 * Parse a game's stored bodies and extract its rows, off the main thread: the rows go back by
 * structured clone, an error as its name and message.
 */
parentPort?.on('message', (req: ExtractRequest) => {
  let reply: ExtractReply;
  try {
    reply = { id: req.id, rows: extractGameRowsFromText(req.gamePk, req.box, req.pbp, req.win) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply = { id: req.id, error: { name: e.name, message: e.message } };
  }
  parentPort?.postMessage(reply);
});
