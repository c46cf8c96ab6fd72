import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';
import { allowedFacts, expectFound, kindOf } from '../../helpers/scoring-expectations.js';

const DAY = 86_400_000;
/** Days whose games are checked: every correction of theirs lands, and every re-poll is made, by the last morning. */
const GAME_DAYS = 4;
const MORNINGS = GAME_DAYS + 10;

describe('scoring changes the simulator makes by itself after final games', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let d0: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 13 });
    d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 13, now: new Date(Date.parse(`${d0}T14:00:00Z`)), scoringChanges: 0.35 });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('are every one found by the change log or a re-poll, and none is invented', { timeout: 1_200_000 }, async () => {
    const db = t.database.db;
    for (let day = 1; day <= MORNINGS; day++) {
      h.sim.advance(DAY);
      const run = await syncJob.run(runDeps(t.database, h), { daysBack: 2, daysAhead: 0 });
      expect(run.status, String(run.error)).toBe('succeeded');
    }
    const games = new Set(
      h.sim
        .listGames()
        .filter((g) => g.officialDate >= d0 && g.officialDate < addDays(d0, GAME_DAYS) && g.codedGameState === 'F')
        .map((g) => g.gamePk),
    );
    // A correction made before the game's first load is in its first body: the warehouse never saw
    // the game otherwise, so it is no change.
    const first = new Map(
      (
        await queryRows<{ pk: number; at: Date | string }>(
          db,
          sql`select game_pk as pk, min(fetched_at) as at from raw.game_revisions group by 1`,
        )
      ).map((r) => [Number(r.pk), new Date(r.at).getTime()]),
    );
    const made = h.sim
      .corrections()
      .filter((c) => games.has(c.gamePk) && c.atMs > (first.get(c.gamePk) ?? Number.POSITIVE_INFINITY));
    // The simulator made each kind an official scorer makes, listed and silent, some games twice.
    expect([...new Set(made.map(kindOf))].sort()).toEqual(
      ['credit', 'decision', 'earned', 'event', 'hold', 'rbi', 'save'].sort(),
    );
    expect(made.some((c) => c.silent)).toBe(true);
    expect(made.some((c) => !c.silent)).toBe(true);
    const perGame = new Map<number, number>();
    for (const c of made) perGame.set(c.gamePk, (perGame.get(c.gamePk) ?? 0) + 1);
    expect([...perGame.values()].some((n) => n > 1)).toBe(true);

    const changes = await queryRows<{
      pk: number;
      fact: string;
      ab: number | null;
      person: number | null;
      before: string | null;
      after: string | null;
    }>(
      db,
      sql`select game_pk as pk, fact, at_bat_index as ab, person_id as person, before, after from mlb.scoring_changes`,
    );
    const found = changes
      .filter((c) => games.has(Number(c.pk)))
      .map((c) => ({
        ...c,
        pk: Number(c.pk),
        ab: c.ab === null ? null : Number(c.ab),
        person: c.person === null ? null : Number(c.person),
      }));
    // None invented: only the corrected games changed.
    expect([...new Set(found.map((c) => c.pk))].sort()).toEqual([...perGame.keys()].sort());
    // Every one found: its fact (play, player) with the value before and after, as the simulator made it.
    for (const c of made) {
      const mine = found.filter((f) => f.pk === c.gamePk);
      const alone = perGame.get(c.gamePk) === 1;
      expectFound(c, mine, alone);
      // A game corrected once changed only the facts its correction touches.
      if (alone) {
        const allowed = allowedFacts(c);
        expect(
          mine.filter((f) => !allowed(f.fact)),
          `facts beyond ${JSON.stringify(c)}`,
        ).toEqual([]);
      }
    }
    // Those only a re-poll saw are revisions of reason repoll; the listed ones corrections.
    const reasons = await queryRows<{ reason: string }>(
      db,
      sql`select distinct reason from raw.game_revisions where revision > 1`,
    );
    expect(reasons.map((r) => r.reason).sort()).toEqual(['correction', 'repoll']);
  });
});
