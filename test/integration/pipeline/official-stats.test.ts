import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { extractOfficialStats, statsPaging } from '../../../src/extract/official-stats.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { runCli } from '../../helpers/cli.js';
import { cliEnv, createTestDatabase, type TestDatabase, withDatabaseClosed } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

const request = (group: string) => ({ season: 2024, sportId: 1, gameType: 'R', group, asOfDate: '2024-10-01' });

describeRecorded('official stats extraction over every recorded /v1/stats body', () => {
  it.each(fixtureBodies('stats').map((f) => [f.file, f.body] as const))('%s', (_name, body: J) => {
    const block = body.stats[0];
    const group = block.group.displayName as string;
    const { rows, rejects } = extractOfficialStats(body, request(group));
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(block.splits.length);
    expect(statsPaging(body, group)).toEqual({ totalSplits: block.totalSplits, splits: block.splits.length });
    for (const [i, r] of rows.entries()) {
      const split = block.splits[i];
      expect(r).toMatchObject({
        season: 2024,
        sport_id: 1,
        stat_group: group,
        person_id: split.player.id,
        team_id: split.team.id,
      });
      expect(r.hits).toBe(split.stat.hits);
      expect(r.home_runs).toBe(split.stat.homeRuns);
      expect(r.strike_outs).toBe(split.stat.strikeOuts);
      expect(r.num_teams).toBe(split.numTeams ?? null);
      if (group === 'pitching') {
        expect(r.outs).toBe(split.stat.outs);
        expect(r.earned_runs).toBe(split.stat.earnedRuns);
        expect(r.rbi).toBeNull();
      } else {
        expect(r.plate_appearances).toBe(split.stat.plateAppearances);
        expect(r.outs).toBeNull();
      }
      expect(r.stat).toEqual(split.stat);
    }
  });
});

describe('official stats extraction of awkward splits', () => {
  it('rejects a split without a player or club and a player listed twice for a club, keeping the rest; ignores other groups', () => {
    const split = (id: number | undefined, team: number | undefined, hits: number) => ({
      player: id ? { id, fullName: `P${id}` } : undefined,
      team: team ? { id: team } : undefined,
      stat: { hits, plateAppearances: 4 },
    });
    const body = {
      stats: [
        { group: { displayName: 'pitching' }, splits: [split(9, 1, 1)] },
        {
          group: { displayName: 'hitting' },
          totalSplits: 5,
          splits: [split(1, 10, 2), split(undefined, 10, 1), split(1, 10, 3), split(2, undefined, 1), split(1, 11, 1)],
        },
      ],
    };
    const { rows, rejects } = extractOfficialStats(body, request('hitting'));
    expect(rows.map((r) => [r.person_id, r.team_id, r.hits])).toEqual([
      [1, 10, 2],
      [1, 11, 1],
    ]);
    expect(rejects.map((r) => r.path)).toEqual(['stats[1].splits[1]', 'stats[1].splits[2]', 'stats[1].splits[3]']);
  });

  it('keeps one fielding split per player, club and position; a position listed twice is rejected', () => {
    const split = (id: number, team: number, pos: string | undefined, putOuts: number) => ({
      player: { id, fullName: `P${id}` },
      team: { id: team },
      ...(pos ? { position: { code: '0', abbreviation: pos } } : {}),
      stat: { gamesPlayed: 3, gamesStarted: 2, putOuts, assists: 1, errors: 0, chances: putOuts + 1, stolenBases: 2 },
    });
    const body = {
      stats: [
        {
          group: { displayName: 'fielding' },
          splits: [split(1, 10, 'SS', 4), split(1, 10, '2B', 2), split(1, 10, 'SS', 9), split(2, 10, undefined, 1)],
        },
      ],
    };
    const { rows, rejects } = extractOfficialStats(body, request('fielding'));
    expect(
      rows.map((r) => [r.person_id, r.position, r.put_outs, r.assists, r.errors, r.chances, r.games_started]),
    ).toEqual([
      [1, 'SS', 4, 1, 0, 5, 2],
      [1, '2B', 2, 1, 0, 3, 2],
      [2, '', 1, 1, 0, 2, 2],
    ]);
    // A fielding line's counters are not batting ones (a catcher's stolen bases allowed are not his steals).
    expect(rows.every((r) => r.stolen_bases === null && r.hits === null && r.plate_appearances === null)).toBe(true);
    expect(rejects.map((r) => r.path)).toEqual(['stats[0].splits[2]']);
    expect(rejects[0]!.reason).toMatch(/at SS listed twice/);
  });
});

