import { fields, fromSwagger, hydrate, op, p, q, R, timecode } from '../params.js';

const gamePkPath = p.int('game_pk');
const gamePkCamel = p.int('gamePk');

/** §4.1 Game: boxscore, line score, play-by-play, live feed, win probability, context metrics, content, change log. */
export const gameOperations = [
  op('game', 'boxscore', '/v1/game/{game_pk}/boxscore', [gamePkPath, timecode, fields]),
  op('game', 'colorFeed', '/v1/game/{game_pk}/feed/color', [gamePkPath, timecode, fields]),
  op('game', 'colorTimestamps', '/v1/game/{game_pk}/feed/color/timestamps', [gamePkPath]),
  op('game', 'content', '/v1/game/{game_pk}/content', [gamePkPath, q.int('highlightLimit')]),
  op('game', 'currentGameStats', '/v1/game/changes', [
    q.dateTime('updatedSince', R),
    q.int('sportId'),
    q.ints('sportIds'),
    q.str('gameType'),
    q.strs('gameTypes'),
    ...fromSwagger(q.str('season'), q.int('limit'), q.int('offset'), fields),
  ]),
  op('game', 'getGameContextMetrics', '/v1/game/{gamePk}/contextMetrics', [gamePkCamel, timecode, fields]),
  op('game', 'getWinProbability', '/v1/game/{gamePk}/winProbability', [gamePkCamel, timecode, fields]),
  op('game', 'linescore', '/v1/game/{game_pk}/linescore', [gamePkPath, timecode, fields]),
  op('game', 'liveGameDiffPatchV1', '/v1.1/game/{game_pk}/feed/live/diffPatch', [
    gamePkPath,
    q.patchTimecode('startTimecode'),
    q.patchTimecode('endTimecode'),
  ]),
  op('game', 'liveGameV1', '/v1.1/game/{game_pk}/feed/live', [gamePkPath, timecode, fields, hydrate]),
  op('game', 'liveTimestampv11', '/v1.1/game/{game_pk}/feed/live/timestamps', [gamePkPath]),
  op('game', 'playByPlay', '/v1/game/{game_pk}/playByPlay', [gamePkPath, timecode, fields]),
] as const;
