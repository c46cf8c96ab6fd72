import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { snapshotJob } from '../../../jobs/snapshot.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { claimWork, enqueueWork, failWork } from '../../../src/db/queries/work-items.js';
import { ApiMessageError } from '../../../src/errors.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { startRewritingProxy } from '../../helpers/rewriting-proxy.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: test code rewrites untyped JSON bodies
type J = any;

/** What `JSON.parse` makes of `99999999999999999999999999`: an integer no column holds. */
const HUGE = JSON.parse('99999999999999999999999999') as number;

/**
 * One bad record costs only itself (issue 36, finding 4): a NUL in a name, a number no column can
 * hold, in a people batch, a boxscore, a /v1/teams body and a configuration list, served through a
 * rewriting proxy. Each used to fail its whole batch, body or list (22P05, 22003), or was stored as
 * a silent null; now each costs its value, with a reject saying so, and everything else loads.
 */
describe('one bad record costs only itself', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let proxy: { url: string; close(): Promise<void> };
  let finals: number[];
  const nulNamed = new Set<number>();
  const hugeWeight = new Set<number>();
  const hugeAtBats: { gamePk?: number; personId?: number } = {};
  let nulTeam: number | undefined;
  let nulVenue: number | undefined;
  const rosterSizes = new Map<string, number>();
  let date: string;
  let run: Awaited<ReturnType<typeof backfillJob.run>>;

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11 });
    date = firstRegularDate(h.sim);
    finals = h.sim
      .listGames()
      .filter((g) => g.officialDate === date && g.codedGameState === 'F')
      .map((g) => g.gamePk);
    const gamePk = finals[0]!;
    proxy = await startRewritingProxy(h.url, (path, body: J) => {
      if (path.startsWith('/v1/people?')) {
        const [first, second] = body.people;
        first.fullName = `${first.fullName}\u0000`;
        first.lastName = `\u0000${first.lastName}`;
        second.weight = HUGE;
        nulNamed.add(first.id);
        hugeWeight.add(second.id);
      }
      if (path === `/v1/game/${gamePk}/boxscore`) {
        const away = body.teams.away;
        const id = (away.batters as number[]).find((b) => away.players[`ID${b}`]?.stats?.batting?.atBats !== undefined);
        away.players[`ID${id}`].stats.batting.atBats = HUGE;
        Object.assign(hugeAtBats, { gamePk, personId: id });
      }
      if (path.startsWith('/v1/teams?')) {
        body.teams[0].name = `${body.teams[0].name}\u0000`;
        nulTeam = body.teams[0].id;
      }
      if (path.startsWith('/v1/schedule')) {
        const game = body.dates[0].games[0];
        game.venue.name = `${game.venue.name}\u0000`;
        nulVenue = game.venue.id;
      }
      if (/^\/v1\/teams\/\d+\/roster/.test(path)) rosterSizes.set(path, body.roster.length);
      if (/^\/v1\/teams\/\d+\/roster/.test(path) && body.roster.length > 1) {
        body.roster[0].person.fullName = `\u0000${body.roster[0].person.fullName}`;
        body.roster[1].parentTeamId = HUGE;
      }
      if (path.startsWith('/v1/positions')) {
        body[0].description = `Pitch\u0000er`;
        body[0].extra = { note: 'a\u0000b' };
      }
      return body;
    });
    // The bad values are put in the /boxscore and /playByPlay bodies: those are what this load fetches.
    run = await backfillJob.run(runDeps(t.database, { ...h, url: proxy.url }, { gameSource: 'boxscore' }), {
      range: { startDate: date, endDate: date },
    });
  }, 240_000);
  afterAll(async () => {
    await proxy?.close();
    await h?.close();
    await t?.drop();
  });

  const reasons = async (target: string) =>
    (
      await queryRows<{ reason: string }>(
        t.database.db,
        sql`select reason from ingest.rejects where target = ${target} order by reason`,
      )
    ).map((r) => r.reason);

  it('the backfill succeeds: nothing failed, not even for a while', () => {
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.counts.failed).toBe(0);
  });

  it('a NUL in one person of a people batch: every person loads, the work completes, nothing is dead', async () => {
    expect(nulNamed.size).toBeGreaterThan(0);
    expect(
      await scalar(t.database.db, "select count(*) from ingest.work_items where kind = 'person' and status <> 'done'"),
    ).toBe(0);
    expect(await scalar(t.database.db, "select count(*) from ingest.work_items where kind = 'person'")).toBeGreaterThan(
      100,
    );
    const check = await checkJob.run(runDeps(t.database, h), {});
    const people = (check.result as { checks: CheckResult[] }).checks.find((c) => c.name === 'people_present');
    expect(people?.passed).toBe(true);
  });

  it('that person is stored with the NUL dropped from the name, each value with a reject saying so', async () => {
    const [id] = [...nulNamed];
    const [person] = await queryRows<{ full_name: string; last_name: string }>(
      t.database.db,
      sql`select full_name, last_name from mlb.people where person_id = ${id}`,
    );
    expect(person?.full_name).not.toContain('\u0000');
    expect(person?.full_name.length).toBeGreaterThan(3);
    const why = (await reasons('people')).join('\n');
    expect(why).toMatch(/full_name ".*\\u0000" is contains NUL characters \(dropped\); stored as cleaned text/);
    expect(why).toMatch(/last_name "\\u0000.*" is contains NUL characters \(dropped\)/);
  });

  it('the raw body of that person is stored as received, the NUL escape kept', async () => {
    const ids = [...nulNamed];
    expect(
      await scalar(
        t.database.db,
        `select count(*) from raw.people where person_id in (${ids.join(',')}) and strpos(body::text, '\\u0000') > 0`,
      ),
    ).toBe(ids.length);
  });

  it('a weight of 99999999999999999999999999 is stored as null with a reject, not silently', async () => {
    const [id] = [...hugeWeight];
    expect(
      await scalar(t.database.db, `select count(*) from mlb.people where person_id = ${id} and weight is null`),
    ).toBe(1);
    expect((await reasons('people')).join('\n')).toMatch(/weight 1e\+26 is out of range for integer; stored as null/);
  });

  it('atBats 99999999999999999999999999: the line loads with at_bats null and a reject; the game is not dead', async () => {
    const [line] = await queryRows<{ at_bats: number | null; hits: number | null }>(
      t.database.db,
      sql`select at_bats, hits from mlb.batting_lines where game_pk = ${hugeAtBats.gamePk} and person_id = ${hugeAtBats.personId}`,
    );
    expect(line).toMatchObject({ at_bats: null, hits: expect.any(Number) });
    expect((await reasons('batting_lines')).join('\n')).toMatch(
      /at_bats 1e\+26 is out of range for integer; stored as null/,
    );
    expect(
      await scalar(t.database.db, "select count(*) from ingest.work_items where kind = 'game' and status <> 'done'"),
    ).toBe(0);
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length);
  });

  it('a NUL in a team name of /v1/teams costs that name its NUL, not the whole body', async () => {
    expect(nulTeam).toBeDefined();
    const [team] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from mlb.teams where team_id = ${nulTeam}`,
    );
    expect(team?.name).not.toContain('\u0000');
    expect(await scalar(t.database.db, 'select count(*) from mlb.teams')).toBeGreaterThan(20);
    expect((await reasons('teams')).join('\n')).toMatch(/name ".*\\u0000" is contains NUL characters \(dropped\)/);
  });

  it('a NUL in a configuration list entry (its description, its attributes) costs the NUL, not the list', async () => {
    const [code] = await queryRows<{ description: string; note: string }>(
      t.database.db,
      sql`select description, attributes->'extra'->>'note' as note from mlb.reference_codes
          where list = 'positions' and description like 'Pitch%er'`,
    );
    expect(code).toEqual({ description: 'Pitcher', note: 'ab' });
    const why = (await reasons('reference_codes')).join('\n');
    expect(why).toMatch(/description "Pitch\\u0000er" is contains NUL characters/);
    expect(why).toMatch(/attributes .* is contains NUL characters/);
  });

  it("a NUL in a venue's name on a schedule page costs that name its NUL, not the page's games", async () => {
    expect(nulVenue).toBeDefined();
    const [venue] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from mlb.venues where venue_id = ${nulVenue}`,
    );
    expect(venue?.name).not.toContain('\u0000');
    expect((await reasons('venues')).join('\n')).toMatch(/name ".*\\u0000" is contains NUL characters \(dropped\)/);
  });

  it('a roster snapshot with a NUL in a name and a parentTeamId no column holds loads every entry, each bad value rejected', {
    timeout: 120_000,
  }, async () => {
    const snapshot = await snapshotJob.run(
      runDeps(t.database, { ...h, url: proxy.url }),
      snapshotJob.args.parse({ name: 'roster', date }),
    );
    expect(snapshot.status, String(snapshot.error)).toBe('succeeded');
    expect(snapshot.counts.failed).toBe(0);
    expect(snapshot.result).toMatchObject({ changed: 60 });
    const served = [...rosterSizes.values()].reduce((a, b) => a + b, 0);
    expect(served).toBeGreaterThan(1000);
    expect(await scalar(t.database.db, `select count(*) from mlb.roster_entries where roster_date = '${date}'`)).toBe(
      served,
    );
    const why = (await reasons('roster_entries')).join('\n');
    expect(why).toMatch(/full_name "\\u0000.*" is contains NUL characters \(dropped\)/);
    expect(why).toMatch(/parent_team_id 1e\+26 is out of range for integer; stored as null/);
  });

  it('a rebuild from the stored bodies gives the same cleaned rows, counting the rejects again without storing them', {
    timeout: 120_000,
  }, async () => {
    const stored = await scalar(t.database.db, 'select count(*) from ingest.rejects where game_pk is null');
    const rebuild = await rebuildJob.run(runDeps(t.database, h), {});
    expect(rebuild.status, String(rebuild.error)).toBe('succeeded');
    expect(rebuild.counts.rejected).toBeGreaterThan(0);
    expect(await scalar(t.database.db, 'select count(*) from ingest.rejects where game_pk is null')).toBe(stored);
    const [id] = [...nulNamed];
    const [person] = await queryRows<{ full_name: string }>(
      t.database.db,
      sql`select full_name from mlb.people where person_id = ${id}`,
    );
    expect(person?.full_name).not.toContain('\u0000');
    expect(await scalar(t.database.db, "select count(*) from mlb.reference_codes where description = 'Pitcher'")).toBe(
      1,
    );
  });
});

describe('an error message with a NUL in it', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it("is recorded as the work item's last error without the NUL, which no text column holds", async () => {
    await enqueueWork(t.database.db, [{ kind: 'game', key: '1', reason: 'backfill' }], null);
    const [item] = await claimWork(t.database.db, 'game', 1, 'test-owner');
    // The API's own error object, its message as the server wrote it (`"message": "bad\u0000thing"`).
    const err = new ApiMessageError('http://127.0.0.1:1/api/v1/game/1/boxscore', 10, 'bad\u0000thing');
    expect(await failWork(t.database.db, item!, err, 5, 1)).toBe('pending');
    const [row] = await queryRows<{ last_error: string }>(
      t.database.db,
      sql`select last_error from ingest.work_items where key = '1'`,
    );
    expect(row?.last_error).toMatch(/API error 10 from .*: badthing/);
  });
});
