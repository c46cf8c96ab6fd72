import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { runDeps, firstRegularDate, type SimHarness, startSim } from '../../helpers/run.js';
import { startRewritingProxy } from '../../helpers/rewriting-proxy.js';

// biome-ignore lint/suspicious/noExplicitAny: test code rewrites untyped JSON bodies
type J = any;

/**
 * Hostile values in the bodies of one simulated day, served through a rewriting proxy: each used
 * to dead-letter its game (or a whole 7-day schedule chunk) or was stored silently. Now each bad
 * record is rejected alone, with its reason, and everything else loads.
 */
describe('one bad value never loses a game or a week (finding 4)', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let proxy: { url: string; close(): Promise<void> };
  let date: string;
  let finals: number[];
  const [G1, G2, G3, G4] = [0, 1, 2, 3];
  const target: Record<string, number> = {};
  const players: Record<string, number> = {};
  let g2Plays = 0;

  const batters = (box: J) =>
    (box.teams.away.batters as number[]).filter(
      (id) => box.teams.away.players[`ID${id}`]?.stats?.batting?.atBats !== undefined,
    );

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 11 });
    date = firstRegularDate(h.sim);
    finals = h.sim
      .listGames()
      .filter((g) => g.officialDate === date && g.codedGameState === 'F')
      .map((g) => g.gamePk);
    Object.assign(target, { g1: finals[G1]!, g2: finals[G2]!, g3: finals[G3]!, g4: finals[G4]! });
    const first = finals[0]!;
    proxy = await startRewritingProxy(h.url, (path, body: J) => {
      if (path.startsWith('/v1/schedule')) {
        for (const d of body.dates ?? []) {
          const model = d.games.find((g: J) => g.gamePk === first);
          if (!model) continue;
          d.games.push({ ...model, gamePk: null }, { ...model, gamePk: 99_999_999_999 });
        }
      }
      if (path === `/v1/game/${target.g1}/boxscore`) {
        const [a, b, c] = batters(body);
        body.teams.away.players[`ID${a}`].stats.batting.hits = 3_000_000_000;
        body.teams.away.players[`ID${b}`].stats.batting.atBats = -5;
        body.teams.away.players[`ID${c}`].stats.batting.hits = 1.5;
        Object.assign(players, { hits: a!, atBats: b!, fraction: c! });
      }
      if (path === `/v1/game/${target.g2}/playByPlay`) {
        body.allPlays[5].about.atBatIndex = 3_000_000_000;
        g2Plays = body.allPlays.length;
      }
      if (path === `/v1/game/${target.g3}/boxscore`) body.officials[0].official.fullName = 'Ump\u0000ire Name';
      if (path === `/v1/game/${target.g3}/playByPlay`)
        body.allPlays[0].result.description = 'a NUL \u0000 in a description';
      if (path === `/v1/game/${target.g4}/boxscore`) {
        const [a, b] = batters(body);
        body.teams.away.players[`ID${b}`].person.id = a; // two players under one person id
        Object.assign(players, { duplicated: a! });
      }
      return body;
    });
    // The bad values are put in the /boxscore and /playByPlay bodies: those are what this load fetches.
    const run = await backfillJob.run(runDeps(t.database, { ...h, url: proxy.url }, { gameSource: 'boxscore' }), {
      range: { startDate: date, endDate: date },
    });
    expect(run.status, String(run.error)).toBe('succeeded');
  }, 240_000);
  afterAll(async () => {
    await proxy?.close();
    await h?.close();
    await t?.drop();
  });

  const reasons = async (gamePk: number | null, target: string) =>
    (
      await queryRows<{ reason: string }>(
        t.database.db,
        gamePk === null
          ? sql`select reason from ingest.rejects where game_pk is null and target = ${target} order by reason`
          : sql`select reason from ingest.rejects where game_pk = ${gamePk} and target = ${target} order by reason`,
      )
    ).map((r) => r.reason);

  it('loads every final game of the day, the hostile ones included, with nothing dead', async () => {
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length);
    expect(
      await scalar(t.database.db, "select count(*) from ingest.work_items where kind = 'game' and status <> 'done'"),
    ).toBe(0);
  });

  it('a bad schedule entry (gamePk null, 99999999999) is rejected alone, not its 7 days', async () => {
    const schedule = await reasons(null, 'games');
    expect(schedule).toEqual(
      expect.arrayContaining([
        expect.stringContaining('without an integer gamePk'),
        expect.stringMatching(/game_pk 99999999999 is out of range/),
      ]),
    );
    expect(await scalar(t.database.db, 'select count(*) from mlb.games where game_pk > 2000000000')).toBe(0);
  });

  it('an out-of-range count, a negative count and a fraction are stored as null, each with a reject', async () => {
    const lines = await queryRows<{ person_id: number; hits: number | null; at_bats: number | null }>(
      t.database.db,
      sql`select person_id, hits, at_bats from mlb.batting_lines where game_pk = ${target.g1} and person_id in (${players.hits}, ${players.atBats}, ${players.fraction}) order by person_id`,
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.person_id === players.hits)?.hits).toBeNull();
    expect(lines.find((l) => l.person_id === players.atBats)?.at_bats).toBeNull();
    expect(lines.find((l) => l.person_id === players.fraction)?.hits).toBeNull();
    const why = [...(await reasons(target.g1!, 'batting_lines'))].join('\n');
    expect(why).toMatch(/hits 3000000000 is out of range for integer; stored as null/);
    expect(why).toMatch(/at_bats -5 is negative where only counts or ids are possible; stored as null/);
    expect(why).toMatch(/hits 1.5 is not a whole number; stored as null/);
  });

  it('a play with an out-of-range atBatIndex is rejected with its pitches; the rest of the game loads', async () => {
    expect(await scalar(t.database.db, `select count(*) from mlb.plays where game_pk = ${target.g2}`)).toBe(
      g2Plays - 1,
    );
    expect((await reasons(target.g2!, 'plays')).join('\n')).toMatch(
      /row rejected: at_bat_index 3000000000 is out of range for integer/,
    );
    expect((await reasons(target.g2!, 'pitches')).length).toBeGreaterThan(0);
    expect(
      await scalar(t.database.db, `select count(*) from mlb.pitches where game_pk = ${target.g2}`),
    ).toBeGreaterThan(100);
  });

  it('NUL characters are dropped from stored text with a reject; the raw body keeps them as received', async () => {
    const [ump] = await queryRows<{ full_name: string }>(
      t.database.db,
      sql`select full_name from mlb.game_officials where game_pk = ${target.g3} and full_name like 'Ump%'`,
    );
    expect(ump?.full_name).toBe('Umpire Name');
    expect((await reasons(target.g3!, 'game_officials')).join('\n')).toMatch(/contains NUL characters \(dropped\)/);
    expect((await reasons(target.g3!, 'plays')).join('\n')).toMatch(/description .* contains NUL characters/);
    expect(
      await scalar(
        t.database.db,
        `select count(*) from raw.boxscores where game_pk = ${target.g3} and strpos(body::text, '\\u0000') > 0`,
      ),
    ).toBe(1);
  });

  it('two players under one person id: the first line is kept, the second rejected, not merged', async () => {
    expect(
      await scalar(
        t.database.db,
        `select count(*) from mlb.batting_lines where game_pk = ${target.g4} and person_id = ${players.duplicated}`,
      ),
    ).toBe(1);
    expect((await reasons(target.g4!, 'batting_lines')).join('\n')).toMatch(
      /row rejected: key \(game_pk=\d+,team_id=\d+,person_id=\d+\) repeats an earlier row; the first is kept/,
    );
  });
});
