import type { NewFieldRow } from '../../db/schema/rows.js';
import type { PackedGameRows } from '../../db/packed-game-rows.js';
import type { GameBodyToStore } from '../../db/store-game.js';
import { BadBodyError } from '../../errors.js';
import { asObject, bodySha256, bodyTextSha256, splitFeedLive } from '../../extract/index.js';
import { newFieldRows } from '../../extract/new-paths.js';
import type { PipelineContext } from '../context.js';
import { FetchedBodyError, LOAD_WORKER_MAX_GAME_BYTES, prepareOnThisThread } from '../extract-pool/pool.js';
import { inStage, inStageAsync } from '../stages.js';
import {
  canonicalSha,
  checkGameBodies,
  checkWinProbabilityBody,
  type FetchedGame,
  fetchedBodies,
} from './prepare-game.js';

/**
 * One game body ready to store ({@link GameBodyToStore}: the text as it will be stored, a string or
 * its UTF-8 bytes when a worker thread decoded it; its hash; its canonical content), and the parsed
 * object.
 */
export interface GameBody extends GameBodyToStore {
  /**
   * The parsed body, for extraction on this thread: dropped (undefined) once its rows are extracted,
   * before the writes; absent when a worker thread extracted the rows.
   */
  body?: Record<string, unknown>;
}

export interface GameBodies {
  boxscore: GameBody;
  playByPlay: GameBody;
  source: 'boxscore' | 'feed';
  feedTimestamp: string | null;
  /** A feed's `gameData.absChallenges` block, as text to keep raw (source `feed`, when the feed has one). */
  absChallenges?: string;
  /** With DUGOUT_GAME_EXTRAS=winProbability: the game's /winProbability body (a bare array of plays). */
  winProbability?: GameBodyToStore & { body?: unknown };
  /** The key paths of the bodies that dugout does not know, recorded once the game is stored. */
  newFields: NewFieldRow[];
  /** The game's rows, when they were extracted with the bodies' parse; else extraction is the load's. */
  rows?: PackedGameRows;
}

/**
 * Fetch a final game's bodies through the shared queue: one v1.1 feed/live (default,
 * `DUGOUT_GAME_SOURCE=feed`) split into boxscore and playByPlay, or those two (`boxscore`, two
 * requests in parallel), and the win probability when asked. With an extraction pool
 * (DUGOUT_EXTRACT_WORKERS; by default from two cores), the bodies are parsed, checked and extracted on a worker thread; an
 * unusable body there means the game is fetched again here, where the client retries it as every
 * other bad body. A game whose bodies a worker's bounded heap might not hold is prepared here.
 */
export async function fetchGameBodies(ctx: PipelineContext, gamePk: number, wantWin: boolean): Promise<GameBodies> {
  if (ctx.extractPool) {
    const prepared = await fetchPrepared(ctx, gamePk, wantWin);
    if (prepared) return prepared;
  }
  const [bodies, win] = await Promise.all([
    fetchBodies(ctx, gamePk),
    wantWin ? fetchWinProbability(ctx, gamePk) : undefined,
  ]);
  return win ? { ...bodies, winProbability: win } : bodies;
}

/**
 * The game's bodies prepared on a worker thread: their bytes go there undecoded, and their text
 * comes back as UTF-8 bytes to store; this thread makes it a string only as it binds it. Undefined when
 * a body was unusable (the caller fetches the game again through `call`, which retries that).
 */
async function fetchPrepared(ctx: PipelineContext, gamePk: number, wantWin: boolean): Promise<GameBodies | undefined> {
  const pool = ctx.extractPool;
  if (!pool) return undefined;
  const opts = { signal: ctx.signal };
  const feed = ctx.config.gameSource === 'feed';
  const [box, pbp, win] = await inStageAsync(
    'fetch',
    () =>
      Promise.all([
        ctx.client.callBytes(feed ? 'liveGameV1' : 'boxscore', { game_pk: gamePk }, opts),
        feed ? undefined : ctx.client.callBytes('playByPlay', { game_pk: gamePk }, opts),
        wantWin ? ctx.client.callBytes('getWinProbability', { gamePk }, opts) : undefined,
      ]),
    gamePk,
  );
  ctx.counts.requests += 1 + (pbp ? 1 : 0) + (win ? 1 : 0);
  try {
    // Each response is a fetched body as it is (its URL and bytes); the pool sends on only those.
    const extra = win ? { winProbability: win } : {};
    const game: FetchedGame = pbp
      ? { gamePk, boxscore: box, playByPlay: pbp, ...extra }
      : { gamePk, feed: box, ...extra };
    const size = fetchedBodies(game).reduce((n, b) => n + b.data.byteLength, 0);
    const p = size > LOAD_WORKER_MAX_GAME_BYTES ? prepareOnThisThread(game) : await pool.prepare(game);
    return p;
  } catch (err) {
    if (!(err instanceof FetchedBodyError)) throw err;
    ctx.log.debug({ gamePk, err: err.message }, 'unusable game body: fetching the game again');
    return undefined;
  }
}

