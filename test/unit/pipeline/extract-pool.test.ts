import { afterAll, describe, expect, it } from 'vitest';
import { splitFeedLive } from '../../../src/extract/index.js';
import {
  createExtractPool,
  defaultExtractWorkers,
  ExtractWorkerError,
} from '../../../src/pipeline/extract-pool/pool.js';
import { extractGameRows } from '../../../src/pipeline/load/game-rows.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';

describe('extraction workers', () => {
  it('leave a core to the database and use the rest, up to four', () => {
    expect([1, 2, 3, 4, 8, 64].map((c) => defaultExtractWorkers(c))).toEqual([1, 1, 2, 3, 4, 4]);
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

describeRecorded('extraction workers over every recorded game', () => {
  const pool = createExtractPool(2);
  afterAll(() => pool.close());

  it.each(fixtureNames('liveGameV1'))('give the rows of %s that extraction gives in-thread', async (name) => {
    const parts = splitFeedLive(fixture(name));
    const gamePk = parts.gamePk ?? 1;
    const box = JSON.stringify(parts.boxscore);
    const pbp = JSON.stringify(parts.playByPlay);
    const direct = extractGameRows(gamePk, JSON.parse(box), JSON.parse(pbp));
    expect(await pool.extract(gamePk, box, pbp)).toEqual(direct);
  });

  it('gives the same rows with no worker at all', async () => {
    const inThread = createExtractPool(0);
    const parts = splitFeedLive(fixture(fixtureNames('liveGameV1')[0]!));
    const box = JSON.stringify(parts.boxscore);
    const pbp = JSON.stringify(parts.playByPlay);
    expect(await inThread.extract(9, box, pbp)).toEqual(await pool.extract(9, box, pbp));
  });
});
