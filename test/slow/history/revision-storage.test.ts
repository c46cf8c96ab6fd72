import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRevisionPatch } from '../../../src/extract/revision.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { contentsOf, readStoredContents } from '../../../src/db/game-revisions.js';
import { readGameRevisions } from '../../../src/db/queries/revisions.js';
import { REVISION_RULES } from '../../../src/pipeline/load/revision-rules.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;
/**
 * Mornings synced: 12 by default; `DUGOUT_STORAGE_DAYS=186` syncs a whole regular season (the
 * season figure of docs/performance.md). The figures so far are printed every 15 mornings.
 */
const DAYS = Number(process.env.DUGOUT_STORAGE_DAYS ?? 12);

/**
 * The storage growth of revisions over a simulated span with scoring changes (the figures of
 * docs/performance.md, "Revisions"): the bytes the patches take against the bodies they stand for.
 */
describe('revision storage over a simulated span with corrections', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let d0: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 21 });
    d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 21, now: new Date(Date.parse(`${d0}T14:00:00Z`)) });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('keeps a correction as a patch under 2 % of the body it stands for', {
    timeout: Math.max(1_800_000, DAYS * 60_000),
  }, async () => {
    const db = t.database.db;
    let corrections = 0;
    const storage = async () => {
      const [row] = await queryRows<Record<string, number>>(
        db,
        sql`select count(distinct game_pk)::int as games,
                   count(*) filter (where encoding = 'stored')::int as stored_n,
                   count(*) filter (where encoding = 'whole')::int as whole_n,
                   count(*) filter (where encoding = 'patch')::int as patch_n,
                   coalesce(sum(body_chars) filter (where encoding = 'whole'), 0)::bigint as whole_chars,
                   coalesce(sum(body_chars) filter (where encoding = 'patch'), 0)::bigint as patch_chars,
                   pg_total_relation_size('raw.game_revisions')::bigint as table_bytes,
                   (pg_total_relation_size('raw.boxscores') + pg_total_relation_size('raw.play_by_play'))::bigint as raw_bytes,
                   (select count(*) from mlb.scoring_changes)::int as changes
            from raw.game_revisions`,
      );
      return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
    };
    for (let day = 1; day <= DAYS; day++) {
      h.sim.advance(DAY);
      const finals = h.sim
        .listGames()
        // Games of the week before (an official scorer's changes come within days of the game).
        .filter(
          (g) =>
            g.officialDate >= addDays(d0, Math.max(0, day - 8)) &&
            g.officialDate < addDays(d0, day - 1) &&
            g.codedGameState === 'F',
        )
        .map((g) => g.gamePk)
        .sort((a, b) => a - b);
      // About one game in twenty-five corrected, some twice, half of them absent from the change log.
      for (let i = 0; i < 2 && finals.length > 0; i++) {
        // The next game along when one has no play left that the simulator can correct.
        for (let k = 0; k < finals.length; k++) {
          const pk = finals[(day * 13 + i * 5 + k) % finals.length]!;
          try {
            h.sim.correctGame(pk, { silent: (day + i) % 2 === 0 });
            corrections++;
            break;
          } catch (e) {
            if (!/no final game with a play that can be corrected/.test(String(e))) throw e;
          }
        }
      }
      const run = await syncJob.run(runDeps(t.database, h), { daysBack: 2, daysAhead: 0 });
      expect(run.status, String(run.error)).toBe('succeeded');
      if (day % 15 === 0 && day < DAYS) console.log(JSON.stringify({ day, corrections, ...(await storage()) }));
    }
    const sums = await storage();
    // What the patched revisions would take stored whole: their contents' text.
    let patchedAsWhole = 0;
    const patched = await queryRows<{ pk: number }>(
      db,
      sql`select distinct game_pk as pk from raw.game_revisions where encoding = 'patch'`,
    );
    for (const { pk } of patched) {
      const revs = await readGameRevisions(db, Number(pk));
      const stored = await readStoredContents(db, REVISION_RULES, Number(pk));
      for (let i = 0; i < revs.length; i++) {
        if (revs[i]!.encoding !== 'patch') continue;
        const content = contentsOf(revs.slice(0, i + 1), applyRevisionPatch, stored).get(revs[i]!.kind)!.content;
        patchedAsWhole += JSON.stringify(content).length;
      }
    }
    const s = sums;
    console.log(JSON.stringify({ day: DAYS, corrections, ...s, patchedAsWhole }));
    expect(s.patch_n).toBeGreaterThan(0);
    expect(s.patch_chars! * 50).toBeLessThan(patchedAsWhole);
    // Only the revisions a correction followed are kept whole: every other revision 1 is `stored`.
    expect(s.whole_n).toBeLessThanOrEqual(s.patch_n!);
    expect(s.stored_n! + s.whole_n!).toBe(2 * s.games!);
  });
});
