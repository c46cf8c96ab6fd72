import { decodeText } from '../../api/http.js';
import { relaxCommitDurability } from '../../db/client.js';
import { deleteGamesRows, insertGamesRows } from '../../db/queries/game-rows.js';
import { copyTarget } from '../../db/copy.js';
import {
  copyGameBody,
  deleteGameBodies,
  lockGame,
  readGameHashes,
  upsertGameBody,
  upsertWinProbabilityBody,
} from '../../db/queries/raw-bodies.js';
import type { ClaimedItem } from '../../db/queries/work-items.js';
import { completeWork } from '../../db/queries/work-items.js';
import { settleAll } from '../../db/rows.js';
import type { PipelineContext } from '../context.js';
import { copyTexts } from '../extract-pool/transfer.js';
import { fetchGameBodies, type GameBodies } from './game-bodies.js';
import { extractGameRows } from './game-rows.js';

export type LoadOutcome = 'loaded' | 'unchanged';

/**
 * Load one final game: fetch its bodies (and its win probability with
 * DUGOUT_GAME_EXTRAS=winProbability), then in ONE transaction compare the stored hashes (unchanged
 * bodies write nothing), upsert the raw bodies, delete and re-insert every derived row
 * and mark the work item done. (The people it references are queued by the drain afterwards.)
 */
export async function loadGame(ctx: PipelineContext, item: ClaimedItem): Promise<LoadOutcome> {
  const gamePk = Number(item.key);
  const wantWin = ctx.config.gameExtras.includes('winProbability');
  const bodies = await fetchGameBodies(ctx, gamePk, wantWin);
  const win = bodies.winProbability;
  ctx.counts.fetched++;
  let extractMs = 0;
  const txStarted = performance.now();
  const outcome = await ctx.db
    .transaction(async (tx) => {
      // A lost commit after a crash only means the game is fetched again (its item is not done either).
      const [, , stored] = await settleAll([
        relaxCommitDurability(tx),
        lockGame(tx, gamePk),
        readGameHashes(tx, gamePk),
      ]);
      const winUnchanged = !win || stored.winProbability === win.sha;
      if (stored.boxscore === bodies.boxscore.sha && stored.playByPlay === bodies.playByPlay.sha && winUnchanged) {
        await completeWork(tx, item, ctx.runId, ctx.now());
        return { outcome: 'unchanged' as const, rows: 0, rejects: 0 };
      }
      const t = performance.now();
      const rows = bodies.rows ?? extractHere(gamePk, bodies);
      extractMs = performance.now() - t;
      // The parsed trees (several MB a game) are garbage from here: the writes need the text and rows.
      bodies.boxscore.body = undefined;
      bodies.playByPlay.body = undefined;
      const { source, feedTimestamp } = bodies;
      const games = [{ gamePk, rows }];
      // A body decoded on a worker thread came back as its UTF-8: on postgres.js it is copied in as
      // those bytes; elsewhere it becomes a string only here, as it is bound.
      const text = (t: string | Uint8Array) => (typeof t === 'string' ? t : decodeText(t));
      const box = bodies.boxscore.text;
      const pbp = bodies.playByPlay.text;
      const target = copyTarget(tx);
      const copied =
        target?.kind === 'stream' && box instanceof Uint8Array && pbp instanceof Uint8Array && source === 'boxscore'
          ? { target, box, pbp }
          : undefined;
      // The statements of each step are sent together on the transaction's connection; every delete
      // of the game's old rows is done before a new row is inserted. Bodies to be copied in replace
      // the stored ones, deleted here; others are upserted.
      const storeBodies = copied
        ? [deleteGameBodies(tx, gamePk)]
        : [
            upsertGameBody(tx, 'boxscores', gamePk, text(box), bodies.boxscore.sha, ctx.runId, source),
            upsertGameBody(
              tx,
              'play_by_play',
              gamePk,
              text(pbp),
              bodies.playByPlay.sha,
              ctx.runId,
              source,
              feedTimestamp,
            ),
          ];
      await settleAll([
        ...storeBodies,
        win ? upsertWinProbabilityBody(tx, gamePk, text(win.text), win.sha, ctx.runId) : undefined,
        deleteGamesRows(tx, games),
      ]);
      if (copied) {
        // Each COPY alone on the connection, as the row lists' below.
        await copyGameBody(copied.target, 'boxscores', gamePk, copied.box, bodies.boxscore.sha, ctx.runId);
        await copyGameBody(copied.target, 'play_by_play', gamePk, copied.pbp, bodies.playByPlay.sha, ctx.runId);
      }
      // Alone on the connection: its longest row lists are copied in, which nothing may interleave.
      const n = await insertGamesRows(tx, games, ctx.runId);
      // Last, after the game's mlb.games row: a schedule poller locks that row, then the work item;
      // taking them the other way round deadlocked a poller and a load in another process.
      await completeWork(tx, item, ctx.runId, ctx.now());
      return { outcome: 'loaded' as const, rows: n, rejects: rows.rejects.length };
    })
    .finally(() => bodies.fromWorker && ctx.extractPool?.release(workerBuffers(bodies)));
  if (ctx.timings) {
    ctx.timings.extractMs += extractMs;
    ctx.timings.dbMs += performance.now() - txStarted - extractMs;
  }
  if (outcome.outcome === 'unchanged') {
    ctx.counts.unchanged++;
    ctx.counts.gamesUnchanged++;
  } else {
    ctx.counts.loaded++;
    ctx.counts.gamesLoaded++;
  }
  ctx.counts.rejected += outcome.rejects;
  ctx.log.debug(
    { gamePk, outcome: outcome.outcome, rows: outcome.rows, rejects: outcome.rejects, reason: item.reason },
    'game done',
  );
  return outcome.outcome;
}

/** The buffers of a game prepared on a worker thread: its bodies' text and its rows' COPY text. */
function workerBuffers(bodies: GameBodies): Array<Uint8Array | string | undefined> {
  const copied = bodies.rows ? copyTexts(bodies.rows) : [];
  return [bodies.boxscore.text, bodies.playByPlay.text, bodies.winProbability?.text, ...copied];
}

/** The rows of a game whose bodies were parsed on this thread (no extraction pool, or a feed). */
function extractHere(gamePk: number, bodies: GameBodies) {
  const { boxscore, playByPlay, winProbability } = bodies;
  if (!boxscore.body || !playByPlay.body) {
    throw new Error(`game ${gamePk}: its parsed bodies were already released`);
  }
  return extractGameRows(gamePk, boxscore.body, playByPlay.body, winProbability?.body);
}
