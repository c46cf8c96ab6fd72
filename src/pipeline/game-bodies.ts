import { BadBodyError } from '../errors.js';
import { bodySha256, splitFeedLive } from '../extract/index.js';
import type { PipelineContext } from './context.js';

/** One game body ready to store: the text as it will be stored, the parsed object and its hash. */
export interface GameBody {
  text: string;
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
  if (ctx.config.gameSource === 'feed') {
    const res = await ctx.client.call('liveGameV1', { game_pk: gamePk }, { signal: ctx.signal });
    ctx.counts.requests++;
    const parts = splitFeedLive(res.body);
    if (!isObject(parts.boxscore) || !isObject(parts.playByPlay)) {
      throw new BadBodyError(res.url, 'feed/live without liveData.boxscore and liveData.plays');
    }
    return {
      boxscore: fromObject('boxscore', parts.boxscore),
      playByPlay: fromObject('playByPlay', parts.playByPlay),
      source: 'feed',
      feedTimestamp: typeof parts.timeStamp === 'string' ? parts.timeStamp : null,
    };
  }
  const [box, pbp] = await Promise.all([
    ctx.client.call('boxscore', { game_pk: gamePk }, { signal: ctx.signal }),
    ctx.client.call('playByPlay', { game_pk: gamePk }, { signal: ctx.signal }),
  ]);
  ctx.counts.requests += 2;
  if (!isObject(box.body) || !isObject((box.body as Record<string, unknown>).teams)) {
    throw new BadBodyError(box.url, 'boxscore without teams');
  }
  if (!isObject(pbp.body) || !Array.isArray((pbp.body as Record<string, unknown>).allPlays)) {
    throw new BadBodyError(pbp.url, 'playByPlay without allPlays');
  }
  return {
    boxscore: { text: box.text, body: box.body as Record<string, unknown>, sha: bodySha256('boxscore', box.body) },
    playByPlay: { text: pbp.text, body: pbp.body as Record<string, unknown>, sha: bodySha256('playByPlay', pbp.body) },
    source: 'boxscore',
    feedTimestamp: null,
  };
}

function fromObject(kind: 'boxscore' | 'playByPlay', body: unknown): GameBody {
  return { text: JSON.stringify(body), body: body as Record<string, unknown>, sha: bodySha256(kind, body) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
