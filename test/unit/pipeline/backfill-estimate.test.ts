import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from 'commander';
import { parseSeasons } from '../../../src/cli/args.js';
import { orderSeasons } from '../../../src/pipeline/backfill.js';
import {
  estimateSeason,
  formatBytes,
  formatDuration,
  formatPlanLine,
  MLB_GAME,
  MINORS_GAME,
  requestsPerGame,
} from '../../../src/pipeline/plan/backfill-estimate.js';

const settings = { maxRps: 5, gameSource: 'boxscore' as const, winProbability: false, scheduleChunkDays: 7 };

describe('the estimate of a season', () => {
  const work = {
    season: 2024,
    sportId: 1,
    days: 252,
    finalByType: { S: 300, R: 2430, F: 10, D: 17, L: 11, W: 5 },
    loaded: 0,
    notFinal: 0,
  };

  it('costs two requests a game (one with the feed, one more with the win probability) and a schedule request a week', () => {
    expect(requestsPerGame(settings)).toBe(2);
    expect(requestsPerGame({ gameSource: 'feed', winProbability: false })).toBe(1);
    expect(requestsPerGame({ gameSource: 'boxscore', winProbability: true })).toBe(3);
    const e = estimateSeason(work, settings);
    expect(e.toLoad).toBe(2773);
    expect(e.requests).toBeGreaterThan(2 * 2773 + 36);
    expect(e.requests).toBeLessThan(2.1 * 2773 + 50);
    expect(e.seconds).toBe(e.requests / 5);
    expect(e.wireBytes).toBe(2773 * MLB_GAME.wireBytes);
    expect(e.diskBytes).toBe(2773 * MLB_GAME.diskBytes);
  });

  it('costs nothing per game for the games already loaded', () => {
    const e = estimateSeason({ ...work, loaded: 2773 }, settings);
    expect(e.toLoad).toBe(0);
    expect(e.wireBytes).toBe(0);
    expect(e.requests).toBeLessThan(50);
  });

  it('uses the minor leagues figures for their games', () => {
    const e = estimateSeason({ ...work, sportId: 11, finalByType: { R: 1000 } }, settings);
    expect(e.wireBytes).toBe(1000 * MINORS_GAME.wireBytes);
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
