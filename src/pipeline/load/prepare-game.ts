import { parseOperationBody } from '../../api/body.js';
import { decodeText } from '../../api/http.js';
import type { GameRows } from '../../db/queries/game-rows.js';
import type { StorableRows } from '../../db/store-game.js';
import { BadBodyError } from '../../errors.js';
import { asObject, bodySha256, bodyTextSha256 } from '../../extract/index.js';
import { extractGameRows } from './game-rows.js';
import type { NewFieldRow } from '../../db/schema/rows.js';
import { newFieldRows } from '../new-fields.js';
import { timed } from '../thread-cpu.js';

/** One body as received: its URL (for error messages) and its bytes (decompressed, not decoded). */
export interface FetchedBody {
  url: string;
  data: Uint8Array;
}

/** A final game's bodies as received, undecoded: what a worker thread turns into a {@link PreparedGame}. */
export interface FetchedGame {
  gamePk: number;
  boxscore: FetchedBody;
  playByPlay: FetchedBody;
  winProbability?: FetchedBody;
}

/** A game's bodies checked, fingerprinted and extracted, and their text as it is to be stored. */
export interface PreparedGame<R extends StorableRows = StorableRows> {
  boxscoreSha: string;
  playByPlaySha: string;
  winProbabilitySha?: string;
  /**
   * Each body's text as UTF-8, to be stored: the bytes received when they were valid UTF-8 (what
   * they nearly always are), else the text they decoded to, invalid sequences replaced.
   */
  stored: { boxscore: Uint8Array; playByPlay: Uint8Array; winProbability?: Uint8Array };
  /** As extracted, or encoded for storing by the worker thread that prepared the game. */
  rows: R;
  /** The key paths of the bodies that dugout does not know (ingest.new_fields). */
  newFields: NewFieldRow[];
  /** Milliseconds spent in each step, for the benchmark's stage times. */
  parseMs: number;
  hashMs: number;
  noticeMs: number;
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
export function prepareFetchedGame(game: FetchedGame, opts: { cpuTimes?: boolean } = {}): PreparedGame<GameRows> {
  let t = performance.now();
  const boxText = receivedText(game.boxscore.data);
  const pbpText = receivedText(game.playByPlay.data);
  const winText = game.winProbability ? receivedText(game.winProbability.data) : undefined;
  const box = parseOperationBody('boxscore', game.boxscore.url, boxText.text);
  const pbp = parseOperationBody('playByPlay', game.playByPlay.url, pbpText.text);
  const win =
    game.winProbability && winText
      ? parseOperationBody('getWinProbability', game.winProbability.url, winText.text)
      : undefined;
  checkGameBodies(
    { url: game.boxscore.url, body: box },
    { url: game.playByPlay.url, body: pbp },
    game.winProbability ? { url: game.winProbability.url, body: win } : undefined,
  );
  const parseMs = performance.now() - t;
  t = performance.now();
  const boxscoreSha = bodySha256('boxscore', box);
  const playByPlaySha = bodyTextSha256(pbpText.text);
  const winProbabilitySha = winText ? bodyTextSha256(winText.text) : undefined;
  const hashMs = performance.now() - t;
  const key = String(game.gamePk);
  const { result: newFields, ms: noticeMs } = timed(
    () => [...newFieldRows('boxscore', box, key), ...newFieldRows('playByPlay', pbp, key)],
    opts.cpuTimes,
  );
  t = performance.now();
  const rows = extractGameRows(game.gamePk, box, pbp, win);
  return {
    boxscoreSha,
    playByPlaySha,
    ...(winProbabilitySha === undefined ? {} : { winProbabilitySha }),
    stored: {
      boxscore: boxText.stored,
      playByPlay: pbpText.stored,
      ...(winText ? { winProbability: winText.stored } : {}),
    },
    rows,
    newFields,
    parseMs,
    hashMs,
    noticeMs,
    extractMs: performance.now() - t,
  };
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
