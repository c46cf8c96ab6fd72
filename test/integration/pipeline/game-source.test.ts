import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJob } from '../../../jobs/drain.js';
import type { Config } from '../../../src/config.js';
import { loadConfig } from '../../../src/config.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { upsertGames } from '../../../src/db/queries/games.js';
import { enqueueWork } from '../../../src/db/queries/work-items.js';
import { scheduleGameRows } from '../../../src/pipeline/poll/schedule.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { mlbTables, tableRows } from '../../helpers/mlb-tables.js';
import { runDeps, type SimHarness } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: recorded bodies are untyped JSON
type J = any;

/**
 * The two game sources against every recorded game: each game's v1.1 feed/live (DUGOUT_GAME_SOURCE=feed,
 * the default) and its standalone /boxscore + /playByPlay (`boxscore`) are loaded into two
 * warehouses, whose `mlb` tables must hold the same rows.
 *
 * The standalone bodies are the recorded ones where the game has them (747175: both; 744914: its
 * boxscore). For the other games they are made from the feed as the real API relates them, which
 * those two games show: /playByPlay is byte for byte `liveData.plays`; /boxscore is
 * `liveData.boxscore` with each side's `team` filled in (`gameData.teams`, its season-to-date
 * `record` included), each player's `person.boxscoreName`, and the season-to-date fields as they stand
 * when it is fetched rather than at the game. Every standalone /boxscore is served as a fetch some
 * days after the game would answer: each player's `seasonStats` and each team's `record` moved on.
 * So the rows are equal only if no `mlb` row is taken from a season-to-date field of the one body
 * that changes after the game.
 *
 * One column differs, and only that: `mlb.abs_challenges.remaining` (the challenges a side had left)
 * is in the feed's `gameData.absChallenges` only; from boxscore and play-by-play it is null.
 *
 * The preview's feed names its probable pitchers, which the boxscore source never sees; they are not
 * a difference: a load records no announcement. `mlb.pregame_probables` holds what was seen before
 * the first pitch and when (the pregame poll, and the live loop while a game is not started), so it
 * is empty on both sides here (test/integration/pipeline/live-recorded.test.ts covers the live loop).
 */
describeRecorded('the feed and the boxscore sources on every recorded game', () => {
  // One feed per game (a timecode variant of a game is the same game).
  const names = fixtureNames('liveGameV1').filter((n) => !n.includes('_timecode-'));
  const feeds = new Map<number, J>(names.map((n) => [fixture<J>(n).gamePk, fixture<J>(n)]));
  const recordedBox = new Map<number, J>([
    [747175, fixture<J>('boxscore/747175_2024R_TOR-at-AZ.json')],
    [744914, fixture<J>('boxscore/744914_2024R_HOU-at-TOR.json')],
  ]);
  const recordedPlays = new Map<number, J>([[747175, fixture<J>('playByPlay/747175_2024R_TOR-at-AZ.json')]]);
  let viaFeed: TestDatabase;
  let viaBoxscore: TestDatabase;
  let server: Awaited<ReturnType<typeof serveGames>>;

  beforeAll(async () => {
    [viaFeed, viaBoxscore] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    server = await serveGames(feeds, recordedBox, recordedPlays);
    await loadGames(viaFeed, server.url, feeds, { gameSource: 'feed' });
    await loadGames(viaBoxscore, server.url, feeds, { gameSource: 'boxscore' });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await viaFeed?.drop();
    await viaBoxscore?.drop();
  });

  it('fetched each game once as a feed, and twice as boxscore and play-by-play', () => {
    const count = (part: string) => server.log.filter((p) => p.endsWith(part)).length;
    expect(count('/feed/live')).toBe(feeds.size);
    expect(count('/boxscore')).toBe(feeds.size);
    expect(count('/playByPlay')).toBe(feeds.size);
  });

  it('the recorded standalone bodies are what the derived ones say (the relation the others are made by)', () => {
    for (const [pk, box] of recordedBox) {
      const { copyright: _, ...recorded } = box;
      expect(withoutSeasonToDate(standaloneBoxscore(feeds.get(pk))), String(pk)).toEqual(withoutSeasonToDate(recorded));
    }
    for (const [pk, plays] of recordedPlays) expect(feeds.get(pk).liveData.plays).toEqual(plays);
  });

  it('every mlb table holds the same rows, ABS challenges left aside', async () => {
    const tables = await mlbTables(viaFeed.database.db);
    expect(tables).toContain('mlb.plays');
    let rows = 0;
    for (const table of tables) {
      const omit = table === 'mlb.abs_challenges' ? ['remaining'] : [];
      const a = await tableRows(viaFeed.database.db, table, omit);
      const b = await tableRows(viaBoxscore.database.db, table, omit);
      expect(b, table).toEqual(a);
      rows += a.length;
    }
    // The games' own tables are filled (plays, pitches, lines…), not two empty warehouses.
    expect(rows).toBeGreaterThan(10_000);
  });

  it('ABS challenges differ only by what the feed alone says: the challenges left', async () => {
    const remaining = (t: TestDatabase) =>
      queryRows<{ game_pk: number; side: string; remaining: number | null }>(
        t.database.db,
        sql`select game_pk, side, remaining from mlb.abs_challenges order by game_pk, side`,
      );
    const fromFeed = await remaining(viaFeed);
    expect(fromFeed.length).toBe(4);
    expect(fromFeed.every((r) => r.remaining !== null)).toBe(true);
    expect(await remaining(viaBoxscore)).toEqual(fromFeed.map((r) => ({ ...r, remaining: null })));
  });

  it('the feed source stores the boxscore as it was at the game: its season-to-date fields never move', async () => {
    const stored = await queryRows<{ game_pk: string; box: J }>(
      viaFeed.database.db,
      sql`select game_pk, body::jsonb as box from raw.boxscores order by game_pk`,
    );
    expect(stored.length).toBe(feeds.size);
    for (const s of stored) expect(s.box, s.game_pk).toEqual(feeds.get(Number(s.game_pk)).liveData.boxscore);
  });
});

