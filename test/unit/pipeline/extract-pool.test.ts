import { afterAll, describe, expect, it } from 'vitest';
import { parseOperationBody } from '../../../src/api/body.js';
import { COPY_MIN_ROWS, packGameRows } from '../../../src/db/packed-game-rows.js';
import { bodySha256, bodyTextSha256, splitFeedLive } from '../../../src/extract/index.js';
import { canonicalBody } from '../../../src/extract/revision.js';
import {
  createExtractPool,
  createLazyExtractPool,
  defaultExtractWorkers,
  defaultLoadWorkers,
  type ExtractPool,
  ExtractWorkerError,
  FetchedBodyError,
} from '../../../src/pipeline/extract-pool/pool.js';
import { extractGameRows } from '../../../src/pipeline/load/game-rows.js';
import { checkGameBodies, type FetchedPair as FetchedGame } from '../../../src/pipeline/load/prepare-game.js';
import { describeRecorded, fixture, fixtureNames, fixtureText } from '../../fixtures.js';
import { copyTextDecoded, packedCount } from '../../helpers/copy-text.js';

const BOX = 'http://sim/api/v1/game/5/boxscore';
const PBP = 'http://sim/api/v1/game/5/playByPlay';
const WIN = 'http://sim/api/v1/game/5/winProbability';

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (b: { data: Uint8Array }) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b.data);

/** A fetched game of these texts (a game's bodies arrive as bytes). */
function fetchedGame(gamePk: number, box: string, pbp: string, win?: string): FetchedGame {
  return {
    gamePk,
    boxscore: { url: BOX, data: utf8(box) },
    playByPlay: { url: PBP, data: utf8(pbp) },
    ...(win === undefined ? {} : { winProbability: { url: WIN, data: utf8(win) } }),
  };
}

/** A small fetched game whose bodies are fine unless a test spoils one. */
function smallGame(spoil: Partial<Record<'boxscore' | 'playByPlay' | 'winProbability', string>> = {}): FetchedGame {
  const team = { team: { id: 1 }, teamStats: {}, players: {}, batters: [], pitchers: [] };
  const box = spoil.boxscore ?? JSON.stringify({ teams: { away: team, home: team } });
  return fetchedGame(5, box, spoil.playByPlay ?? '{"allPlays": []}', spoil.winProbability);
}

/** What the client's `call` (and the load's own checks) throw for the game's first bad body. */
function thrownOnThisThread(game: FetchedGame): Error {
  try {
    const box = parseOperationBody('boxscore', game.boxscore.url, text(game.boxscore));
    const pbp = parseOperationBody('playByPlay', game.playByPlay.url, text(game.playByPlay));
    const w = game.winProbability;
    const win = w ? parseOperationBody('getWinProbability', w.url, text(w)) : undefined;
    checkGameBodies(
      { url: game.boxscore.url, body: box },
      { url: game.playByPlay.url, body: pbp },
      w ? { url: w.url, body: win } : undefined,
    );
  } catch (err) {
    return err as Error;
  }
  throw new Error('the game has no bad body');
}

