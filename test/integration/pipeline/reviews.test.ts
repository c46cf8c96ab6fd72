import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { checkJob } from '../../../jobs/check.js';
import { drainJob } from '../../../jobs/drain.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import type { Config } from '../../../src/config.js';
import { queryRows, sql } from '../../../src/db/client.js';
import type { CheckResult } from '../../../src/db/queries/checks.js';
import { upsertGames } from '../../../src/db/queries/games.js';
import { readStatus } from '../../../src/db/queries/status.js';
import { enqueueWork } from '../../../src/db/queries/work-items.js';
import { scheduleGameRows } from '../../../src/pipeline/poll/schedule.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar, tableDigest } from '../../helpers/digest.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

// biome-ignore lint/suspicious/noExplicitAny: recorded bodies are untyped JSON
type J = any;

const ABS_GAMES = [
  'liveGameV1/823163_2026R_final_CLE-at-SEA_absChallenges.json',
  'liveGameV1/831869_2026S_final_COL-at-AZ_springtraining_absChallenges.json',
];

interface ReviewDb {
  game_pk: number;
  at_bat_index: number;
  play_event_index: number | null;
  review_index: number;
  review_type: string;
  is_overturned: boolean | null;
  challenge_team_id: number | null;
  player_id: number | null;
  pitch_call_before: string | null;
  pitch_call_after: string | null;
}

/** Every review a feed carries, as the rows it must become: plays' and play events' reviewDetails with their additionalReviews. */
function expectedReviews(feed: J): Array<Omit<ReviewDb, 'pitch_call_before' | 'pitch_call_after'>> {
  const out: Array<Omit<ReviewDb, 'pitch_call_before' | 'pitch_call_after'>> = [];
  const push = (atBat: number, event: number | null, details: J) => {
    const all = [details, ...(details.additionalReviews ?? [])];
    for (const [k, r] of all.entries()) {
      out.push({
        game_pk: feed.gamePk,
        at_bat_index: atBat,
        play_event_index: event,
        review_index: k,
        review_type: r.reviewType,
        is_overturned: r.isOverturned ?? null,
        challenge_team_id: r.challengeTeamId ?? null,
        player_id: r.player?.id ?? null,
      });
    }
  };
  for (const play of feed.liveData.plays.allPlays) {
    const atBat = play.atBatIndex ?? play.about.atBatIndex;
    if (play.reviewDetails) push(atBat, null, play.reviewDetails);
    for (const [j, ev] of (play.playEvents as J[]).entries())
      if (ev.reviewDetails) push(atBat, ev.index ?? j, ev.reviewDetails);
  }
  return out;
}

/** mlb.games rows for recorded feeds, from their gameData as a schedule would list them (the checks reconcile final games). */
function gameRowsOf(feeds: J[]) {
  const games = feeds.map((f) => ({
    gamePk: f.gamePk,
    gameType: f.gameData.game.type,
    season: f.gameData.game.season,
    gameDate: f.gameData.datetime.dateTime,
    officialDate: f.gameData.datetime.officialDate,
    status: f.gameData.status,
    teams: { away: { team: f.gameData.teams.away }, home: { team: f.gameData.teams.home } },
  }));
  const { rows } = scheduleGameRows({ dates: [{ date: '2026-01-01', games }] }, { sportId: 1 });
  return rows;
}

/**
 * A Stats API serving recorded feeds: `/v1.1/game/{pk}/feed/live` the feed (through `rewrite`), and
 * `/v1/game/{pk}/boxscore` and `/playByPlay` its parts, as the boxscore source asks for them.
 */
