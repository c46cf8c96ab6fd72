import { parseOperationBody } from '../../api/body.js';
import type { GameRows } from '../../db/queries/game-rows.js';
import { BadBodyError } from '../../errors.js';
import { asObject, bodySha256, bodyTextSha256 } from '../../extract/index.js';
import { extractGameRows } from './game-rows.js';

/** One body as received: its URL (for error messages) and its text. */
export interface FetchedText {
  url: string;
  text: string;
}

/** A final game's bodies as received, unparsed: what a worker thread turns into a {@link PreparedGame}. */
export interface FetchedGame {
  gamePk: number;
  boxscore: FetchedText;
  playByPlay: FetchedText;
  winProbability?: FetchedText;
}

/** A game's bodies checked, fingerprinted and extracted: all the load transaction still needs but the text. */
export interface PreparedGame {
  boxscoreSha: string;
  playByPlaySha: string;
  winProbabilitySha?: string;
  rows: GameRows;
  /** Milliseconds spent in each step, for the benchmark's stage times. */
  parseMs: number;
  hashMs: number;
  extractMs: number;
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
  let t = performance.now();
  const box = parseOperationBody('boxscore', game.boxscore.url, game.boxscore.text);
  const pbp = parseOperationBody('playByPlay', game.playByPlay.url, game.playByPlay.text);
  const win = game.winProbability
    ? parseOperationBody('getWinProbability', game.winProbability.url, game.winProbability.text)
    : undefined;
  checkGameBodies(
    { url: game.boxscore.url, body: box },
    { url: game.playByPlay.url, body: pbp },
    game.winProbability ? { url: game.winProbability.url, body: win } : undefined,
  );
  const parseMs = performance.now() - t;
  t = performance.now();
  const boxscoreSha = bodySha256('boxscore', box);
  const playByPlaySha = bodyTextSha256(game.playByPlay.text);
  const winProbabilitySha = game.winProbability ? bodyTextSha256(game.winProbability.text) : undefined;
  const hashMs = performance.now() - t;
  t = performance.now();
  const rows = extractGameRows(game.gamePk, box, pbp, win);
  return {
    boxscoreSha,
    playByPlaySha,
    ...(winProbabilitySha === undefined ? {} : { winProbabilitySha }),
    rows,
    parseMs,
    hashMs,
    extractMs: performance.now() - t,
  };
}