describe('extraction workers', () => {
  it('leave a core to the database and use the rest, up to four', () => {
    expect([1, 2, 3, 4, 8, 64].map((c) => defaultExtractWorkers(c))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('for game loads, start from two cores, one more per core beyond two, up to four', () => {
    expect([1, 2, 3, 4, 8, 64].map((c) => defaultLoadWorkers(c))).toEqual([0, 1, 1, 2, 4, 4]);
  });

  it('report a body that does not parse as the parser said it, and keep working', async () => {
    const pool = createExtractPool(1);
    try {
      const bad = pool.extract(1, '{"teams": {}}', '{"allPlays": [', undefined);
      await expect(bad).rejects.toMatchObject({ name: 'SyntaxError' });
      const rows = await pool.extract(2, '{"teams": {}}', '{"allPlays": []}');
      expect(packedCount(rows, 'plays')).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuse work once closed, and fail what they held', async () => {
    const pool = createExtractPool(1);
    const held = expect(pool.extract(3, '{"teams": {}}', '{"allPlays": []}')).rejects.toBeInstanceOf(
      ExtractWorkerError,
    );
    await pool.close();
    await held;
    await expect(pool.extract(4, '{}', '{}')).rejects.toBeInstanceOf(ExtractWorkerError);
  });
});

describe.each([
  ['a worker thread', 1],
  ['this thread', 0],
])('a fetched game prepared on %s', (_where, size) => {
  let pool: ExtractPool;
  afterAll(() => pool?.close());

  const spoiled: Array<[string, Parameters<typeof smallGame>[0], string]> = [
    ['a truncated play-by-play', { playByPlay: '{"allPlays": [{"about"' }, 'BadBodyError'],
    ['an empty boxscore', { boxscore: '  ' }, 'BadBodyError'],
    ['the API error object', { playByPlay: '{"messageNumber": 10, "message": "Object not found"}' }, 'ApiMessageError'],
    ['a boxscore without teams', { boxscore: '{"teamInfo": {}}' }, 'BadBodyError'],
    ['a win probability that is not a list', { winProbability: '{"plays": []}' }, 'BadBodyError'],
  ];
  it.each(spoiled)('with %s fails as a bad body, with the message the client gives', async (_what, spoil, kind) => {
    pool ??= createExtractPool(size);
    const game = smallGame(spoil);
    const expected = thrownOnThisThread(game);
    expect(expected.name).toBe(kind);
    const failed = await pool.prepare(game).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(FetchedBodyError);
    expect(failed).toMatchObject({ kind, message: expected.message, retryable: true });
  });

  it('that is sound gives its fingerprints and rows, and the pool keeps working after a bad one', async () => {
    pool ??= createExtractPool(size);
    await expect(pool.prepare(smallGame({ playByPlay: '[' }))).rejects.toBeInstanceOf(FetchedBodyError);
    const game = smallGame({ winProbability: '[]' });
    const [box, pbp] = [text(game.boxscore), text(game.playByPlay)];
    const prepared = await pool.prepare(game);
    expect(prepared).toMatchObject({
      boxscore: { sha: bodySha256('boxscore', JSON.parse(box)) },
      playByPlay: { sha: bodyTextSha256(pbp) },
      winProbability: { sha: bodyTextSha256('[]') },
    });
    // The hash of each body's canonical content, as a revision keeps it, made on the worker too
    // (the content itself does not cross the thread).
    expect(prepared.boxscore).toEqual({
      text: prepared.boxscore.text,
      sha: bodySha256('boxscore', JSON.parse(box)),
      canonicalSha: canonicalBody('boxscore', JSON.parse(box)).sha,
    });
    expect(prepared.playByPlay.canonicalSha).toBe(canonicalBody('playByPlay', JSON.parse(pbp)).sha);
    expect(prepared.winProbability?.canonicalSha).toBe(canonicalBody('winProbability', []).sha);
    expect(copyTextDecoded(prepared.rows)).toEqual(
      copyTextDecoded(packGameRows(extractGameRows(5, JSON.parse(box), { allPlays: [] }, []))),
    );
    // The text to store is the bytes received.
    expect(text({ data: prepared.boxscore.text })).toBe(box);
    expect(text({ data: prepared.playByPlay.text })).toBe(pbp);
    expect(text({ data: prepared.winProbability?.text ?? utf8('') })).toBe('[]');
    // A worker took the bytes over: the caller kept no copy of them.
    expect(game.playByPlay.data.byteLength).toBe(size > 0 ? 0 : utf8(pbp).byteLength);
  });

  it('stores a body that is not valid UTF-8 as the text it decodes to, as the client would', async () => {
    pool ??= createExtractPool(size);
    const game = smallGame();
    // "café" with a lone continuation byte where the é should be (0xC3 0xA9), and a BOM kept.
    const bad = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"allPlays": [], "note": "caf'), 0xa9, ...utf8('"}')]);
    const expected = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bad);
    expect(expected).toContain('\ufffd');
    const prepared = await pool.prepare({ ...game, playByPlay: { url: PBP, data: bad } });
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(prepared.playByPlay.text)).toBe(expected);
    expect(prepared.playByPlay.sha).toBe(bodyTextSha256(expected));
  });
});

describe('a lazy extraction pool', () => {
  it('starts its worker on the first game and refuses work once closed', async () => {
    const pool = createLazyExtractPool(1);
    const prepared = await pool.prepare(smallGame());
    expect(packedCount(prepared.rows, 'plays')).toBe(0);
    await pool.close();
    await expect(pool.prepare(smallGame())).rejects.toBeInstanceOf(ExtractWorkerError);
    await pool.close();
  });

  it('closes at once when it never had a game', async () => {
    const pool = createLazyExtractPool(1);
    await pool.close();
    await expect(pool.extract(1, '{}', '{}')).rejects.toBeInstanceOf(ExtractWorkerError);
  });
});

/** A recorded live feed as the two bodies a load fetches, as text. */
function recordedGame(name: string) {
  const parts = splitFeedLive(fixture(name));
  return {
    parts,
    gamePk: parts.gamePk ?? 1,
    box: JSON.stringify(parts.boxscore),
    pbp: JSON.stringify(parts.playByPlay),
  };
}

describeRecorded('extraction workers over every recorded game', () => {
  const pool = createExtractPool(2);
  afterAll(() => pool.close());

  it.each(fixtureNames('liveGameV1'))('give the rows of %s that extraction gives in-thread', async (name) => {
    const { gamePk, box, pbp } = recordedGame(name);
    const direct = packGameRows(extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp)));
    expect(copyTextDecoded(await pool.extract(gamePk, box, pbp))).toEqual(copyTextDecoded(direct));
  });

  it.each(fixtureNames('liveGameV1'))(
    'prepare %s as fetched: the fingerprints and rows a load on the main thread computes',
    async (name) => {
      const { parts, gamePk, box, pbp } = recordedGame(name);
      const prepared = await pool.prepare(fetchedGame(gamePk, box, pbp));
      expect(prepared.boxscore.sha).toBe(bodySha256('boxscore', parts.boxscore));
      expect(prepared.playByPlay.sha).toBe(bodyTextSha256(pbp));
      expect(prepared.boxscore.canonicalSha).toBe(canonicalBody('boxscore', JSON.parse(box)).sha);
      expect(prepared.playByPlay.canonicalSha).toBe(canonicalBody('playByPlay', JSON.parse(pbp)).sha);
      const direct = packGameRows(extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp)));
      expect(copyTextDecoded(prepared.rows)).toEqual(copyTextDecoded(direct));
    },
  );

  it.each(fixtureNames('liveGameV1'))(
    'prepare %s fetched as one feed/live: the parts, fingerprints and rows the main thread stores',
    async (name) => {
      const feedText = fixtureText(name);
      const feed = JSON.parse(feedText);
      const parts = splitFeedLive(feed);
      const url = `http://sim/api/v1.1/game/${feed.gamePk}/feed/live`;
      const prepared = await pool.prepare({ gamePk: feed.gamePk, feed: { url, data: utf8(feedText) } });
      expect(prepared.source).toBe('feed');
      expect(prepared.feedTimestamp).toBe(feed.metaData.timeStamp);
      expect(new TextDecoder().decode(prepared.boxscore.text)).toBe(JSON.stringify(parts.boxscore));
      expect(new TextDecoder().decode(prepared.playByPlay.text)).toBe(JSON.stringify(parts.playByPlay));
      expect(prepared.boxscore.sha).toBe(bodySha256('boxscore', parts.boxscore));
      expect(prepared.playByPlay.sha).toBe(bodySha256('playByPlay', parts.playByPlay));
      // The canonical contents a revision keeps: those of the text stored, read back.
      for (const kind of ['boxscore', 'playByPlay'] as const) {
        const { sha } = canonicalBody(kind, JSON.parse(new TextDecoder().decode(prepared[kind].text)));
        expect(prepared[kind].canonicalSha).toBe(sha);
      }
      const abs = feed.gameData.absChallenges;
      expect(prepared.absChallenges).toBe(abs === undefined ? undefined : JSON.stringify(abs));
      const direct = extractGameRows(feed.gamePk, parts.boxscore, parts.playByPlay, undefined, abs);
      expect(copyTextDecoded(prepared.rows)).toEqual(copyTextDecoded(packGameRows(direct)));
    },
  );

  it('sends a feed without its boxscore back to be fetched again', async () => {
    const url = 'http://sim/api/v1.1/game/5/feed/live';
    const body = JSON.stringify({ gamePk: 5, gameData: {}, liveData: { plays: { allPlays: [] } } });
    await expect(pool.prepare({ gamePk: 5, feed: { url, data: utf8(body) } })).rejects.toMatchObject({
      name: 'FetchedBodyError',
    });
  });

  it('prepares a recorded game with its win probability as the main thread does', async () => {
    const name = '747175_2024R_TOR-at-AZ.json';
    const texts = {
      box: fixtureText(`boxscore/${name}`),
      pbp: fixtureText(`playByPlay/${name}`),
      win: fixtureText(`getWinProbability/${name}`),
    };
    const game = () => fetchedGame(747175, texts.box, texts.pbp, texts.win);
    const prepared = await pool.prepare(game());
    expect(prepared.winProbability?.sha).toBe(bodyTextSha256(texts.win));
    const direct = extractGameRows(747175, JSON.parse(texts.box), JSON.parse(texts.pbp), JSON.parse(texts.win));
    // The long lists (win probability included) come back as the COPY text the main thread packs,
    // and the rest as rows.
    expect(copyTextDecoded(prepared.rows)).toEqual(copyTextDecoded(packGameRows(direct)));
    expect(packedCount(prepared.rows, 'winProbability')).toBeGreaterThan(0);
    expect(prepared.rows.copyText.pitches?.text).toBeInstanceOf(Uint8Array);
    expect(prepared.rows.objects.winProbability).toEqual([]);
    expect(prepared.rows.copyText.winProbability?.count).toBe(direct.winProbability?.length);
    expect(prepared.rows.objects.battingLines).toEqual(direct.battingLines);
    // No run is written into the text: the same game packs the same whichever run will store it.
    expect(prepared.rows.copyText.pitches?.columns).not.toContain('run_id');
  });

  it.each(fixtureNames('liveGameV1'))('give the long lists of %s as COPY text, a line per row', async (name) => {
    const { gamePk, box, pbp } = recordedGame(name);
    const direct = extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp));
    const rows = await pool.extract(gamePk, box, pbp, undefined);
    // A list goes as text from COPY_MIN_ROWS rows: one line per row.
    const pitches = copyTextDecoded(rows).copyText.pitches?.text.split('\n').length;
    expect(pitches).toBe(direct.pitches.length >= COPY_MIN_ROWS ? direct.pitches.length + 1 : undefined);
  });

  it('prepares, on a game load’s worker and its bounded heap, a play-by-play 20 times the largest recorded', {
    timeout: 60_000,
  }, async () => {
    const largest = fixtureNames('liveGameV1')
      .map((name) => recordedGame(name))
      .reduce((a, b) => (b.pbp.length > a.pbp.length ? b : a));
    const pbp = largest.parts.playByPlay as { allPlays: unknown[] };
    const huge = JSON.stringify({ ...pbp, allPlays: Array.from({ length: 20 }, () => pbp.allPlays).flat() });
    expect(huge.length).toBeGreaterThan(15 * largest.pbp.length);
    const lazy = createLazyExtractPool(1);
    try {
      const prepared = await lazy.prepare(fetchedGame(largest.gamePk, largest.box, huge));
      expect(prepared.playByPlay.sha).toBe(bodyTextSha256(huge));
      expect(packedCount(prepared.rows, 'pitches')).toBe(
        extractGameRows(largest.gamePk, JSON.parse(largest.box), JSON.parse(huge)).pitches.length,
      );
    } finally {
      await lazy.close();
    }
  });

  it('gives the same rows with no worker at all', async () => {
    const inThread = createExtractPool(0);
    const { box, pbp } = recordedGame(fixtureNames('liveGameV1')[0]!);
    expect(copyTextDecoded(await inThread.extract(9, box, pbp))).toEqual(
      copyTextDecoded(await pool.extract(9, box, pbp)),
    );
  });
});
