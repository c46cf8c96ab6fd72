import { parseOperationBody } from '../../api/body.js';
import { decodeText } from '../../api/http.js';
import type { NewFieldRow } from '../../db/schema/rows.js';
import type { PackedGameRows } from '../../db/packed-game-rows.js';
import type { GameBodyToStore } from '../../db/store-game.js';
import { BadBodyError } from '../../errors.js';
import { asObject, bodyJsonSha256, bodySha256, bodyTextSha256, splitFeedLive } from '../../extract/index.js';
import { newFieldRows } from '../../extract/new-paths.js';
import { canonicalBody } from '../../extract/revision.js';
import { inStage } from '../stages.js';
import { extractPackedGameRows } from './game-rows.js';

/** One body as received: its URL (for error messages) and its bytes (decompressed, not decoded). */
export interface FetchedBody {
  url: string;
  data: Uint8Array;
}

/**
 * A final game's bodies as received, undecoded: what a worker thread turns into a {@link PreparedGame}.
 * Either its /boxscore and /playByPlay (`DUGOUT_GAME_SOURCE=boxscore`) or its v1.1 feed/live (`feed`).
 */
export type FetchedGame = FetchedPair | FetchedFeed;

/** A game fetched as its /boxscore and /playByPlay. */
export interface FetchedPair {
  gamePk: number;
  boxscore: FetchedBody;
  playByPlay: FetchedBody;
  feed?: undefined;
  winProbability?: FetchedBody;
}

/** A game fetched as its v1.1 feed/live. */
export interface FetchedFeed {
  gamePk: number;
  feed: FetchedBody;
  boxscore?: undefined;
  playByPlay?: undefined;
  winProbability?: FetchedBody;
}

/** The bodies of a {@link FetchedGame}, one or two. */
export function fetchedBodies(game: FetchedGame): FetchedBody[] {
  const own = game.feed ? [game.feed] : [game.boxscore, game.playByPlay];
  return game.winProbability ? [...own, game.winProbability] : own;
}

/**
 * One body of a prepared game: its text as UTF-8, to be stored (the bytes received when they were
 * valid UTF-8, what they nearly always are, else the text they decoded to, invalid sequences
 * replaced), its fingerprint, and its canonical content as a revision keeps it (text and hash).
 */
export type PreparedBody = GameBodyToStore & { text: Uint8Array };

/**
 * A game's bodies checked, fingerprinted and extracted: what a load stores, in the one shape a
 * worker thread or this one makes it (db/ decides how each part is written).
 */
export interface PreparedGame {
  boxscore: PreparedBody;
  playByPlay: PreparedBody;
  winProbability?: PreparedBody;
  /** As extraction packed them for storing (the long lists as COPY text, in buffers a thread transfers). */
  rows: PackedGameRows;
  /** The key paths of the bodies that dugout does not know (ingest.new_fields). */
  newFields: NewFieldRow[];
  /** Which request the bodies came from; a feed's `metaData.timeStamp` and `gameData.absChallenges` (as text). */
  source: 'boxscore' | 'feed';
  feedTimestamp: string | null;
  absChallenges?: string;
}

/**
 * Check a game's parsed bodies as a load needs them (after the client's shape check): a boxscore
 * with teams, a play-by-play with allPlays, a win probability that is an array of plays. A miss is
 * the `BadBodyError` a fetch retries on.
 */
export function checkGameBodies(
  boxscore: { url: string; body: unknown },
  playByPlay: { url: string; body: unknown },
  winProbability?: { url: string; body: unknown },
): void {
  if (!asObject(asObject(boxscore.body)?.teams)) throw new BadBodyError(boxscore.url, 'boxscore without teams');
  if (!Array.isArray(asObject(playByPlay.body)?.allPlays)) {
    throw new BadBodyError(playByPlay.url, 'playByPlay without allPlays');
  }
  if (winProbability) checkWinProbabilityBody(winProbability.url, winProbability.body);
}

/** A win probability body is a bare array of plays; anything else is a `BadBodyError`. */
export function checkWinProbabilityBody(url: string, body: unknown): void {
  if (!Array.isArray(body)) throw new BadBodyError(url, 'winProbability body is not an array of plays');
}

/**
 * Parse, check, fingerprint and extract a fetched game (pure; run on a worker thread by a load).
 * A bad body throws the `ApiError` (`BadBodyError`, `ApiMessageError`) the client's `call` throws
 * for it, before any extraction; an extraction failure throws what the extractor threw.
 */
