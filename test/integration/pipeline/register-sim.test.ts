import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { registerJob } from '../../../jobs/register.js';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { REGISTER_PATH } from '../../../src/sim/register.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/**
 * The demo's way to ids beyond MLBAM's: the simulator serves a register of its own people in the
 * Chadwick layout, `dugout snapshot register` loads it over loopback, and the README's join of OPS
 * leaders to their FanGraphs and Baseball-Reference ids finds rows. Expectations come from the rows
 * the simulator serves.
 */
describe('the simulated register, analytics.people_ids and people_unmapped', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let season: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11 });
    season = h.sim.season;
    const first = firstRegularDate(h.sim);
    h.sim.setNow(new Date(`${addDays(first, 2)}T12:00:00Z`));
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: first, endDate: first } });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const deps = () => runDeps(t.database, h, { registerUrl: new URL(REGISTER_PATH, h.url).href });
  const checkNotices = async () => {
    const run = await checkJob.run(deps(), {});
    const checks = (run.result as { checks: CheckResult[] }).checks;
    return checks.find((c) => c.name === 'people_unmapped')!;
  };

  it('says no register is loaded before one is', async () => {
    const check = await checkNotices();
    expect(check.passed).toBe(true);
    expect(check.notices).toEqual([expect.stringContaining('no Chadwick register loaded')]);
  });

  it('loads every row the simulator serves, and analytics.people_ids gives each warehouse person his keys', async () => {
    const run = await registerJob.run(deps(), registerJob.args.parse({}));
    expect(run.status, String(run.error)).toBe('succeeded');
    const served = h.sim.registerRows();
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mlb.person_ids`);
    expect(count!.n).toBe(served.length);
    const byMlbam = new Map(served.map((r) => [Number(r.key_mlbam), r]));
    const people = await queryRows<{
      person_id: number;
      key_retro: string | null;
      key_bbref: string | null;
      key_fangraphs: string | null;
    }>(t.database.db, sql`select person_id, key_retro, key_bbref, key_fangraphs from analytics.people_ids`);
    const [warehouse] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mlb.people`);
    expect(people.length).toBe(warehouse!.n);
    for (const p of people) {
      const r = byMlbam.get(p.person_id);
      expect({ retro: p.key_retro, bbref: p.key_bbref, fg: p.key_fangraphs }, String(p.person_id)).toEqual({
        retro: r?.key_retro || null,
        bbref: r?.key_bbref || null,
        fg: r?.key_fangraphs || null,
      });
    }
  });

  it("runs the README's join of OPS leaders to their FanGraphs and Baseball-Reference ids, with rows", async () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const join = readmeQueries(readme).find((q) => q.sql.includes('analytics.people_ids'));
    expect(join, 'the README shows the join').toBeDefined();
    const rows = await queryRows<{ full_name: string; key_fangraphs: string | null; key_bbref: string | null }>(
      t.database.db,
      // One day of games here, two weeks in the demo: the simulated season, and any plate appearance.
      sql.raw(join!.sql.replaceAll('2025', String(season)).replace('pa >= 30', 'pa >= 1')),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key_fangraphs !== null && r.key_bbref !== null)).toBe(true);
  });

  it('notes, per season, the players the register has no key for (its lag), and never fails', async () => {
    const played = await queryRows<{ season: number; person_id: number }>(
      t.database.db,
      sql`select distinct g.season, l.person_id from mlb.batting_lines l join mlb.games g using (game_pk)
          union select distinct g.season, l.person_id from mlb.pitching_lines l join mlb.games g using (game_pk)`,
    );
    const byMlbam = new Map(h.sim.registerRows().map((r) => [Number(r.key_mlbam), r]));
    const lacking = (k: string) => played.filter((p) => !byMlbam.get(p.person_id)?.[k]).length;
    const unmapped = played.filter((p) => {
      const r = byMlbam.get(p.person_id);
      return !r?.key_retro || !r?.key_bbref || !r?.key_fangraphs;
    }).length;
    expect(unmapped).toBeGreaterThan(0); // the simulated register lags too: first-year players lack keys
    const check = await checkNotices();
    expect(check.passed).toBe(true);
    expect(check.notices).toEqual([
      `${season}: ${unmapped} of ${played.length} players lack a register key (${lacking('key_retro')} Retrosheet, ${lacking('key_bbref')} Baseball-Reference, ${lacking('key_fangraphs')} FanGraphs): the public register lags, most of all for this season's first-year players`,
    ]);
  });
});
