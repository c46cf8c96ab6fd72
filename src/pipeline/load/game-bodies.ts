import { type StorableRows, takesEncodedRows } from '../../db/store-game.js';
import { BadBodyError } from '../../errors.js';
import { asObject, bodySha256, bodyTextSha256, splitFeedLive } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { FetchedBodyError, LOAD_WORKER_MAX_GAME_BYTES, prepareOnThisThread } from '../extract-pool/pool.js';
import { checkGameBodies, checkWinProbabilityBody } from './prepare-game.js';
import type { NewFieldRow } from '../../db/schema/rows.js';
import { newFieldRows } from '../new-fields.js';

/** One game body ready to store: the text as it will be stored, the parsed object and its hash. */
export interface GameBody {
  /** The text as it will be stored: a string, or its UTF-8 bytes when a worker thread decoded it. */
  text: string | Uint8Array;
  /**
   * The parsed body, for extraction on this thread: dropped (undefined) once its rows are extracted,
   * before the writes; absent when a worker thread extracted the rows.
   */
  body?: Record<string, unknown>;
  sha: string;
}

export interface GameBodies {
  boxscore: GameBody;
  playByPlay: GameBody;
  source: 'boxscore' | 'feed';
  feedTimestamp: string | null;
  /** A feed's `gameData.absChallenges` block, as text to keep raw (source `feed`, when the feed has one). */
  absChallenges?: string;
  /** With DUGOUT_GAME_EXTRAS=winProbability: the game's /winProbability body (a bare array of plays). */
  winProbability?: { text: string | Uint8Array; body?: unknown; sha: string };
  /** The key paths of the bodies that dugout does not know, recorded once the game is stored. */
  newFields: NewFieldRow[];
  /** The game's rows, when they were extracted with the bodies' parse; else extraction is the load's. */
  rows?: StorableRows;
}

/**
 * Fetch a final game's bodies through the shared queue: boxscore + playByPlay (default, two
 * requests in parallel) or one v1.1 feed/live (`DUGOUT_GAME_SOURCE=feed`) split into the same two,
 * and the win probability when asked. With an extraction pool (DUGOUT_EXTRACT_WORKERS; by default
 * from two cores), boxscore-source bodies are parsed, checked and extracted on a worker thread; an
 * unusable body there means the game is fetched again here, where the client retries it as every
 * other bad body. A game whose bodies a worker's bounded heap might not hold is prepared here.
 */
export async function fetchGameBodies(ctx: PipelineContext, gamePk: number, wantWin: boolean): Promise<GameBodies> {
  let started = performance.now();
  if (ctx.extractPool && ctx.config.gameSource === 'boxscore') {
    const prepared = await fetchPrepared(ctx, gamePk, wantWin, started);
    if (prepared) return prepared;
    started = performance.now();
  }
  const [bodies, win] = await Promise.all([
    fetchBodies(ctx, gamePk),
    wantWin ? fetchWinProbability(ctx, gamePk) : undefined,
  ]);
  if (ctx.timings) ctx.timings.fetchMs += performance.now() - started - bodies.hashMs;
  if (ctx.timings) ctx.timings.hashMs += bodies.hashMs;
  const { hashMs: _, ...rest } = bodies;
  return win ? { ...rest, winProbability: win } : rest;
}

/**
 * The game's bodies prepared on a worker thread: their bytes go there undecoded, and their text
 * comes back as UTF-8 bytes to store; this thread makes it a string only as it binds it. Undefined when
 * a body was unusable (the caller fetches the game again through `call`, which retries that).
 */