export function prepareFetchedGame(game: FetchedGame): PreparedGame {
  if (game.feed) return prepareFetchedFeed(game, game.feed);
  const { gamePk } = game;
  const { boxText, pbpText, box, pbp, win } = inStage(
    'parse',
    () => {
      const boxText = receivedText(game.boxscore.data);
      const pbpText = receivedText(game.playByPlay.data);
      const box = parseOperationBody('boxscore', game.boxscore.url, boxText.text);
      const pbp = parseOperationBody('playByPlay', game.playByPlay.url, pbpText.text);
      const win = parseWinProbability(game);
      checkGameBodies(
        { url: game.boxscore.url, body: box },
        { url: game.playByPlay.url, body: pbp },
        game.winProbability ? { url: game.winProbability.url, body: win?.body } : undefined,
      );
      return { boxText, pbpText, box, pbp, win };
    },
    gamePk,
  );
  // Before extraction: the canonical contents are made of the parsed bodies as received.
  const { boxscore, playByPlay, winProbability } = inStage(
    'hash',
    () => ({
      boxscore: { text: boxText.stored, sha: bodySha256('boxscore', box), canonicalSha: canonicalSha('boxscore', box) },
      playByPlay: {
        text: pbpText.stored,
        sha: bodyTextSha256(pbpText.text),
        canonicalSha: canonicalSha('playByPlay', pbp),
      },
      winProbability: win ? preparedWin(win) : undefined,
    }),
    gamePk,
  );
  const key = String(gamePk);
  const newFields = inStage(
    'notice',
    () => [...newFieldRows('boxscore', box, key), ...newFieldRows('playByPlay', pbp, key)],
    gamePk,
  );
  const rows = inStage('extract', () => extractPackedGameRows(gamePk, box, pbp, win?.body), gamePk);
  return {
    boxscore,
    playByPlay,
    ...(winProbability ? { winProbability } : {}),
    rows,
    newFields,
    source: 'boxscore',
    feedTimestamp: null,
  };
}

/**
 * A game fetched as one v1.1 feed/live: split into the boxscore and play-by-play stored (each the
 * feed's own part, as JSON text), the feed's ABS challenge counts kept beside them, the rows
 * extracted as the main thread extracts a feed (pipeline/load/game-bodies.ts).
 */
function prepareFetchedFeed(game: FetchedGame, feed: FetchedBody): PreparedGame {
  const { gamePk } = game;
  const { body, parts, win } = inStage(
    'parse',
    () => {
      const text = receivedText(feed.data).text;
      const body = parseOperationBody('liveGameV1', feed.url, text);
      const parts = splitFeedLive(body);
      if (!asObject(parts.boxscore) || !asObject(parts.playByPlay)) {
        throw new BadBodyError(feed.url, 'feed/live without liveData.boxscore and liveData.plays');
      }
      const win = parseWinProbability(game);
      if (game.winProbability) checkWinProbabilityBody(game.winProbability.url, win?.body);
      return { body, parts, win };
    },
    gamePk,
  );
  const encoder = new TextEncoder();
  const { boxscore, playByPlay, winProbability } = inStage(
    'hash',
    () => {
      const [boxJson, pbpJson] = [JSON.stringify(parts.boxscore), JSON.stringify(parts.playByPlay)];
      return {
        boxscore: {
          text: encoder.encode(boxJson),
          sha: bodyJsonSha256('boxscore', parts.boxscore, boxJson),
          canonicalSha: canonicalSha('boxscore', parts.boxscore),
        },
        playByPlay: {
          text: encoder.encode(pbpJson),
          sha: bodyJsonSha256('playByPlay', parts.playByPlay, pbpJson),
          canonicalSha: canonicalSha('playByPlay', parts.playByPlay),
        },
        winProbability: win ? preparedWin(win) : undefined,
      };
    },
    gamePk,
  );
  const newFields = inStage('notice', () => newFieldRows('feed', body, String(gamePk)), gamePk);
  const abs = asObject(asObject(parts.gameData)?.absChallenges);
  const rows = inStage(
    'extract',
    () => extractPackedGameRows(gamePk, parts.boxscore, parts.playByPlay, win?.body, abs ?? undefined),
    gamePk,
  );
  return {
    boxscore,
    playByPlay,
    ...(winProbability ? { winProbability } : {}),
    rows,
    newFields,
    source: 'feed',
    feedTimestamp: parts.timeStamp,
    ...(abs ? { absChallenges: JSON.stringify(abs) } : {}),
  };
}

/** The hash of a body's canonical content as a revision keeps it (the content and its text are not kept). */
export function canonicalSha(kind: 'boxscore' | 'playByPlay' | 'winProbability', body: unknown): string {
  return canonicalBody(kind, body).sha;
}

/** A win probability body as it is stored: its text as received, hashed as text, and its canonical content. */
function preparedWin(win: { text: { text: string; stored: Uint8Array }; body: unknown }): PreparedBody {
  return {
    text: win.text.stored,
    sha: bodyTextSha256(win.text.text),
    canonicalSha: canonicalSha('winProbability', win.body),
  };
}

/** A fetched game's win probability body, parsed, with its text; undefined when not fetched. */
function parseWinProbability(
  game: FetchedGame,
): { text: { text: string; stored: Uint8Array }; body: unknown } | undefined {
  if (!game.winProbability) return undefined;
  const text = receivedText(game.winProbability.data);
  return { text, body: parseOperationBody('getWinProbability', game.winProbability.url, text.text) };
}

/** Refuses bytes that are not UTF-8 (and, decoding whole bodies only, serves every call). */
const STRICT_UTF8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

/**
 * A received body's text (as the client decodes it: UTF-8, a BOM kept) and the UTF-8 to store: the
 * bytes themselves when they are valid UTF-8, so the text's encoding would give them back unchanged.
 */
function receivedText(data: Uint8Array): { text: string; stored: Uint8Array } {
  try {
    return { text: STRICT_UTF8.decode(data), stored: data };
  } catch {
    const text = decodeText(data);
    return { text, stored: new TextEncoder().encode(text) };
  }
}