describe('the game source by default', () => {
  it('is the feed: one request a game', () => {
    expect(loadConfig({}).gameSource).toBe('feed');
    expect(loadConfig({ DUGOUT_GAME_SOURCE: 'boxscore' }).gameSource).toBe('boxscore');
  });
});

/** A /boxscore body made from a feed as the API makes it (see above), season-to-date fields as at the game. */
function standaloneBoxscore(feed: J): J {
  const box = structuredClone(feed.liveData.boxscore);
  for (const side of ['away', 'home']) {
    const team = box.teams?.[side];
    if (!team) continue;
    team.team = structuredClone(feed.gameData.teams[side]);
    for (const [key, player] of Object.entries<J>(team.players ?? {})) {
      const name = feed.gameData.players?.[key]?.boxscoreName;
      if (name !== undefined && player.person) player.person.boxscoreName = name;
    }
  }
  return box;
}

/**
 * A standalone /boxscore as a fetch some days after the game answers: every count of each player's
 * `seasonStats` and each team's `record` moved on (games played since).
 */
function fetchedLater(box: J): J {
  const later = structuredClone(box);
  const bump = (o: J) => {
    for (const [k, v] of Object.entries(o ?? {})) {
      if (typeof v === 'number' && Number.isInteger(v)) o[k] = v + 3;
      else if (typeof v === 'string' && /^\.\d{3}$/.test(v)) o[k] = '.321';
      else if (v && typeof v === 'object') bump(v);
    }
  };
  for (const side of ['away', 'home']) {
    const team = later.teams?.[side];
    if (!team) continue;
    bump(team.team?.record);
    for (const player of Object.values<J>(team.players ?? {})) bump(player.seasonStats);
  }
  return later;
}

/** A boxscore without the season-to-date fields (and with its players' season lines left out). */
function withoutSeasonToDate(box: J): J {
  const out = structuredClone(box);
  for (const side of ['away', 'home']) {
    const team = out.teams?.[side];
    if (!team) continue;
    if (team.team) delete team.team.record;
    for (const player of Object.values<J>(team.players ?? {})) delete player.seasonStats;
  }
  return out;
}

/**
 * A Stats API serving the recorded games: `/v1.1/game/{pk}/feed/live` the feed, `/v1/game/{pk}/boxscore`
 * the recorded boxscore or one made from the feed, fetched later; `/playByPlay` the recorded one or
 * the feed's plays.
 */
async function serveGames(feeds: Map<number, J>, boxscores: Map<number, J>, plays: Map<number, J>) {
  const log: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    log.push(path);
    const m = /^\/api\/v1(?:\.1)?\/game\/(\d+)\/(feed\/live|boxscore|playByPlay)$/.exec(path);
    const pk = Number(m?.[1]);
    const feed = feeds.get(pk);
    if (!m || !feed) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messageNumber: 10, message: 'Object not found' }));
      return;
    }
    const body =
      m[2] === 'feed/live'
        ? feed
        : m[2] === 'boxscore'
          ? fetchedLater(boxscores.get(pk) ?? standaloneBoxscore(feed))
          : (plays.get(pk) ?? feed.liveData.plays);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { url, log, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** mlb.games rows for the recorded games, from their gameData as a schedule lists them. */
function gameRowsOf(feeds: J[]) {
  const games = feeds.map((f) => ({
    gamePk: f.gamePk,
    gameType: f.gameData.game.type,
    season: f.gameData.game.season,
    gameDate: f.gameData.datetime.dateTime,
    officialDate: f.gameData.datetime.officialDate ?? f.gameData.datetime.originalDate,
    status: f.gameData.status,
    teams: { away: { team: f.gameData.teams.away }, home: { team: f.gameData.teams.home } },
  }));
  return scheduleGameRows({ dates: [{ date: '2026-01-01', games }] }, { sportId: 1 }).rows;
}

/** Load the games through the worklist (a drain) from the server, with the given source. */
async function loadGames(t: TestDatabase, url: string, feeds: Map<number, J>, overrides: Partial<Config>) {
  await t.database.db.transaction((tx) => upsertGames(tx, gameRowsOf([...feeds.values()]), 1));
  const harness = { url, sim: { now: () => new Date('2026-11-01T00:00:00Z') } } as unknown as SimHarness;
  await t.database.db.transaction((tx) =>
    enqueueWork(
      tx,
      [...feeds.keys()].map((pk) => ({ kind: 'game' as const, key: String(pk), reason: 'backfill' as const })),
      null,
    ),
  );
  // The people the games name are not served here: only the games' own work must be done.
  await drainJob.run(runDeps(t.database, harness, overrides), {});
  const open = await queryRows<{ key: string; last_error: string | null }>(
    t.database.db,
    sql`select key, last_error from ingest.work_items where kind = 'game' and status <> 'done'`,
  );
  expect(open).toEqual([]);
}