async function fetchPrepared(
  ctx: PipelineContext,
  gamePk: number,
  wantWin: boolean,
  started: number,
): Promise<GameBodies | undefined> {
  const pool = ctx.extractPool;
  if (!pool) return undefined;
  const opts = { signal: ctx.signal };
  const [box, pbp, win] = await Promise.all([
    ctx.client.callBytes('boxscore', { game_pk: gamePk }, opts),
    ctx.client.callBytes('playByPlay', { game_pk: gamePk }, opts),
    wantWin ? ctx.client.callBytes('getWinProbability', { gamePk }, opts) : undefined,
  ]);
  ctx.counts.requests += win ? 3 : 2;
  if (ctx.timings) ctx.timings.fetchMs += performance.now() - started;
  try {
    // Each response is a fetched body as it is (its URL and bytes); the pool sends on only those.
    const game = { gamePk, boxscore: box, playByPlay: pbp, ...(win ? { winProbability: win } : {}) };
    const size = box.data.byteLength + pbp.data.byteLength + (win?.data.byteLength ?? 0);
    const cpuTimes = ctx.timings !== undefined;
    const p =
      size > LOAD_WORKER_MAX_GAME_BYTES
        ? prepareOnThisThread(game, { cpuTimes })
        : await pool.prepare(game, { ...(takesEncodedRows(ctx.db) ? { encodeForRun: ctx.runId } : {}), cpuTimes });
    if (ctx.timings) {
      ctx.timings.parseMs += p.parseMs;
      ctx.timings.hashMs += p.hashMs;
      ctx.timings.noticeMs += p.noticeMs;
      ctx.timings.extractMs += p.extractMs;
    }
    return {
      boxscore: { text: p.stored.boxscore, sha: p.boxscoreSha },
      playByPlay: { text: p.stored.playByPlay, sha: p.playByPlaySha },
      source: 'boxscore',
      feedTimestamp: null,
      ...(p.stored.winProbability && p.winProbabilitySha !== undefined
        ? { winProbability: { text: p.stored.winProbability, sha: p.winProbabilitySha } }
        : {}),
      rows: p.rows,
      newFields: p.newFields,
    };
  } catch (err) {
    if (!(err instanceof FetchedBodyError)) throw err;
    ctx.log.debug({ gamePk, err: err.message }, 'unusable game body: fetching the game again');
    return undefined;
  }
}

async function fetchBodies(ctx: PipelineContext, gamePk: number): Promise<GameBodies & { hashMs: number }> {
  if (ctx.config.gameSource === 'feed') {
    const res = await ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal });
    ctx.counts.requests++;
    addParse(ctx, res);
    const parts = splitFeedLive(res.body);
    if (!asObject(parts.boxscore) || !asObject(parts.playByPlay)) {
      throw new BadBodyError(res.url, 'feed/live without liveData.boxscore and liveData.plays');
    }
    const t = performance.now();
    const boxscore = fromObject('boxscore', parts.boxscore);
    const playByPlay = fromObject('playByPlay', parts.playByPlay);
    const abs = asObject(asObject(parts.gameData)?.absChallenges);
    const newFields = newFieldRows('feed', res.body, String(gamePk));
    return {
      boxscore,
      playByPlay,
      newFields,
      ...(abs ? { absChallenges: JSON.stringify(abs) } : {}),
      source: 'feed',
      feedTimestamp: typeof parts.timeStamp === 'string' ? parts.timeStamp : null,
      hashMs: performance.now() - t,
    };
  }
  const [box, pbp] = await Promise.all([
    ctx.client.call('boxscore', { game_pk: gamePk }, { signal: ctx.signal }),
    ctx.client.call('playByPlay', { game_pk: gamePk }, { signal: ctx.signal }),
  ]);
  ctx.counts.requests += 2;
  addParse(ctx, box);
  addParse(ctx, pbp);
  checkGameBodies(box, pbp);
  const t = performance.now();
  const boxSha = bodySha256('boxscore', box.body);
  const pbpSha = bodyTextSha256(pbp.text);
  const key = String(gamePk);
  const newFields = [...newFieldRows('boxscore', box.body, key), ...newFieldRows('playByPlay', pbp.body, key)];
  return {
    newFields,
    boxscore: { text: box.text, body: box.body as Record<string, unknown>, sha: boxSha },
    playByPlay: { text: pbp.text, body: pbp.body as Record<string, unknown>, sha: pbpSha },
    source: 'boxscore',
    feedTimestamp: null,
    hashMs: performance.now() - t,
  };
}

/**
 * Fetch a game's /winProbability body (a bare array of plays): one more request per game, made
 * only with DUGOUT_GAME_EXTRAS=winProbability.
 */
async function fetchWinProbability(
  ctx: PipelineContext,
  gamePk: number,
): Promise<{ text: string; body: unknown; sha: string }> {
  const res = await ctx.client.call('getWinProbability', { gamePk }, { signal: ctx.signal });
  ctx.counts.requests++;
  addParse(ctx, res);
  checkWinProbabilityBody(res.url, res.body);
  return { text: res.text, body: res.body, sha: bodyTextSha256(res.text) };
}

function addParse(ctx: PipelineContext, res: object): void {
  const parseMs = (res as { parseMs?: unknown }).parseMs;
  if (ctx.timings && typeof parseMs === 'number') {
    ctx.timings.parseMs += parseMs;
    ctx.timings.clientParseMs += parseMs;
  }
}

function fromObject(kind: 'boxscore' | 'playByPlay', body: unknown): GameBody {
  return { text: JSON.stringify(body), body: body as Record<string, unknown>, sha: bodySha256(kind, body) };
}
