import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { tableDigest } from '../../helpers/digest.js';
import { mlbTables } from '../../helpers/mlb-tables.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/**
 * The two game sources on a simulated season's spring training and postseason (every game type but
 * the regular season's, whose games are of the same kind: a whole season both ways costs CI minutes
 * its 2,430 more games do not repay): one backfill fetches each
 * game as one feed/live (the default), another as /boxscore + /playByPlay, into two warehouses
 * whose `mlb` tables must hold the same rows. The simulator's standalone boxscore carries each
 * team's season record as of the fetch, as the API's does; no `mlb` row may depend on it.
 *
 * `mlb.abs_challenges` is the one table where the feed says more: its `gameData.absChallenges`
 * gives each side's challenges left (`remaining`, null from the other source), and counts for the
 * games where no one challenged (0 and 0), which boxscore and play-by-play only show through ABS
 * reviews. Its rows from the boxscore source are the feed's of the games with an ABS review,
 * `remaining` null.
 */
const GAME_TYPES = ['S', 'F', 'D', 'L', 'W'] as const;

describe('the feed and the boxscore sources on a simulated season (2026, under the ABS rule)', () => {
  let viaFeed: TestDatabase;
  let viaBoxscore: TestDatabase;
  let h: SimHarness;
  let finals: number;
  const requests = { feed: [] as string[], boxscore: [] as string[] };

  beforeAll(async () => {
    [viaFeed, viaBoxscore] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    // 2026: a season under the ABS challenge rule, so that the one table where the sources differ has rows.
    h = await startSim({ seed: 53, season: 2026 });
    finals = h.sim
      .listGames()
      .filter((g) => g.codedGameState === 'F' && (GAME_TYPES as readonly string[]).includes(g.gameType)).length;
    const seasons = [...h.sim.seasons];
    for (const [source, t] of [
      ['feed', viaFeed],
      ['boxscore', viaBoxscore],
    ] as const) {
      const before = h.sim.requestLog.length;
      const run = await backfillJob.run(runDeps(t.database, h, { gameSource: source }), {
        range: { seasons },
        gameTypes: [...GAME_TYPES],
      });
      expect(run.status, String(run.error)).toBe('succeeded');
      requests[source] = h.sim.requestLog.slice(before).map((r) => r.path);
    }
  }, 3_600_000);
  afterAll(async () => {
    await h?.close();
    await viaFeed?.drop();
    await viaBoxscore?.drop();
  });

  it('made one request a game from the feed, two from boxscore and play-by-play', () => {
    const count = (paths: string[], part: string) => paths.filter((p) => p.includes(part)).length;
    expect(finals).toBeGreaterThan(400);
    expect(count(requests.feed, '/feed/live')).toBe(finals);
    expect(count(requests.feed, '/boxscore') + count(requests.feed, '/playByPlay')).toBe(0);
    expect(count(requests.boxscore, '/boxscore')).toBe(finals);
    expect(count(requests.boxscore, '/playByPlay')).toBe(finals);
    expect(count(requests.boxscore, '/feed/live')).toBe(0);
    // One request a game fewer, and nothing else different.
    expect(requests.boxscore.length - requests.feed.length).toBe(finals);
  });

  it('every mlb table holds the same rows, ABS challenges aside', async () => {
    const tables = (await mlbTables(viaFeed.database.db)).filter((t) => t !== 'mlb.abs_challenges');
    const differ: string[] = [];
    let rows = 0;
    for (const table of tables) {
      const a = await tableDigest(viaFeed.database.db, table);
      const b = await tableDigest(viaBoxscore.database.db, table);
      if (a.rows !== b.rows || a.md5 !== b.md5)
        differ.push(`${table}: ${a.rows} rows from the feed, ${b.rows} from boxscore`);
      rows += a.rows;
    }
    expect(differ).toEqual([]);
    expect(rows).toBeGreaterThan(100_000);
  });

  it('ABS challenges: the boxscore source has the feed rows of the games with an ABS review, remaining unknown', async () => {
    const abs = (t: TestDatabase, where: string) =>
      queryRows<Record<string, unknown>>(
        t.database.db,
        sql.raw(`select game_pk, side, team_id, used_successful, used_failed, remaining from mlb.abs_challenges
                 where ${where} order by game_pk, side`),
      );
    const reviewed = `game_pk in (select game_pk from mlb.reviews where review_type = 'MJ')`;
    const fromFeed = await abs(viaFeed, reviewed);
    expect(fromFeed.length).toBeGreaterThan(10);
    expect(fromFeed.some((r) => r.remaining !== null)).toBe(true);
    expect(await abs(viaBoxscore, 'true')).toEqual(fromFeed.map((r) => ({ ...r, remaining: null })));
    // The games without an ABS review: counts of 0 and 0 from the feed alone.
    const unreviewed = await abs(viaFeed, `not ${reviewed}`);
    expect(unreviewed.length).toBeGreaterThan(0);
    expect(unreviewed.every((r) => r.used_successful === 0 && r.used_failed === 0)).toBe(true);
  });
});
