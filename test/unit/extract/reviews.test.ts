import { describe, expect, it } from 'vitest';
import type { AbsChallengeRow, ReviewRow } from '../../../src/db/schema/rows.js';
import { ABS_REVIEW_TYPE, extractAbsChallenges, extractReviews } from '../../../src/extract/reviews.js';
import { createSimulator } from '../../../src/sim/index.js';
import { cloneFixture, describeRecorded, fixture, fixtureNames, gamePkOf } from '../../fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
type Body = any;

/** Per side of a game, the ABS reviews' counts as `absChallenges` states them. */
function absFromReviews(reviews: ReviewRow[], teams: { away: number; home: number }) {
  const side = (teamId: number) => {
    const abs = reviews.filter((r) => r.review_type === ABS_REVIEW_TYPE && r.challenge_team_id === teamId);
    return {
      used_successful: abs.filter((r) => r.is_overturned).length,
      used_failed: abs.filter((r) => !r.is_overturned).length,
    };
  };
  return { away: side(teams.away), home: side(teams.home) };
}

const counts = (rows: AbsChallengeRow[]) =>
  Object.fromEntries(rows.map((r) => [r.side, { used_successful: r.used_successful, used_failed: r.used_failed }]));

describeRecorded('reviews of the recorded feeds', () => {
  const ABS_2026 = 'liveGameV1/823163_2026R_final_CLE-at-SEA_absChallenges.json';
  const ABS_SPRING = 'liveGameV1/831869_2026S_final_COL-at-AZ_springtraining_absChallenges.json';

  it('makes every ABS challenge of the 2026 regular-season game a row with its challenger, type and outcome', () => {
    const { rows, rejects } = extractReviews(823163, fixture<Body>(ABS_2026).liveData.plays);
    expect(rejects).toEqual([]);
    // Kwan (batter) challenged a called third strike and lost; Naylor (catcher) had a ball turned into strike three.
    expect(rows).toEqual([
      expect.objectContaining({
        at_bat_index: 17,
        play_event_index: null,
        review_index: 0,
        review_type: 'MJ',
        is_overturned: false,
        challenge_team_id: 114,
        player_id: 680757,
        pitch_call_before: 'C',
        pitch_call_after: 'C',
      }),
      expect.objectContaining({
        at_bat_index: 36,
        play_event_index: null,
        review_type: 'MJ',
        is_overturned: true,
        challenge_team_id: 114,
        player_id: 666310,
        pitch_call_before: 'B',
        pitch_call_after: 'C',
      }),
    ]);
  });

  it('finds the spring game’s challenges on pitch events and on a play, with their challengers', () => {
    const { rows, rejects } = extractReviews(831869, fixture<Body>(ABS_SPRING).liveData.plays);
    expect(rejects).toEqual([]);
    const brief = rows.map((r) => [
      r.at_bat_index,
      r.play_event_index,
      r.player_id,
      r.is_overturned,
      r.pitch_call_before,
      r.pitch_call_after,
    ]);
    // As the boxscore's "ABS Challenge" line says: Goodman (Ball→Strike, Ball→Strike, Ball confirmed),
    // McCann (Ball→Strike, Strike confirmed), Carrigg (Strike confirmed).
    expect(brief).toEqual([
      [15, 0, 696100, true, 'B', 'C'],
      [18, null, 543510, true, 'B', 'C'],
      [20, 0, 696100, true, 'B', 'C'],
      [27, 0, 696100, false, 'B', 'B'],
      [27, 2, 543510, false, 'C', 'C'],
      [60, 1, 694249, false, 'C', 'C'],
    ]);
    expect(rows.every((r) => r.review_type === 'MJ' && r.review_index === 0 && r.in_progress === false)).toBe(true);
  });

  it.each([ABS_2026, ABS_SPRING])('reconciles the ABS reviews of %s with absChallenges per side', (name) => {
    const feed = fixture<Body>(name);
    const gamePk = gamePkOf(name);
    const abs = extractAbsChallenges(gamePk, feed.gameData);
    expect(abs.rejects).toEqual([]);
    expect(abs.rows.map((r) => [r.side, r.team_id])).toEqual([
      ['away', feed.gameData.teams.away.id],
      ['home', feed.gameData.teams.home.id],
    ]);
    for (const r of abs.rows) expect(r.remaining).toBe(feed.gameData.absChallenges[r.side].remaining);
    const reviews = extractReviews(gamePk, feed.liveData.plays).rows;
    const teams = { away: feed.gameData.teams.away.id, home: feed.gameData.teams.home.id };
    expect(absFromReviews(reviews, teams)).toEqual(counts(abs.rows));
  });

  const reviewed = fixtureNames('liveGameV1').filter((name) =>
    fixture<Body>(name).liveData.plays.allPlays.some(
      (p: Body) => p.reviewDetails || p.playEvents.some((e: Body) => e.reviewDetails),
    ),
  );

  it('has recorded feeds with manager and umpire reviews, on plays and on play events, and additional reviews', () => {
    const rows = reviewed.flatMap((name) => extractReviews(gamePkOf(name), fixture<Body>(name).liveData.plays).rows);
    expect(new Set(rows.map((r) => r.review_type))).toEqual(new Set(['MA', 'MC', 'ME', 'MF', 'MI', 'MJ', 'NH']));
    expect(rows.some((r) => r.review_type !== 'MJ' && r.play_event_index !== null)).toBe(true);
    expect(rows.some((r) => r.review_index > 0)).toBe(true);
    // Only a review of a ball/strike call says the pitch's call.
    expect(rows.every((r) => (r.review_type === 'MJ') === (r.pitch_call_after !== null))).toBe(true);
    // An umpire's review has no challenging team.
    expect(rows.filter((r) => r.review_type === 'NH').every((r) => r.challenge_team_id === null)).toBe(true);
  });

  it.each(reviewed)('makes one row per review of %s, additionalReviews included', (name) => {
    const plays = fixture<Body>(name).liveData.plays;
    const expected: string[] = [];
    for (const p of plays.allPlays) {
      const add = (at: string, rd: Body) => {
        if (!rd) return;
        expected.push(`${at}/0/${rd.reviewType}`);
        (rd.additionalReviews ?? []).forEach((a: Body, k: number) => {
          expected.push(`${at}/${k + 1}/${a.reviewType}`);
        });
      };
      add(`${p.atBatIndex}/-`, p.reviewDetails);
      for (const e of p.playEvents) add(`${p.atBatIndex}/${e.index}`, e.reviewDetails);
    }
    const { rows, rejects } = extractReviews(gamePkOf(name), plays);
    expect(rejects).toEqual([]);
    const got = rows.map((r) => `${r.at_bat_index}/${r.play_event_index ?? '-'}/${r.review_index}/${r.review_type}`);
    expect(got.sort()).toEqual(expected.sort());
  });

  it('rejects a review without a type, keeping the others of the game', () => {
    const plays = cloneFixture<Body>('liveGameV1/745218_2024R_final_SF-at-SEA_review.json').liveData.plays;
    const play = plays.allPlays.find((p: Body) => p.reviewDetails?.additionalReviews);
    delete play.reviewDetails.additionalReviews[0].reviewType;
    const { rows, rejects } = extractReviews(745218, plays);
    expect(rows.map((r) => [r.at_bat_index, r.review_index])).toEqual([[play.atBatIndex, 0]]);
    expect(rejects).toEqual([
      expect.objectContaining({ target: 'reviews', path: expect.stringMatching(/additionalReviews\[0\]$/) }),
    ]);
  });

  it('gives no ABS rows for feeds before 2026', () => {
    const feed = fixture<Body>('liveGameV1/777687_2025R_final_CIN-at-CHC.json');
    expect(extractAbsChallenges(777687, feed.gameData)).toEqual({ rows: [], rejects: [] });
  });
});