async function fetchBodies(ctx: PipelineContext, gamePk: number): Promise<GameBodies> {
  if (ctx.config.gameSource === 'feed') {
    const res = await inStageAsync(
      'fetch',
      () => ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal }),
      gamePk,
    );
    ctx.counts.requests++;
    const parts = splitFeedLive(res.body);
    if (!asObject(parts.boxscore) || !asObject(parts.playByPlay)) {
      throw new BadBodyError(res.url, 'feed/live without liveData.boxscore and liveData.plays');
    }
    const [boxscore, playByPlay] = inStage(
      'hash',
      () => [fromObject('boxscore', parts.boxscore), fromObject('playByPlay', parts.playByPlay)],
      gamePk,
    );
    const abs = asObject(asObject(parts.gameData)?.absChallenges);
    const newFields = inStage('notice', () => newFieldRows('feed', res.body, String(gamePk)), gamePk);
    return {
      boxscore,
      playByPlay,
      newFields,
      ...(abs ? { absChallenges: JSON.stringify(abs) } : {}),
      source: 'feed',
      feedTimestamp: typeof parts.timeStamp === 'string' ? parts.timeStamp : null,
    };
  }
  const [box, pbp] = await inStageAsync(
    'fetch',
    () =>
      Promise.all([
        ctx.client.call('boxscore', { game_pk: gamePk }, { signal: ctx.signal }),
        ctx.client.call('playByPlay', { game_pk: gamePk }, { signal: ctx.signal }),
      ]),
    gamePk,
  );
  ctx.counts.requests += 2;
  checkGameBodies(box, pbp);
  const { boxSha, pbpSha, boxCanonical, pbpCanonical } = inStage(
    'hash',
    () => ({
      boxSha: bodySha256('boxscore', box.body),
      pbpSha: bodyTextSha256(pbp.text),
      boxCanonical: canonicalSha('boxscore', box.body),
      pbpCanonical: canonicalSha('playByPlay', pbp.body),
    }),
    gamePk,
  );
  const key = String(gamePk);
  const newFields = inStage(
    'notice',
    () => [...newFieldRows('boxscore', box.body, key), ...newFieldRows('playByPlay', pbp.body, key)],
    gamePk,
  );
  return {
    newFields,
    boxscore: { text: box.text, body: box.body as Record<string, unknown>, sha: boxSha, canonicalSha: boxCanonical },
    playByPlay: { text: pbp.text, body: pbp.body as Record<string, unknown>, sha: pbpSha, canonicalSha: pbpCanonical },
    source: 'boxscore',
    feedTimestamp: null,
  };
}

/**
 * Fetch a game's /winProbability body (a bare array of plays): one more request per game, made
 * only with DUGOUT_GAME_EXTRAS=winProbability.
 */
async function fetchWinProbability(
  ctx: PipelineContext,
  gamePk: number,
): Promise<GameBodyToStore & { text: string; body: unknown }> {
  const res = await inStageAsync(
    'fetch',
    () => ctx.client.call('getWinProbability', { gamePk }, { signal: ctx.signal }),
    gamePk,
  );
  ctx.counts.requests++;
  checkWinProbabilityBody(res.url, res.body);
  const hashed = inStage(
    'hash',
    () => ({ sha: bodyTextSha256(res.text), canonicalSha: canonicalSha('winProbability', res.body) }),
    gamePk,
  );
  return { text: res.text, body: res.body, ...hashed };
}

function fromObject(kind: 'boxscore' | 'playByPlay', body: unknown): GameBody {
  return {
    text: JSON.stringify(body),
    body: body as Record<string, unknown>,
    sha: bodySha256(kind, body),
    canonicalSha: canonicalSha(kind, body),
  };
}
