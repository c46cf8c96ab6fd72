import type { ClaimedItem } from '../../db/queries/work-items.js';
import { REVISION_RULES } from './revision-rules.js';
import { completeWork } from '../../db/queries/work-items.js';
import type { PackedGameRows } from '../../db/packed-game-rows.js';
import { storeGame } from '../../db/store-game.js';
import type { PipelineContext } from '../context.js';
import { fetchGameBodies, type GameBodies } from './game-bodies.js';
import { extractPackedGameRows } from './game-rows.js';
import { recordNewPaths } from '../new-fields.js';
import { inStage, inStageAsync } from '../stages.js';

export type LoadOutcome = 'loaded' | 'unchanged';

/**
 * Load one final game: fetch its bodies (and its win probability with
 * DUGOUT_GAME_EXTRAS=winProbability) and their rows, then in ONE transaction store them (unchanged
 * bodies write nothing) and mark the work item done. (The people it references are queued by the
 * drain afterwards.)
 */
export async function loadGame(ctx: PipelineContext, item: ClaimedItem): Promise<LoadOutcome> {
  const gamePk = Number(item.key);
  const bodies = await fetchGameBodies(ctx, gamePk, ctx.config.gameExtras.includes('winProbability'));
  ctx.counts.fetched++;
  const prepare = (): PackedGameRows => {
    const rows = bodies.rows ?? inStage('extract', () => extractHere(gamePk, bodies), gamePk);
    // The parsed trees are garbage from here: the writes need the text and the rows.
    bodies.boxscore.body = undefined;
    bodies.playByPlay.body = undefined;
    return rows;
  };
  const stored = await inStageAsync(
    'store',
    () =>
      ctx.db.transaction(async (tx) => {
        const outcome = await storeGame(
          tx,
          { gamePk, ...bodies, fetchReason: item.reason, fetchedAt: ctx.now(), revisionRules: REVISION_RULES },
          prepare,
          ctx.runId,
        );
        // Last, after the game's mlb.games row: a schedule poller locks that row, then the work item;
        // taking them the other way round deadlocked a poller and a load in another process.
        await completeWork(tx, item, ctx.runId, ctx.now());
        return outcome;
      }),
    gamePk,
  );
  // After the game's transaction: fields the API added are a notice, never a reason to hold the game.
  await recordNewPaths(ctx, bodies.newFields);
  if (stored.outcome === 'unchanged') {
    ctx.counts.unchanged++;
    ctx.counts.gamesUnchanged++;
  } else {
    ctx.counts.loaded++;
    ctx.counts.gamesLoaded++;
    ctx.counts.rejected += stored.rejects;
  }
  ctx.log.debug(
    {
      gamePk,
      outcome: stored.outcome,
      rows: stored.outcome === 'loaded' ? stored.rows : 0,
      rejects: stored.outcome === 'loaded' ? stored.rejects : 0,
      reason: item.reason,
    },
    'game done',
  );
  return stored.outcome;
}

/** The rows of a game whose bodies were parsed on this thread (no extraction pool, or a feed). */
function extractHere(gamePk: number, bodies: GameBodies) {
  const { boxscore, playByPlay, winProbability, absChallenges } = bodies;
  if (!boxscore.body || !playByPlay.body) {
    throw new Error(`game ${gamePk}: its parsed bodies were already released`);
  }
  const abs = absChallenges === undefined ? undefined : JSON.parse(absChallenges);
  return extractPackedGameRows(gamePk, boxscore.body, playByPlay.body, winProbability?.body, abs);
}