describe('dugout snapshot stats and the official reconciliation against the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let first: string;
  let last: string;
  beforeAll(async () => {
    t = await createTestDatabase({ onDisk: true }); // the commands below open it from another process
    h = await startSim({ seed: 5 });
    first = firstRegularDate(h.sim);
    last = addDays(first, 2);
    h.sim.setNow(new Date(`${addDays(last, 1)}T12:00:00Z`)); // every game through `last` is final, none after has begun
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: first, endDate: last } });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const snapshot = () =>
    snapshotJob.run(
      runDeps(t.database, h),
      snapshotJob.args.parse({ name: 'stats', date: addDays(last, 1), pageSize: 100 }),
    );
  const officialChecks = async () => {
    const run = await checkJob.run(runDeps(t.database, h), {});
    const checks = (run.result as { checks: CheckResult[] }).checks;
    return Object.fromEntries(checks.filter((c) => c.name.startsWith('official_')).map((c) => [c.name, c]));
  };

  it("pages through every split, stores them, and our season lines equal the league's", {
    timeout: 120_000,
  }, async () => {
    const run = await snapshot();
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ requests: 4, changed: 4, unchanged: 0 });
    const pages = await scalar(t.database.db, "select count(*) from raw.snapshots where operation = 'stats.stats'");
    expect(pages).toBeGreaterThan(4); // several pages of 100 per group
    const [counts] = await queryRows<{
      hitters: number;
      pitchers: number;
      ours_hitters: number;
      ours_pitchers: number;
    }>(
      t.database.db,
      sql`select (select count(*)::int from mlb.official_stats where stat_group = 'hitting') as hitters,
                 (select count(*)::int from mlb.official_stats where stat_group = 'pitching') as pitchers,
                 (select count(distinct person_id)::int from analytics.season_batting where game_type = 'R' and pa > 0) as ours_hitters,
                 (select count(distinct person_id)::int from analytics.season_pitching where game_type = 'R') as ours_pitchers`,
    );
    // Our batting lines include every player who appeared (pitchers without a plate appearance too).
    expect(counts!.hitters).toBeGreaterThanOrEqual(counts!.ours_hitters);
    expect(counts!.pitchers).toBe(counts!.ours_pitchers);
    expect(counts!.hitters).toBeGreaterThan(300);
    const [fielding] = await queryRows<{ splits: number; players: number; positions: number; ours: number }>(
      t.database.db,
      sql`select count(*)::int as splits, count(distinct person_id)::int as players, count(distinct position)::int as positions,
                 (select count(distinct person_id)::int from mlb.fielding_lines where putouts + assists + errors > 0) as ours
          from mlb.official_stats where stat_group = 'fielding'`,
    );
    // One split per player and position (nine positions); everyone who made a play in the field has one.
    expect(fielding!.positions).toBe(9);
    expect(fielding!.splits).toBeGreaterThan(fielding!.players);
    expect(fielding!.players).toBeGreaterThanOrEqual(fielding!.ours);
    const checks = await officialChecks();
    expect(checks.official_batting).toMatchObject({ passed: true, violations: 0 });
    expect(checks.official_pitching).toMatchObject({ passed: true, violations: 0 });
    expect(checks.official_fielding).toMatchObject({ passed: true, violations: 0, notices: [] });
    // The schedule's count of the season's final games, which the warehouse holds every one of.
    const [season] = await queryRows<{ final_games: number; stored: number }>(
      t.database.db,
      sql`select s.final_games, (select count(*)::int from mlb.games g where g.game_type = 'R' and g.coded_game_state = 'F') as stored
          from mlb.season_games s where s.sport_id = 1 and s.game_type = 'R'`,
    );
    expect(season!.final_games).toBeGreaterThan(10);
    expect(season!.final_games).toBe(season!.stored);

    const again = await snapshot();
    expect(again.result).toMatchObject({ requests: 4, changed: 0, unchanged: 4 });
    expect(await scalar(t.database.db, "select count(*) from raw.snapshots where operation = 'stats.stats'")).toBe(
      pages,
    );
  });

  it('dugout snapshot stats and dugout check as commands: nothing changed, every check passes', {
    timeout: 120_000,
  }, async () => {
    const env = cliEnv(t, h);
    // PGlite admits one process at a time: the test's own handle is closed while the commands run.
    const [snap, check] = await withDatabaseClosed(t, async () => [
      await runCli(['snapshot', 'stats', '--date', addDays(last, 1), '--page-size', '100', '--json'], { env }),
      await runCli(['check'], { env }),
    ]);
    expect(snap.code, snap.stderr).toBe(0);
    expect(JSON.parse(snap.stdout).result).toMatchObject({ snapshot: 'stats', requests: 4, changed: 0, unchanged: 4 });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/official_batting/);
  });

  it('names the player whose batting line was altered by hand, and the field', { timeout: 120_000 }, async () => {
    const [line] = await queryRows<{ game_pk: number; person_id: number; full_name: string }>(
      t.database.db,
      sql`select b.game_pk, b.person_id, p.full_name from mlb.batting_lines b join mlb.people p using (person_id)
          where b.hits > 0 order by b.game_pk, b.person_id limit 1`,
    );
    await t.database.db.execute(
      sql`update mlb.batting_lines set hits = hits + 1 where game_pk = ${line!.game_pk} and person_id = ${line!.person_id}`,
    );
    try {
      const checks = await officialChecks();
      expect(checks.official_batting).toMatchObject({ passed: false, violations: 1 });
      expect(checks.official_batting!.examples[0]).toMatchObject({
        person_id: line!.person_id,
        full_name: line!.full_name,
      });
      expect(String(checks.official_batting!.examples[0]!.differs)).toMatch(/^h \d+ \(official \d+\)$/);
      expect(checks.official_pitching!.passed).toBe(true);

      // A season with a game still to play is not compared: the official totals cannot match yet.
      const [game] = await queryRows<{ game_pk: number }>(
        t.database.db,
        sql`select game_pk from mlb.games where game_type = 'R' order by game_pk limit 1`,
      );
      await t.database.db.execute(sql`update mlb.games set coded_game_state = 'S' where game_pk = ${game!.game_pk}`);
      const inProgress = await officialChecks();
      await t.database.db.execute(sql`update mlb.games set coded_game_state = 'F' where game_pk = ${game!.game_pk}`);
      expect(inProgress.official_batting).toMatchObject({ passed: true, violations: 0 });
    } finally {
      await t.database.db.execute(
        sql`update mlb.batting_lines set hits = hits - 1 where game_pk = ${line!.game_pk} and person_id = ${line!.person_id}`,
      );
    }
    expect((await officialChecks()).official_batting!.passed).toBe(true);
  });

  it('names the fielder whose errors were altered by hand', { timeout: 120_000 }, async () => {
    const [line] = await queryRows<{ game_pk: number; person_id: number; full_name: string }>(
      t.database.db,
      sql`select f.game_pk, f.person_id, p.full_name from mlb.fielding_lines f join mlb.people p using (person_id)
          where f.putouts > 0 order by f.game_pk, f.person_id limit 1`,
    );
    await t.database.db.execute(
      sql`update mlb.fielding_lines set errors = errors + 1 where game_pk = ${line!.game_pk} and person_id = ${line!.person_id}`,
    );
    try {
      const checks = await officialChecks();
      expect(checks.official_fielding).toMatchObject({ passed: false, violations: 1 });
      expect(checks.official_fielding!.examples[0]).toMatchObject({
        person_id: line!.person_id,
        full_name: line!.full_name,
      });
      expect(String(checks.official_fielding!.examples[0]!.differs)).toMatch(/^e \d+ \(official \d+\)$/);
      expect(checks.official_batting!.passed).toBe(true);
    } finally {
      await t.database.db.execute(
        sql`update mlb.fielding_lines set errors = errors - 1 where game_pk = ${line!.game_pk} and person_id = ${line!.person_id}`,
      );
    }
    expect((await officialChecks()).official_fielding!.passed).toBe(true);
  });

  it('a warehouse holding part of the season skips the comparison with a notice of the counts, not a failure', {
    timeout: 180_000,
  }, async () => {
    // The league plays on four more days the warehouse never loads; the snapshot then describes them.
    const later = addDays(last, 4);
    h.sim.setNow(new Date(`${addDays(later, 1)}T12:00:00Z`));
    const run = await snapshotJob.run(
      runDeps(t.database, h),
      snapshotJob.args.parse({ name: 'stats', date: addDays(later, 1), pageSize: 100 }),
    );
    expect(run.status, String(run.error)).toBe('succeeded');
    const checks = await officialChecks();
    for (const name of ['official_batting', 'official_pitching', 'official_fielding']) {
      expect(checks[name], name).toMatchObject({ passed: true, violations: 0 });
      expect(checks[name]!.notices, name).toEqual([
        expect.stringMatching(
          /^season \d{4}: [\d,]+ of [\d,]+ regular-season games stored; official comparison skipped$/,
        ),
      ]);
    }
    const [stored, scheduled] = /: ([\d,]+) of ([\d,]+)/
      .exec(checks.official_batting!.notices[0]!)!
      .slice(1)
      .map((v) => Number(v.replace(/,/g, '')));
    expect(stored).toBeLessThan(scheduled!);

    // As a command: exit 0, and the notice said once.
    const check = await withDatabaseClosed(t, () => runCli(['check'], { env: cliEnv(t, h) }));
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.match(/^note: season \d{4}: .* official comparison skipped$/gm)).toHaveLength(1);
  });
});
