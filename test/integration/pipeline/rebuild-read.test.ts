import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { upsertGameBody, upsertWinProbabilityBody } from '../../../src/db/queries/raw-bodies.js';
import { packGameRows } from '../../../src/db/packed-game-rows.js';
import { splitFeedLive } from '../../../src/extract/index.js';
import { createExtractPool, ExtractWorkerError } from '../../../src/pipeline/extract-pool/pool.js';
import { extractGameRows } from '../../../src/pipeline/load/game-rows.js';
import { describeRecorded, fixture, fixtureNames, fixtureText } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { copyTextDecoded } from '../../helpers/copy-text.js';
import { describeNeeds } from '../../needs.js';

interface StoredTexts {
  gamePk: number;
  box: string;
  pbp: string;
  win?: string;
}

/** Every recorded live feed as the two stored bodies, plus one game with its win probability. */
function recordedGames(): StoredTexts[] {
  const games = fixtureNames('liveGameV1').map((name): StoredTexts => {
    const parts = splitFeedLive(fixture(name));
    return { gamePk: parts.gamePk ?? 1, box: JSON.stringify(parts.boxscore), pbp: JSON.stringify(parts.playByPlay) };
  });
  const name = '747175_2024R_TOR-at-AZ.json';
  games.push({
    gamePk: 747175,
    box: fixtureText(`boxscore/${name}`),
    pbp: fixtureText(`playByPlay/${name}`),
    win: fixtureText(`getWinProbability/${name}`),
  });
  // One body per game number (a feed may be recorded twice).
  return [...new Map(games.map((g) => [g.gamePk, g])).values()].sort((a, b) => a.gamePk - b.gamePk);
}

describeRecorded('extraction workers reading stored games themselves', () => {
  describeNeeds('PostgreSQL', testBackend() === 'postgres')('on their own connections', () => {
    let t: TestDatabase;
    const games = recordedGames();
    const direct = (g: (typeof games)[number]) =>
      copyTextDecoded(
        packGameRows(
          extractGameRows(g.gamePk, JSON.parse(g.box), JSON.parse(g.pbp), g.win ? JSON.parse(g.win) : undefined),
        ),
      );
    const url = () => {
      if (!t.url) throw new Error('a Postgres test database has a URL');
      return t.url;
    };
    /** This database's connections named dugout (ours and the workers'). */
    const connections = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and application_name = 'dugout'`,
          )
        )[0]?.n,
      );

    beforeAll(async () => {
      t = await createTestDatabase();
      await t.database.db.transaction(async (tx) => {
        for (const g of games) {
          await upsertGameBody(tx, 'boxscores', g.gamePk, g.box, 'b', 1, 'boxscore');
          await upsertGameBody(tx, 'play_by_play', g.gamePk, g.pbp, 'p', 1, 'boxscore', null);
          if (g.win) await upsertWinProbabilityBody(tx, g.gamePk, g.win, 'w', 1);
        }
      });
    });
    afterAll(async () => t?.drop());

    it.each([1, 2])(
      'with %i worker(s) give every game the rows extraction gives in-thread, in order, and leave out a game not stored',
      async (size) => {
        const pool = createExtractPool(size, undefined, { databaseUrl: url() });
        try {
          const pks = games.map((g) => g.gamePk);
          const read = await pool.extractStored([...pks].reverse().concat(999_999_999));
          expect(read.map((g) => g.gamePk)).toEqual(pks);
          for (const [i, g] of games.entries()) expect(copyTextDecoded(read[i]!.rows)).toEqual(direct(g));
          const withWin = read.find((g) => g.gamePk === 747175);
          expect(withWin?.rows.copyText.winProbability?.count).toBeGreaterThan(0);
          expect(await pool.extractStored([])).toEqual([]);
        } finally {
          await pool.close();
        }
      },
    );

    it('end their connections when the pool closes', async () => {
      const before = await connections();
      const pool = createExtractPool(2, undefined, { databaseUrl: url() });
      await pool.extractStored(games.map((g) => g.gamePk));
      expect(await connections()).toBe(before + 2);
      await pool.close();
      // The server notices a closed connection as its backend exits.
      for (let i = 0; i < 50 && (await connections()) > before; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await connections()).toBe(before);
    });

    it('refuse to read without a database, and report a database error as the error', async () => {
      const noDb = createExtractPool(1);
      await expect(noDb.extractStored([1])).rejects.toBeInstanceOf(ExtractWorkerError);
      await noDb.close();
      const wrong = createExtractPool(1, undefined, { databaseUrl: url().replace(/\/[^/]+$/, '/no_such_database') });
      await expect(wrong.extractStored([games[0]!.gamePk])).rejects.toThrow(/no_such_database/);
      await wrong.close();
    });
  });
});