async function serveFeeds(feeds: Map<number, J>, rewrite: (pk: number, feed: J) => J = (_pk, f) => f) {
  const log: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    log.push(path);
    const m = /^\/api\/v1(?:\.1)?\/game\/(\d+)\/(feed\/live|boxscore|playByPlay)$/.exec(path);
    const feed = m ? feeds.get(Number(m[1])) : undefined;
    if (!m || !feed) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messageNumber: 10, message: 'Object not found' }));
      return;
    }
    const served = rewrite(Number(m[1]), structuredClone(feed));
    const body = m[2] === 'feed/live' ? served : m[2] === 'boxscore' ? served.liveData.boxscore : served.liveData.plays;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { url, log, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Load these games through the worklist (a drain) from a server of recorded feeds. */
async function loadGames(t: TestDatabase, url: string, pks: number[], overrides: Partial<Config>) {
  const harness = { url, sim: { now: () => new Date('2026-11-01T00:00:00Z') } } as unknown as SimHarness;
  const deps = runDeps(t.database, harness, overrides);
  await t.database.db.transaction((tx) =>
    enqueueWork(
      tx,
      pks.map((pk) => ({ kind: 'game' as const, key: String(pk), reason: 'backfill' as const })),
      null,
    ),
  );
  // The people the games name are not served here: only the games' own work must be done.
  await drainJob.run(deps, {});
  const open = await queryRows<{ key: string; last_error: string | null }>(
    t.database.db,
    sql`select key, last_error from ingest.work_items where kind = 'game' and status <> 'done'`,
  );
  expect(open).toEqual([]);
  return deps;
}

async function reviewRows(t: TestDatabase, gamePk: number): Promise<ReviewDb[]> {
  return queryRows<ReviewDb>(
    t.database.db,
    sql`select game_pk, at_bat_index, play_event_index, review_index, review_type, is_overturned, challenge_team_id,
               player_id, pitch_call_before, pitch_call_after
        from mlb.reviews where game_pk = ${gamePk}
        order by at_bat_index, play_event_index nulls first, review_index`,
  );
}

async function absRows(t: TestDatabase, gamePk: number) {
  return queryRows<{
    side: string;
    team_id: number;
    used_successful: number;
    used_failed: number;
    remaining: number | null;
  }>(
    t.database.db,
    sql`select side, team_id, used_successful, used_failed, remaining from mlb.abs_challenges
        where game_pk = ${gamePk} order by side`,
  );
}

const sortKey = (r: { at_bat_index: number; play_event_index: number | null; review_index: number }) =>
  r.at_bat_index * 1e6 + (r.play_event_index ?? -1) * 1e2 + r.review_index;

describeRecorded('reviews and ABS challenges of the recorded feeds, loaded as feeds', () => {
  // One feed per game (a timecode variant of a game is the same game earlier).
  const names = fixtureNames('liveGameV1').filter((n) => !n.includes('_timecode-'));
  const feeds = new Map<number, J>(names.map((n) => [fixture<J>(n).gamePk, fixture<J>(n)]));
  let t: TestDatabase;
  let server: Awaited<ReturnType<typeof serveFeeds>>;
  let deps: ReturnType<typeof runDeps>;

  beforeAll(async () => {
    t = await createTestDatabase();
    server = await serveFeeds(feeds);
    await t.database.db.transaction((tx) => upsertGames(tx, gameRowsOf([...feeds.values()]), 1));
    deps = await loadGames(t, server.url, [...feeds.keys()], { gameSource: 'feed' });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('finds nothing new in the recorded feeds as they are', async () => {
    expect(await scalar(t.database.db, 'select count(*) from ingest.new_fields')).toBe(0);
  });

  it('makes one row per review of every feed with reviewDetails, additionalReviews included', async () => {
    const reviewed = [...feeds.values()].filter((f) => expectedReviews(f).length > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(5);
    expect(reviewed.some((f) => expectedReviews(f).some((r) => r.review_index > 0))).toBe(true);
    for (const feed of reviewed) {
      const rows = (await reviewRows(t, feed.gamePk)).map(({ pitch_call_before, pitch_call_after, ...r }) => r);
      expect(rows, String(feed.gamePk)).toEqual(expectedReviews(feed).sort((a, b) => sortKey(a) - sortKey(b)));
    }
    const total = [...feeds.values()].reduce((n, f) => n + expectedReviews(f).length, 0);
    expect(await scalar(t.database.db, 'select count(*) from mlb.reviews')).toBe(total);
  });

  it.each(ABS_GAMES)(
    '%s: every ABS challenge a row with its challenger, type and outcome; counts as absChallenges',
    async (name) => {
      const feed = fixture<J>(name);
      const rows = (await reviewRows(t, feed.gamePk)).filter((r) => r.review_type === 'MJ');
      expect(rows.length).toBe(name.startsWith('liveGameV1/823163') ? 2 : 6);
      const byKey = new Map(expectedReviews(feed).map((r) => [sortKey(r), r]));
      for (const r of rows) {
        const want = byKey.get(sortKey(r));
        expect(want, JSON.stringify(r)).toBeDefined();
        expect(r.player_id).toBe(want!.player_id);
        expect(r.player_id).not.toBeNull();
        expect(r.challenge_team_id).toBe(want!.challenge_team_id);
        expect(r.is_overturned).toBe(want!.is_overturned);
        // A challenge of a pitch says the call on the field and the final one.
        if (r.play_event_index !== null) {
          expect(r.pitch_call_after).toMatch(/^(B|C|\*B)$/);
          expect(r.pitch_call_before).not.toBe(r.is_overturned ? r.pitch_call_after : null);
        }
      }
      const block = feed.gameData.absChallenges;
      expect(await absRows(t, feed.gamePk)).toEqual(
        (['away', 'home'] as const).map((side) => ({
          side,
          team_id: feed.gameData.teams[side].id,
          used_successful: block[side].usedSuccessful,
          used_failed: block[side].usedFailed,
          remaining: block[side].remaining,
        })),
      );
    },
  );

  it('finds an ABS challenge on a pitch event and one on a play', async () => {
    const rows = (await reviewRows(t, 831869)).filter((r) => r.review_type === 'MJ');
    expect(rows.filter((r) => r.play_event_index === null)).toHaveLength(1);
    expect(rows.filter((r) => r.play_event_index !== null)).toHaveLength(5);
    expect(rows.find((r) => r.is_overturned)).toBeDefined();
    expect((await reviewRows(t, 823163)).filter((r) => r.is_overturned)).toHaveLength(1);
  });

  it('passes the ABS reconciliation, and the view counts the challenges per team', async () => {
    const run = await checkJob.run(deps, {});
    const checks = (run.result as { checks: CheckResult[] }).checks;
    const abs = checks.find((c) => c.name === 'abs_challenges_vs_reviews');
    expect(abs, JSON.stringify(abs)).toMatchObject({ passed: true, violations: 0 });
    expect(checks.find((c) => c.name === 'new_api_fields')?.notices).toEqual([]);
    const view = await queryRows<{ team_id: number; reviews: number; abs: number }>(
      t.database.db,
      sql`select team_id, reviews, abs_by_batters + abs_by_pitchers + abs_by_catchers as abs
          from analytics.team_reviews where review_type = 'MJ' order by team_id`,
    );
    const perTeam = new Map<number, number>();
    for (const name of ABS_GAMES)
      for (const r of expectedReviews(fixture<J>(name)).filter((x) => x.review_type === 'MJ'))
        perTeam.set(r.challenge_team_id!, (perTeam.get(r.challenge_team_id!) ?? 0) + 1);
    expect(view.map((v) => [v.team_id, v.reviews])).toEqual([...perTeam.entries()].sort((a, b) => a[0] - b[0]));
    for (const v of view) expect(v.abs).toBe(v.reviews);
  });

  it('a rebuild fills the tables again from the stored bodies, without a request', { timeout: 240_000 }, async () => {
    const db = t.database.db;
    const before = [await tableDigest(db, 'mlb.reviews'), await tableDigest(db, 'mlb.abs_challenges')];
    await db.execute(sql`delete from mlb.reviews`);
    await db.execute(sql`delete from mlb.abs_challenges`);
    const requests = server.log.length;
    const run = await rebuildJob.run(deps, {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(server.log.length).toBe(requests);
    expect([await tableDigest(db, 'mlb.reviews'), await tableDigest(db, 'mlb.abs_challenges')]).toEqual(before);
    expect(await scalar(db, 'select count(*) from mlb.abs_challenges where remaining is not null')).toBe(4);
  });
});

describeRecorded('ABS challenges of the recorded feeds, loaded as boxscore and play-by-play', () => {
  let t: TestDatabase;
  let server: Awaited<ReturnType<typeof serveFeeds>>;
  const feeds = new Map<number, J>(ABS_GAMES.map((n) => [fixture<J>(n).gamePk, fixture<J>(n)]));

  beforeAll(async () => {
    t = await createTestDatabase();
    server = await serveFeeds(feeds);
    await t.database.db.transaction((tx) => upsertGames(tx, gameRowsOf([...feeds.values()]), 1));
    await loadGames(t, server.url, [...feeds.keys()], { gameSource: 'boxscore' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('derives the used counts of each side from the ABS reviews, remaining unknown', async () => {
    for (const feed of feeds.values()) {
      const block = feed.gameData.absChallenges;
      expect(await absRows(t, feed.gamePk)).toEqual(
        (['away', 'home'] as const).map((side) => ({
          side,
          team_id: feed.gameData.teams[side].id,
          used_successful: block[side].usedSuccessful,
          used_failed: block[side].usedFailed,
          remaining: null,
        })),
      );
    }
  });
});

describeRecorded('a recorded feed served with two keys the API added', () => {
  let t: TestDatabase;
  let server: Awaited<ReturnType<typeof serveFeeds>>;
  const feed = fixture<J>(ABS_GAMES[0]!);

  beforeAll(async () => {
    t = await createTestDatabase();
    server = await serveFeeds(new Map([[feed.gamePk, feed]]), (_pk, f) => {
      const pitch = f.liveData.plays.allPlays[10].playEvents.find((e: J) => e.isPitch);
      pitch.details.batTrackingVersion = 2;
      f.gameData.pitchClock = { away: { violations: 0 } };
      return f;
    });
    await t.database.db.transaction((tx) => upsertGames(tx, gameRowsOf([feed]), 1));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('lists both as new with the game they came in, in status and as notes of the check', async () => {
    const deps = await loadGames(t, server.url, [feed.gamePk], { gameSource: 'feed' });
    const fields = await queryRows<{ body_kind: string; path: string; first_key: string; seen: number }>(
      t.database.db,
      sql`select body_kind, path, first_key, seen::int as seen from ingest.new_fields order by path`,
    );
    expect(fields).toEqual([
      { body_kind: 'feed', path: 'gameData.pitchClock', first_key: String(feed.gamePk), seen: 1 },
      {
        body_kind: 'feed',
        path: 'liveData.plays.allPlays[].playEvents[].details.batTrackingVersion',
        first_key: String(feed.gamePk),
        seen: 1,
      },
    ]);
    const status = await readStatus(t.database.db, 'test');
    expect(status.newFields.map((f) => f.path).sort()).toEqual(fields.map((f) => f.path));
    // Other checks fail here (the people and reference lists are not served); this one is a note.
    const run = await checkJob.run(deps, {});
    const check = (run.result as { checks: CheckResult[] }).checks.find((c) => c.name === 'new_api_fields')!;
    expect(check.passed).toBe(true);
    const notices = check.notices;
    expect(notices).toHaveLength(2);
    expect(notices.join('\n')).toContain(`gameData.pitchClock (first in ${feed.gamePk}`);
  });
});

/**
 * New paths in the simulator's game bodies: none (test/integration/sim/no-new-fields.test.ts holds
 * every kind to none, the simulator-only paths excused in known-paths.json).
 */
const GAME_NEW_FIELDS = "select count(*) from ingest.new_fields where body_kind in ('feed', 'boxscore', 'playByPlay')";

describe('reviews of simulated seasons', () => {
  const loadDays = async (season: number, source: Config['gameSource']) => {
    const h = await startSim({ seed: 5, season });
    const t = await createTestDatabase();
    const d0 = firstRegularDate(h.sim);
    const run = await backfillJob.run(runDeps(t.database, h, { gameSource: source }), {
      range: { startDate: d0, endDate: addDays(d0, 2) },
    });
    expect(run.status, String(run.error)).toBe('succeeded');
    return { h, t };
  };

  it('a simulated 2026 season loaded as feeds passes the ABS reconciliation, and its rebuild keeps the counts', {
    timeout: 300_000,
  }, async () => {
    const { h, t } = await loadDays(2026, 'feed');
    try {
      const db = t.database.db;
      expect(await scalar(db, "select count(*) from mlb.reviews where review_type = 'MJ'")).toBeGreaterThan(10);
      expect(await scalar(db, "select count(*) from mlb.reviews where review_type <> 'MJ'")).toBeGreaterThan(0);
      expect(await scalar(db, 'select count(*) from mlb.abs_challenges where remaining is null')).toBe(0);
      expect(await scalar(db, GAME_NEW_FIELDS)).toBe(0);
      const checks = (await checkJob.run(runDeps(t.database, h), {})).result as { checks: CheckResult[] };
      expect(checks.checks.find((c) => c.name === 'abs_challenges_vs_reviews')).toMatchObject({ passed: true });
      const before = await tableDigest(db, 'mlb.abs_challenges');
      const requests = h.sim.requestLog.length;
      expect((await rebuildJob.run(runDeps(t.database, h), {})).status).toBe('succeeded');
      expect(h.sim.requestLog.length).toBe(requests);
      expect(await tableDigest(db, 'mlb.abs_challenges')).toEqual(before);
      const byChallenger = await queryRows<{ b: number; p: number; c: number }>(
        db,
        sql`select sum(abs_by_batters)::int as b, sum(abs_by_pitchers)::int as p, sum(abs_by_catchers)::int as c
            from analytics.team_reviews where review_type = 'MJ'`,
      );
      expect(byChallenger[0]!.b).toBeGreaterThan(0);
      expect(byChallenger[0]!.p + byChallenger[0]!.c).toBeGreaterThan(0);
    } finally {
      await h.close();
      await t.drop();
    }
  });

  it('an earlier simulated season has manager challenges and umpire reviews but no ABS challenge', {
    timeout: 300_000,
  }, async () => {
    const { h, t } = await loadDays(2025, 'boxscore');
    try {
      const db = t.database.db;
      expect(await scalar(db, "select count(*) from mlb.reviews where review_type = 'MJ'")).toBe(0);
      expect(await scalar(db, 'select count(*) from mlb.abs_challenges')).toBe(0);
      expect(await scalar(db, 'select count(*) from mlb.reviews where challenge_team_id is not null')).toBeGreaterThan(
        0,
      );
      expect(await scalar(db, 'select count(*) from mlb.reviews where challenge_team_id is null')).toBeGreaterThan(0);
      expect(await scalar(db, GAME_NEW_FIELDS)).toBe(0);
    } finally {
      await h.close();
      await t.drop();
    }
  });
});
