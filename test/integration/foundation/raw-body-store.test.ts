import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { lockGame, readGameHashes, upsertGameBody } from '../../../src/db/queries/raw-bodies.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** A body as an API sends one: indented, escapes, characters of two, three and four bytes, over 16 KB. */
function awkwardBody(n: number): string {
  const plays = Array.from({ length: n }, (_, i) => ({
    i,
    description: `Peña (${i}) lines "out" to Núñez ⚾ 日本 🧢 back\\slash\ttab`,
  }));
  return `{\n  "copyright" : "Copyright",\n  "allPlays" : ${JSON.stringify(plays, null, 2)}\r\n}`;
}

describeNeeds('PostgreSQL', testBackend() === 'postgres')('a game body stored (postgres.js)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  /** One load's writes of a game's play-by-play body, as storeGame makes them. */
  async function storeBody(gamePk: number, body: string, sha: string, runId: number, hold?: Promise<void>) {
    return t.database.db.transaction(async (tx) => {
      await lockGame(tx, gamePk);
      const before = await readGameHashes(tx, gamePk);
      await upsertGameBody(tx, 'play_by_play', gamePk, body, sha, runId, 'boxscore');
      await hold;
      return before.playByPlay;
    });
  }

  it('replaces a stored body byte for byte: default fetched_at, its source, no feed timestamp', async () => {
    const gamePk = 7001;
    await storeBody(gamePk, '{"allPlays": [1]}', 'one', 1);
    await storeBody(gamePk, awkwardBody(1000), 'two', 2);
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select body::text as body, body_sha256, run_id::int as run_id, source, feed_timestamp,
                 fetched_at > now() - interval '1 minute' as recent
          from raw.play_by_play where game_pk = ${gamePk}`,
    );
    expect(rows).toEqual([
      {
        body: awkwardBody(1000),
        body_sha256: 'two',
        run_id: 2,
        source: 'boxscore',
        feed_timestamp: null,
        recent: true,
      },
    ]);
  });

  it('makes two loads of one new game wait for each other: the later one sees the first one’s hash', async () => {
    const gamePk = 7002;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first load has stored its body and holds its transaction open; the second starts then.
    const first = storeBody(gamePk, '{"allPlays": ["first"]}', 'first', 1, held);
    await new Promise((r) => setTimeout(r, 200));
    const second = storeBody(gamePk, '{"allPlays": ["second"]}', 'second', 2);
    await new Promise((r) => setTimeout(r, 200));
    release();
    // Without the lock the second would read no hash (the first not committed) and store its body
    // as a new game's, its revisions and history made against nothing.
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBe('first');
    const rows = await queryRows<{ sha: string }>(
      t.database.db,
      sql`select body_sha256 as sha from raw.play_by_play where game_pk = ${gamePk}`,
    );
    expect(rows).toEqual([{ sha: 'second' }]);
  });
});
