import { afterAll, describe, expect, it } from 'vitest';
import { parseOperationBody } from '../../../src/api/body.js';
import { bodySha256, bodyTextSha256, splitFeedLive } from '../../../src/extract/index.js';
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
import { COPY_MIN_ROWS, encodeGameRowsForCopy } from '../../../src/db/queries/game-rows.js';
import { checkGameBodies, type FetchedGame } from '../../../src/pipeline/load/prepare-game.js';
import { describeRecorded, fixture, fixtureNames, fixtureText } from '../../fixtures.js';

const BOX = 'http://sim/api/v1/game/5/boxscore';
const PBP = 'http://sim/api/v1/game/5/playByPlay';
const WIN = 'http://sim/api/v1/game/5/winProbability';

/** A small fetched game whose bodies are fine unless a test spoils one. */
function smallGame(spoil: Partial<Record<'boxscore' | 'playByPlay' | 'winProbability', string>> = {}): FetchedGame {
  const team = { team: { id: 1 }, teamStats: {}, players: {}, batters: [], pitchers: [] };
  return {
    gamePk: 5,
    boxscore: { url: BOX, text: spoil.boxscore ?? JSON.stringify({ teams: { away: team, home: team } }) },
    playByPlay: { url: PBP, text: spoil.playByPlay ?? '{"allPlays": []}' },
    ...(spoil.winProbability === undefined ? {} : { winProbability: { url: WIN, text: spoil.winProbability } }),
  };
}

/** What the client's `call` (and the load's own checks) throw for the game's first bad body. */
function thrownOnThisThread(game: FetchedGame): Error {
  try {
    const box = parseOperationBody('boxscore', game.boxscore.url, game.boxscore.text);
    const pbp = parseOperationBody('playByPlay', game.playByPlay.url, game.playByPlay.text);
    const w = game.winProbability;
    const win = w ? parseOperationBody('getWinProbability', w.url, w.text) : undefined;
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

  it('for game loads, start only beyond two cores, up to four', () => {
    expect([1, 2, 3, 4, 8, 64].map((c) => defaultLoadWorkers(c))).toEqual([0, 0, 1, 2, 4, 4]);
  });

  it('report a body that does not parse as the parser said it, and keep working', async () => {
    const pool = createExtractPool(1);
    try {
      const bad = pool.extract(1, '{"teams": {}}', '{"allPlays": [', undefined);
      await expect(bad).rejects.toMatchObject({ name: 'SyntaxError' });
      const rows = await pool.extract(2, '{"teams": {}}', '{"allPlays": []}');
      expect(rows.plays).toEqual([]);
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
    const prepared = await pool.prepare(game);
    expect(prepared).toMatchObject({
      boxscoreSha: bodySha256('boxscore', JSON.parse(game.boxscore.text)),
      playByPlaySha: bodyTextSha256(game.playByPlay.text),
      winProbabilitySha: bodyTextSha256('[]'),
    });
    expect(prepared.rows).toEqual(extractGameRows(5, JSON.parse(game.boxscore.text), { allPlays: [] }, []));
  });
});

describe('a lazy extraction pool', () => {
  it('starts its worker on the first game and refuses work once closed', async () => {
    const pool = createLazyExtractPool(1);
    const prepared = await pool.prepare(smallGame());
    expect(prepared.rows.plays).toEqual([]);
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
    const direct = extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp));
    expect(await pool.extract(gamePk, box, pbp)).toEqual(direct);
  });

  it.each(fixtureNames('liveGameV1'))(
    'prepare %s as fetched: the fingerprints and rows a load on the main thread computes',
    async (name) => {
      const { parts, gamePk, box, pbp } = recordedGame(name);
      const prepared = await pool.prepare({
        gamePk,
        boxscore: { url: BOX, text: box },
        playByPlay: { url: PBP, text: pbp },
      });
      expect(prepared.boxscoreSha).toBe(bodySha256('boxscore', parts.boxscore));
      expect(prepared.playByPlaySha).toBe(bodyTextSha256(pbp));
      expect(prepared.rows).toEqual(extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp)));
    },
  );

  it('prepares a recorded game with its win probability as the main thread does', async () => {
    const name = '747175_2024R_TOR-at-AZ.json';
    const texts = {
      box: fixtureText(`boxscore/${name}`),
      pbp: fixtureText(`playByPlay/${name}`),
      win: fixtureText(`getWinProbability/${name}`),
    };
    const game = {
      gamePk: 747175,
      boxscore: { url: BOX, text: texts.box },
      playByPlay: { url: PBP, text: texts.pbp },
      winProbability: { url: WIN, text: texts.win },
    };
    const prepared = await pool.prepare(game);
    expect(prepared.winProbabilitySha).toBe(bodyTextSha256(texts.win));
    const direct = extractGameRows(747175, JSON.parse(texts.box), JSON.parse(texts.pbp), JSON.parse(texts.win));
    expect(prepared.rows).toEqual(direct);
    expect(prepared.rows.winProbability?.length).toBeGreaterThan(0);
    // Asked for COPY text: the long lists (win probability included) come back as the text the
    // main thread would write for that run, and the rest as rows.
    const forCopy = await pool.prepare(game, { copyRunId: 5 });
    expect(forCopy.rows).toEqual(encodeGameRowsForCopy(direct, 5));
    expect(forCopy.rows.winProbability).toEqual([]);
    expect(forCopy.rows.copyText?.winProbability?.count).toBe(direct.winProbability?.length);
    expect(forCopy.rows.battingLines).toEqual(direct.battingLines);
  });

  it.each(fixtureNames('liveGameV1'))('give the rows of %s as COPY text for a run when asked', async (name) => {
    const { gamePk, box, pbp } = recordedGame(name);
    const direct = extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp));
    const rows = await pool.extract(gamePk, box, pbp, undefined, { copyRunId: 3 });
    expect(rows).toEqual(encodeGameRowsForCopy(direct, 3));
    // A list goes as text from COPY_MIN_ROWS rows: one line per row.
    const pitches = rows.copyText?.pitches?.text.split('\n').length;
    expect(pitches).toBe(direct.pitches.length >= COPY_MIN_ROWS ? direct.pitches.length + 1 : undefined);
  });

  it('gives the same rows with no worker at all', async () => {
    const inThread = createExtractPool(0);
    const { box, pbp } = recordedGame(fixtureNames('liveGameV1')[0]!);
    expect(await inThread.extract(9, box, pbp)).toEqual(await pool.extract(9, box, pbp));
  });
});
