import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { loadConfig } from '../../../src/config.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractWinProbability } from '../../../src/extract/win-probability.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, tableDigest } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

describeRecorded('win probability extraction over every recorded /winProbability body', () => {
  it.each(fixtureBodies('getWinProbability').map((f) => [f.file, f.body] as const))('%s', (_name, body: J) => {
    const { rows, rejects } = extractWinProbability(745570, body);
    expect(rejects).toEqual([]);
    expect(rows.map((r) => r.at_bat_index)).toEqual(body.map((p: J) => p.atBatIndex));
    for (const [i, r] of rows.entries()) {
      const play = body[i];
      expect(r.home_win_probability).toBe(play.homeTeamWinProbability);
      expect(r.away_win_probability).toBe(play.awayTeamWinProbability);
      expect(r.home_win_probability_added).toBe(play.homeTeamWinProbabilityAdded);
      expect(r.leverage_index).toBe(play.leverageIndex ?? null);
      expect(r.batter_id).toBe(play.matchup.batter.id);
      expect(r.pitcher_id).toBe(play.matchup.pitcher.id);
      expect(r.half_inning).toBe(play.about.halfInning);
      expect(r.home_win_probability_before).toBeCloseTo(
        play.homeTeamWinProbability - play.homeTeamWinProbabilityAdded,
        5,
      );
      // Each play starts where the previous one ended (the first from an even game), except where
      // a base-running action inside the plate appearance moved it first (in 747175: a steal of
      // second, a wild pitch, a steal of third): `added` is the result's part alone.
      const actions = (play.playEvents as J[]).filter((e) => e.type === 'action').length;
      if (actions === 0 || i === 0)
        expect(r.home_win_probability_before).toBeCloseTo(i === 0 ? 50 : body[i - 1].homeTeamWinProbability, 5);
    }
  });
});

describe('win probability extraction of awkward bodies', () => {
  it('rejects a play without an index and a repeated index; a body that is not a list gives nothing', () => {
    const play = (i: number | undefined) => ({
      atBatIndex: i,
      homeTeamWinProbability: 60,
      awayTeamWinProbability: 40,
      homeTeamWinProbabilityAdded: 10,
    });
    const { rows, rejects } = extractWinProbability(1, [play(0), play(undefined), play(0), play(1)]);
    expect(rows.map((r) => [r.at_bat_index, r.home_win_probability_before])).toEqual([
      [0, 50],
      [1, 50],
    ]);
    expect(rejects.map((r) => r.path)).toEqual(['[1]', '[2]']);
    expect(extractWinProbability(1, { plays: [] })).toEqual({ rows: [], rejects: [] });
  });

  it('DUGOUT_GAME_EXTRAS accepts winProbability and refuses anything else', () => {
    expect(loadConfig({ DUGOUT_GAME_EXTRAS: 'winProbability' }).gameExtras).toEqual(['winProbability']);
    expect(loadConfig({}).gameExtras).toEqual([]);
    expect(() => loadConfig({ DUGOUT_GAME_EXTRAS: 'winProbability,contextMetrics' })).toThrow(/DUGOUT_GAME_EXTRAS/);
  });
});

describe('games loaded with DUGOUT_GAME_EXTRAS=winProbability against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let range: { startDate: string; endDate: string };
  const withWin = () => runDeps(t.database, h, { gameExtras: ['winProbability'] });
  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 9 });
    const first = firstRegularDate(h.sim);
    range = { startDate: first, endDate: addDays(first, 1) };
    // Loaded first without the extra, as a warehouse that turns it on later.
    const run = await backfillJob.run(runDeps(t.database, h), { range });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const wpRequests = () => h.sim.requestLog.filter((r) => r.path.includes('/winProbability')).length;

  it('turning the extra on fetches every stored game again and fills a row per play', {
    timeout: 240_000,
  }, async () => {
    expect(await scalar(t.database.db, 'select count(*) from mlb.play_win_probability')).toBe(0);
    const games = await scalar(
      t.database.db,
      "select count(*) from mlb.games where coded_game_state = 'F' and game_type = 'R'",
    );
    const before = wpRequests();
    const run = await backfillJob.run(withWin(), { range });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(wpRequests() - before).toBe(games);
    const [counts] = await queryRows<{ games: number; rows: number; plays: number }>(
      t.database.db,
      sql`select (select count(distinct game_pk)::int from mlb.play_win_probability) as games,
                 (select count(*)::int from mlb.play_win_probability) as rows,
                 (select count(*)::int from mlb.plays) as plays`,
    );
    expect(counts).toEqual({ games, rows: counts!.plays, plays: counts!.plays });
    // Every game goes from an even 50 to 100 or 0: its plays add up to ±50 points for the home team.
    const sums = await queryRows<{ game_pk: number; added: number; home_won: boolean }>(
      t.database.db,
      sql`select w.game_pk, round(sum(w.home_win_probability_added)::numeric, 1)::float8 as added, g.home_score > g.away_score as home_won
          from mlb.play_win_probability w join mlb.games g using (game_pk) group by w.game_pk, g.home_score, g.away_score`,
    );
    for (const s of sums) expect(s.added).toBeCloseTo(s.home_won ? 50 : -50, 0);
    // What one side's batters gain its pitchers' opponents lose: the whole warehouse adds to zero.
    expect(await scalar(t.database.db, 'select round(sum(wpa), 6) from analytics.player_wpa')).toBe(0);
    expect(
      await scalar(t.database.db, 'select count(*) from analytics.player_wpa where batting_plays > 0'),
    ).toBeGreaterThan(100);

    const check = await checkJob.run(runDeps(t.database, h), {});
    const results = (check.result as { checks: CheckResult[] }).checks;
    expect(results.find((c) => c.name === 'win_probability_vs_plays')).toMatchObject({ passed: true });
    expect(results.filter((c) => !c.passed)).toEqual([]);
  });

  it('a re-run changes nothing, and a rebuild gives the same rows without a request', {
    timeout: 240_000,
  }, async () => {
    const digest = async () => ({
      raw: await tableDigest(t.database.db, 'raw.win_probability'),
      rows: await tableDigest(t.database.db, 'mlb.play_win_probability'),
    });
    const before = await digest();
    const again = await backfillJob.run(withWin(), { range });
    expect(again.status, String(again.error)).toBe('succeeded');
    expect(again.counts.gamesLoaded).toBe(0);
    expect(await digest()).toEqual(before);

    await t.database.db.execute(sql`delete from mlb.play_win_probability`);
    const offline = { ...h, url: 'http://127.0.0.1:9/api' };
    const rebuild = await rebuildJob.run(runDeps(t.database, offline, { gameExtras: ['winProbability'] }), {});
    expect(rebuild.status, String(rebuild.error)).toBe('succeeded');
    expect(await digest()).toEqual(before);
  });

  it('a check names a game whose win probability lost a play', { timeout: 120_000 }, async () => {
    const [row] = await queryRows<{ game_pk: number }>(
      t.database.db,
      sql`select min(game_pk)::int as game_pk from mlb.play_win_probability`,
    );
    await t.database.db.execute(
      sql`delete from mlb.play_win_probability where game_pk = ${row!.game_pk} and at_bat_index = 3`,
    );
    const check = await checkJob.run(runDeps(t.database, h), {});
    const result = (check.result as { checks: CheckResult[] }).checks.find(
      (c) => c.name === 'win_probability_vs_plays',
    );
    expect(result).toMatchObject({ passed: false, violations: 1 });
    expect(result!.examples[0]).toMatchObject({ game_pk: row!.game_pk });
  });
});
