import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/**
 * The past seasons the simulator serves for a plan of 2008–2025: 17 once it serves that many, else
 * its bound today (5). The test names the same seasons either way; the seasons it does not serve
 * plan as empty.
 */
async function startSimWithHistory(): Promise<{ h: SimHarness; history: number }> {
  for (const history of [17, 5]) {
    try {
      return { h: await startSim({ seed: 5, history }), history };
    } catch (err) {
      if (!/history/.test(String(err))) throw err;
    }
  }
  throw new Error('the simulator serves no history');
}

describe('planning a backfill of 2008–2025', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let history: number;
  /** The first regular-season day of the current season (loaded before the plan). */
  let day: string;

  beforeAll(async () => {
    t = await createTestDatabase({ onDisk: true });
    ({ h, history } = await startSimWithHistory());
    // One day of the current season loaded: the plan says so.
    day = h.sim
      .listGames()
      .filter((g) => g.season === h.sim.season && g.gameType === 'R')
      .map((g) => g.officialDate)
      .sort()[0]!;
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('prints a line per season from seasons and schedules only, and stores nothing', {
    timeout: 300_000,
  }, async () => {
    const seasonRows = () =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`select (select count(*) from mlb.seasons) + (select count(*) from raw.snapshots) as n`,
      ).then((r) => Number(r[0]!.n));
    const rowsBefore = await seasonRows();
    const before = h.sim.requestLog.length;
    const res = await withDatabaseClosed(t, () =>
      runCli(['backfill', '--season', '2008-2025', '--plan'], { env: { ...cliEnv(t, h), STATSAPI_MAX_RPS: '5' } }),
    );
    expect(res.code, res.stderr).toBe(0);
    const requests = h.sim.requestLog.slice(before).map((r) => r.path.split('?')[0]);
    // One /v1/seasons request for the sport, one schedule request per season: nothing else.
    expect(requests.filter((p) => p === '/api/v1/seasons')).toHaveLength(1);
    expect(requests.filter((p) => p === '/api/v1/schedule')).toHaveLength(18);
    expect(requests).toHaveLength(19);

    const lines = res.stdout.split('\n').filter((l) => /^\d{4}:/.test(l));
    // Newest first, one line per season, each starting with its year.
    expect(lines.map((l) => Number(l.slice(0, 4)))).toEqual(Array.from({ length: 18 }, (_, i) => 2025 - i));
    const served = new Set(h.sim.seasons);
    expect(served.size).toBe(history + 1);
    const finals = h.sim.listGames().filter((g) => g.codedGameState === 'F');
    for (const line of lines) {
      const season = Number(line.slice(0, 4));
      const n = finals.filter((g) => g.season === season).length;
      expect(line).toContain(`games ${n.toLocaleString('en-US')} (`);
      if (!served.has(season)) continue;
      const regular = finals.filter((g) => g.season === season && g.gameType === 'R').length;
      expect(line).toContain(` R ${regular.toLocaleString('en-US')}`);
      expect(line).toMatch(/\d[\d,]* requests, [\d.]+ (h|min) at 5\/s, receive [\d.]+ (MB|GB), disk [\d.]+ (MB|GB)$/);
    }
    // The day loaded shows as loaded in the current season.
    const loadedDay = finals.filter((g) => g.officialDate === day).length;
    expect(loadedDay).toBeGreaterThan(0);
    expect(lines[0], res.stderr).toContain(`loaded ${loadedDay}, to load `);
    for (const line of lines.slice(1)) expect(line).toContain('loaded 0, ');
    expect(res.stdout).toMatch(/^total: to load [\d,]+ games; [\d,]+ requests, /m);
    // The summary comes last, after the lines it sums up, and says that nothing was stored.
    expect(res.stdout.trim().split('\n').at(-1)).toBe(
      'backfill plan succeeded: 18 season(s) planned from 19 request(s); nothing stored or queued, the database unchanged',
    );

    // The seasons' dates were read from the answer, not stored.
    expect(await seasonRows()).toBe(rowsBefore);
    // Nothing was queued: a plan loads nothing.
    const [queued] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ingest.work_items where status <> 'done'`,
    );
    expect(Number(queued!.n)).toBe(0);
  });

  it('backfills several seasons newest first, a line per season, and again loads nothing', {
    timeout: 300_000,
  }, async () => {
    const seasons: [number, number] = [h.sim.season - 1, h.sim.season];
    const ws = (season: number) =>
      h.sim.listGames().filter((g) => g.season === season && g.gameType === 'W' && g.codedGameState === 'F').length;
    const args = ['backfill', '--season', `${seasons[0]}-${seasons[1]}`, '--game-type', 'W'];
    const res = await withDatabaseClosed(t, () => runCli(args, { env: cliEnv(t, h) }));
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.split('\n').filter((l) => /^\d{4}: /.test(l));
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${seasons[1]}: ${ws(seasons[1])} games listed, ${ws(seasons[1])} loaded, \\d+ requests in \\d+ s$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^${seasons[0]}: ${ws(seasons[0])} games listed, ${ws(seasons[0])} loaded, `)),
    ]);
    // Run again (as after a stop): nothing left to load, only the schedules are asked again.
    const before = h.sim.requestLog.length;
    const again = await withDatabaseClosed(t, () => runCli([...args, '--order', 'oldest'], { env: cliEnv(t, h) }));
    expect(again.code, again.stderr).toBe(0);
    const againLines = again.stdout.split('\n').filter((l) => /^\d{4}: /.test(l));
    expect(againLines.map((l) => l.slice(0, 4))).toEqual(seasons.map(String));
    for (const l of againLines) expect(l).toMatch(/ 0 loaded, /);
    const paths = new Set(h.sim.requestLog.slice(before).map((r) => r.path.split('?')[0]));
    expect([...paths].filter((p) => /\/game\//.test(p!))).toEqual([]);
  });

  it('refuses a bad season list in one line, before connecting', async () => {
    for (const bad of ['2008-20x5', '1800-1900', '2025,2025-2024x']) {
      const res = await runCli(['backfill', '--season', bad, '--plan'], {
        env: { DATABASE_URL: 'postgres://nowhere:1/x' },
      });
      expect(res.code).not.toBe(0);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
