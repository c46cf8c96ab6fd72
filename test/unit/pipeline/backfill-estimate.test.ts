import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from 'commander';
import { parseSeasons } from '../../../src/cli/args.js';
import { loadConfig } from '../../../src/config.js';
import { orderSeasons } from '../../../src/pipeline/backfill.js';
import {
  estimateSeason,
  formatBytes,
  formatDuration,
  formatPlanLine,
  MLB_GAME,
  MINORS_GAME,
  REFERENCE_REQUESTS_PER_SEASON,
  requestsPerGame,
  TRANSACTION_WINDOW_DAYS,
} from '../../../src/pipeline/plan/backfill-estimate.js';

/** The settings of a default configuration: the feed, one request a game. */
const settings = {
  maxRps: 5,
  gameSource: loadConfig({}).gameSource,
  winProbability: false,
  scheduleChunkDays: 7,
};

describe('the estimate of a season', () => {
  const work = {
    season: 2024,
    sportId: 1,
    days: 252,
    finalByType: { S: 300, R: 2430, F: 10, D: 17, L: 11, W: 5 },
    loaded: 0,
    notFinal: 0,
  };

  it('costs one request a game by default (two with boxscore + playByPlay, one more with the win probability) and a schedule request a week', () => {
    expect(settings.gameSource).toBe('feed');
    expect(requestsPerGame(settings)).toBe(1);
    expect(requestsPerGame({ gameSource: 'boxscore', winProbability: false })).toBe(2);
    expect(requestsPerGame({ gameSource: 'feed', winProbability: true })).toBe(2);
    expect(requestsPerGame({ gameSource: 'boxscore', winProbability: true })).toBe(3);
    const e = estimateSeason(work, settings);
    expect(e.toLoad).toBe(2773);
    expect(e.requests).toBeGreaterThan(2773 + 36);
    expect(e.requests).toBeLessThan(1.1 * 2773 + 50);
    expect(e.seconds).toBe(e.requests / 5);
    expect(e.wireBytes).toBe(2773 * MLB_GAME.feedWireBytes);
    expect(e.diskBytes).toBe(2773 * MLB_GAME.diskBytes);
  });

  it('takes about half the time of boxscore + playByPlay for a season at 5 requests/s', () => {
    const feed = estimateSeason(work, settings);
    const boxscore = estimateSeason(work, { ...settings, gameSource: 'boxscore' });
    expect(boxscore.requests).toBeGreaterThan(2 * 2773);
    expect(boxscore.wireBytes).toBe(2773 * MLB_GAME.wireBytes);
    expect(feed.seconds / boxscore.seconds).toBeGreaterThan(0.49);
    expect(feed.seconds / boxscore.seconds).toBeLessThan(0.52);
  });

  it('costs nothing per game for the games already loaded', () => {
    const e = estimateSeason({ ...work, loaded: 2773 }, settings);
    expect(e.toLoad).toBe(0);
    expect(e.wireBytes).toBe(0);
    // Only what a season costs once: its seasons list, a schedule request a week, the reference lists
    // and a transactions listing every 31 days.
    expect(e.requests).toBe(
      1 + Math.ceil(252 / 7) + REFERENCE_REQUESTS_PER_SEASON + Math.ceil(252 / TRANSACTION_WINDOW_DAYS),
    );
  });

  it('costs nothing for a season the API lists no game of', () => {
    const e = estimateSeason({ ...work, finalByType: {}, loaded: 0, notFinal: 0 }, settings);
    expect(e).toEqual({ toLoad: 0, requests: 0, seconds: 0, wireBytes: 0, diskBytes: 0 });
  });

  it('uses the minor leagues figures for their games', () => {
    const e = estimateSeason({ ...work, sportId: 11, finalByType: { R: 1000 } }, settings);
    expect(e.wireBytes).toBe(1000 * MINORS_GAME.feedWireBytes);
  });

  it('prints a line that starts with the year, in hours or minutes and MB or GB', () => {
    expect(formatDuration(90)).toBe('2 min');
    expect(formatDuration(6 * 3600 + 360)).toBe('6.1 h');
    expect(formatBytes(5e8)).toBe('500 MB');
    expect(formatBytes(2.45e9)).toBe('2.5 GB');
    const e = estimateSeason(work, settings);
    const line = formatPlanLine({
      season: 2024,
      finalByType: work.finalByType,
      loaded: 0,
      notFinal: 3,
      estimate: e,
      maxRps: 5,
    });
    expect(line).toMatch(
      /^2024: games 2,773 \(S 300 R 2,430 F 10 D 17 L 11 W 5\) \+ 3 not final, loaded 0, to load 2,773; /,
    );
    expect(line).toMatch(/requests, [\d.]+ (h|min) at 5\/s, receive [\d.]+ (MB|GB), disk [\d.]+ (MB|GB)$/);
  });
});

describe('the seasons of a backfill', () => {
  it('reads a year, a range either way round and a list, each once', () => {
    expect(parseSeasons('2025')).toEqual([2025]);
    expect(parseSeasons('2008-2025')).toHaveLength(18);
    expect(parseSeasons('2025-2023')).toEqual([2025, 2024, 2023]);
    expect(parseSeasons('2019, 2021-2022,2019')).toEqual([2019, 2021, 2022]);
  });

  it.each(['', '2025-', 'x', '1875', '2008-2101', '2025,,2024', '20250'])('refuses %j', (v) => {
    expect(() => parseSeasons(v)).toThrow(InvalidArgumentError);
  });

  it('runs newest first unless told otherwise', () => {
    expect(orderSeasons([2019, 2025, 2021])).toEqual([2025, 2021, 2019]);
    expect(orderSeasons([2019, 2025, 2021], 'oldest')).toEqual([2019, 2021, 2025]);
    expect(orderSeasons([2019, 2025, 2021], 'listed')).toEqual([2019, 2025, 2021]);
  });
});

describe('the re-polls a plan counts', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it('counts the re-poll days still ahead of each final game, none for a past season', async () => {
    const { repollsAhead } = await import('../../../src/pipeline/backfill-plan.js');
    expect(repollsAhead('2025-06-10T00:00:00Z', now, [1, 3, 8])).toBe(3);
    expect(repollsAhead('2025-06-08T23:00:00Z', now, [1, 3, 8])).toBe(2);
    expect(repollsAhead('2025-06-01T17:00:00Z', now, [1, 3, 8])).toBe(0);
    expect(repollsAhead('2024-06-01T17:00:00Z', now, [1, 3, 8])).toBe(0);
    expect(repollsAhead('2025-06-10T00:00:00Z', now, [])).toBe(0);
    expect(repollsAhead(null, now, [1])).toBe(0);
  });
  it("adds each re-poll at the game's requests", () => {
    const work = { season: 2025, sportId: 1, days: 7, finalByType: { R: 10 }, loaded: 10, notFinal: 0 };
    const pair = { ...settings, gameSource: 'boxscore' as const };
    const feed = { ...settings, gameSource: 'feed' as const };
    expect(estimateSeason({ ...work, repolls: 25 }, pair).requests).toBe(estimateSeason(work, pair).requests + 50);
    expect(estimateSeason({ ...work, repolls: 25 }, feed).requests).toBe(estimateSeason(work, feed).requests + 25);
  });
});
