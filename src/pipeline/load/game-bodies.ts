import { BadBodyError } from '../../errors.js';
import { bodySha256, bodyTextSha256, splitFeedLive } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';

/** One game body ready to store: the text as it will be stored, the parsed object and its hash. */
export interface GameBody {
  text: string;
  /** The parsed body: released (an empty object) once its rows are extracted, before the writes. */
  body: Record<string, unknown>;
  sha: string;
}

export interface GameBodies {
  boxscore: GameBody;
  playByPlay: GameBody;
  source: 'boxscore' | 'feed';
  feedTimestamp: string | null;
}

/**
 * Fetch a final game's bodies through the shared queue: boxscore + playByPlay (default, two
 * requests in parallel) or one v1.1 feed/live (`DUGOUT_GAME_SOURCE=feed`) split into the same two.
 */
export async function fetchGameBodies(ctx: PipelineContext, gamePk: number): Promise<GameBodies> {
  const started = performance.now();
  const bodies = await fetchBodies(ctx, gamePk);
  if (ctx.timings) ctx.timings.fetchMs += performance.now() - started - bodies.hashMs;
  if (ctx.timings) ctx.timings.hashMs += bodies.hashMs;
  return bodies;
}

async function fetchBodies(ctx: PipelineContext, gamePk: number): Promise<GameBodies & { hashMs: number }> {
  if (ctx.config.gameSource === 'feed') {
    const res = await ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal });
    ctx.counts.requests++;
    addParse(ctx, res);
    const parts = splitFeedLive(res.body);
    if (!isObject(parts.boxscore) || !isObject(parts.playByPlay)) {
      throw new BadBodyError(res.url, 'feed/live without liveData.boxscore and liveData.plays');
    }
    const t = performance.now();
    const boxscore = fromObject('boxscore', parts.boxscore);
    const playByPlay = fromObject('playByPlay', parts.playByPlay);
    return {
      boxscore,
      playByPlay,
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
  if (!isObject(box.body) || !isObject((box.body as Record<string, unknown>).teams)) {
    throw new BadBodyError(box.url, 'boxscore without teams');
  }
  if (!isObject(pbp.body) || !Array.isArray((pbp.body as Record<string, unknown>).allPlays)) {
    throw new BadBodyError(pbp.url, 'playByPlay without allPlays');
  }
  const t = performance.now();
  const boxSha = bodySha256('boxscore', box.body);
  const pbpSha = bodyTextSha256(pbp.text);
  return {
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
export async function fetchWinProbability(
  ctx: PipelineContext,
  gamePk: number,
): Promise<{ text: string; body: unknown; sha: string }> {
  const res = await ctx.client.call('getWinProbability', { gamePk }, { signal: ctx.signal });
  ctx.counts.requests++;
  addParse(ctx, res);
  if (!Array.isArray(res.body)) throw new BadBodyError(res.url, 'winProbability body is not an array of plays');
  return { text: res.text, body: res.body, sha: bodyTextSha256(res.text) };
}

function addParse(ctx: PipelineContext, res: object): void {
  const parseMs = (res as { parseMs?: unknown }).parseMs;
  if (ctx.timings && typeof parseMs === 'number') ctx.timings.parseMs += parseMs;
}

function fromObject(kind: 'boxscore' | 'playByPlay', body: unknown): GameBody {
  return { text: JSON.stringify(body), body: body as Record<string, unknown>, sha: bodySha256(kind, body) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
