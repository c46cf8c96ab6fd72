import { pick, toInt, toText } from './coerce.js';

/** The pieces of a feed/live body that are stored and extracted like the standalone endpoints. */
export interface FeedParts {
  gamePk: number | null;
  /** `liveData.boxscore`: same shape as /boxscore (without the fetch-time season stats drift). */
  boxscore: unknown;
  /** `liveData.plays`: byte-identical to /playByPlay. */
  playByPlay: unknown;
  /** `liveData.linescore`: identical to /linescore. */
  linescore: unknown;
  gameData: unknown;
  /** `metaData.timeStamp` (`YYYYMMDD_HHMMSS`), the version of the feed. */
  timeStamp: string | null;
}

/**
 * Split a feed/live body (`/api/v1.1/game/{pk}/feed/live`) into the parts the pipeline stores in the
 * raw tables when it runs with `DUGOUT_GAME_SOURCE=feed`. The parts are the body's own objects
 * (not copies); a missing part is null.
 */
export function splitFeedLive(feedBody: unknown): FeedParts {
  return {
    gamePk: toInt(pick(feedBody, 'gamePk')) ?? toInt(pick(feedBody, 'gameData', 'game', 'pk')),
    boxscore: pick(feedBody, 'liveData', 'boxscore') ?? null,
    playByPlay: pick(feedBody, 'liveData', 'plays') ?? null,
    linescore: pick(feedBody, 'liveData', 'linescore') ?? null,
    gameData: pick(feedBody, 'gameData') ?? null,
    timeStamp: toText(pick(feedBody, 'metaData', 'timeStamp')),
  };
}