describe('reviews of simulated seasons', () => {
  const sims = new Map<number, ReturnType<typeof createSimulator>>();
  const simOf = (season: number) => {
    if (!sims.has(season)) sims.set(season, createSimulator({ seed: 40, season }));
    return sims.get(season)!;
  };
  const json = (season: number, path: string): Body => JSON.parse(simOf(season).render(path).text);

  /** Every 40th final regular-season game of a simulated season, as feeds. */
  const cached = new Map<number, Body[]>();
  function feeds(season: number): Body[] {
    if (!cached.has(season)) {
      const games = simOf(season)
        .listGames()
        .filter((g) => g.gameType === 'R' && g.codedGameState === 'F');
      const sample = games.filter((_, i) => i % 40 === 0);
      cached.set(
        season,
        sample.map((g) => json(season, `/api/v1.1/game/${g.gamePk}/feed/live`)),
      );
    }
    return cached.get(season)!;
  }

  it('reconciles every sampled 2026 game’s ABS reviews with its absChallenges, and challenges happen', {
    timeout: 120_000,
  }, () => {
    let challenges = 0;
    for (const feed of feeds(2026)) {
      const gamePk = feed.gamePk;
      const abs = extractAbsChallenges(gamePk, feed.gameData);
      expect(abs.rows).toHaveLength(2);
      const reviews = extractReviews(gamePk, feed.liveData.plays).rows;
      const teams = { away: feed.gameData.teams.away.id, home: feed.gameData.teams.home.id };
      expect(absFromReviews(reviews, teams), String(gamePk)).toEqual(counts(abs.rows));
      challenges += reviews.filter((r) => r.review_type === ABS_REVIEW_TYPE).length;
    }
    expect(challenges).toBeGreaterThan(0);
  });

  it('plays the 2026 ABS rule: batter, pitcher or catcher on a called pitch, a plausible share overturned', {
    timeout: 120_000,
  }, () => {
    const outcomes: boolean[] = [];
    for (const feed of feeds(2026)) {
      const plays = new Map<number, Body>(feed.liveData.plays.allPlays.map((p: Body) => [p.atBatIndex, p]));
      for (const r of extractReviews(feed.gamePk, feed.liveData.plays).rows) {
        if (r.review_type !== ABS_REVIEW_TYPE) continue;
        outcomes.push(r.is_overturned === true);
        expect(['B', 'C']).toContain(r.pitch_call_after);
        const play = plays.get(r.at_bat_index);
        const battingSide = play.about.isTopInning ? 'away' : 'home';
        const fieldingSide = battingSide === 'away' ? 'home' : 'away';
        if (r.challenge_team_id === feed.gameData.teams[battingSide].id) {
          expect(r.player_id).toBe(play.matchup.batter.id);
        } else {
          expect(r.challenge_team_id).toBe(feed.gameData.teams[fieldingSide].id);
          const player = feed.liveData.boxscore.teams[fieldingSide].players[`ID${r.player_id}`];
          const positions = player.allPositions.map((p: Body) => p.abbreviation);
          expect(
            positions.some((p: string) => p === 'C' || p === 'P'),
            String(r.player_id),
          ).toBe(true);
        }
      }
      for (const side of ['away', 'home'] as const) {
        const c = feed.gameData.absChallenges[side];
        expect(c.usedFailed).toBeLessThanOrEqual(2);
        expect(c.remaining).toBe(2 - c.usedFailed);
      }
    }
    const share = outcomes.filter(Boolean).length / outcomes.length;
    expect(outcomes.length).toBeGreaterThan(20);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
  });

  it('emits manager challenges by the rule and umpire reviews, some reviewed twice, and counts them in gameData.review', {
    timeout: 120_000,
  }, () => {
    const all: ReviewRow[] = [];
    for (const feed of feeds(2025)) {
      const reviews = extractReviews(feed.gamePk, feed.liveData.plays).rows;
      all.push(...reviews);
      for (const side of ['away', 'home'] as const) {
        const teamId = feed.gameData.teams[side].id;
        const mine = reviews.filter((r) => r.challenge_team_id === teamId);
        expect(feed.gameData.review[side].used, `${feed.gamePk} ${side}`).toBe(mine.length);
        // One challenge a club in the regular season, kept when it succeeds.
        const failed = mine.filter((r) => !r.is_overturned).length;
        expect(failed).toBeLessThanOrEqual(1);
        expect(feed.gameData.review[side].remaining).toBe(1 - failed);
      }
      // A review of a play is the play's only: its last pitch carries none.
      for (const p of feed.liveData.plays.allPlays)
        if (p.reviewDetails) expect(p.playEvents.at(-1).reviewDetails).toBeUndefined();
    }
    expect(new Set(all.map((r) => r.review_type))).toEqual(new Set(['MA', 'MC', 'MI', 'NH']));
    expect(all.some((r) => r.review_index > 0)).toBe(true);
    expect(all.some((r) => r.is_overturned)).toBe(true);
  });

  it('carries the same reviews in /playByPlay and the boxscore as in the feed', { timeout: 120_000 }, () => {
    let listed = 0;
    for (const feed of feeds(2026)) {
      const fromFeed = extractReviews(feed.gamePk, feed.liveData.plays).rows;
      const pbp = json(2026, `/api/v1/game/${feed.gamePk}/playByPlay`);
      expect(extractReviews(feed.gamePk, pbp).rows).toEqual(fromFeed);
      const box = json(2026, `/api/v1/game/${feed.gamePk}/boxscore`);
      expect(box.info).toEqual(feed.liveData.boxscore.info);
      const line = box.info.find((i: Body) => i.label === 'ABS Challenge')?.value ?? '';
      const abs = fromFeed.filter((r) => r.review_type === ABS_REVIEW_TYPE);
      expect(line.match(/Overturned to/g)?.length ?? 0).toBe(abs.filter((r) => r.is_overturned).length);
      expect(line.match(/-Confirmed/g)?.length ?? 0).toBe(abs.filter((r) => !r.is_overturned).length);
      listed += abs.length;
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('has no ABS challenges before 2026', { timeout: 120_000 }, () => {
    for (const feed of feeds(2025)) {
      expect(extractAbsChallenges(feed.gamePk, feed.gameData).rows).toEqual([]);
      const reviews = extractReviews(feed.gamePk, feed.liveData.plays).rows;
      expect(reviews.filter((r) => r.review_type === ABS_REVIEW_TYPE)).toEqual([]);
    }
  });
});
