import { describe, expect, it } from 'vitest';
import type { LiveCandidate } from '../../../src/db/queries/live.js';
import { isDue, isFollowed, lagSeconds, liveDay, liveWorkExpected } from '../../../src/pipeline/live.js';

const game = (over: Partial<LiveCandidate>): LiveCandidate => ({
  gamePk: 1,
  officialDate: '2025-06-04',
  gameDate: new Date('2025-06-04T23:05:00Z'),
  codedGameState: 'S',
  abstractGameState: 'Preview',
  statusCode: 'S',
  ...over,
});

describe('which games the live loop follows', () => {
  it('follows games in progress, delayed, under review and in warm-up; not suspended, scheduled or final ones', () => {
    const followed = (coded: string, abstract: string, code: string) =>
      isFollowed({ codedGameState: coded, abstractGameState: abstract, statusCode: code });
    expect(followed('I', 'Live', 'I')).toBe(true);
    expect(followed('I', 'Live', 'IR')).toBe(true);
    expect(followed('M', 'Live', 'MA')).toBe(true);
    expect(followed('N', 'Live', 'NH')).toBe(true);
    expect(followed('P', 'Preview', 'PW')).toBe(true);
    expect(followed('P', 'Preview', 'PR')).toBe(true);
    expect(followed('P', 'Preview', 'P')).toBe(false);
    expect(followed('S', 'Preview', 'S')).toBe(false);
    expect(followed('U', 'Live', 'UR')).toBe(false);
    expect(followed('T', 'Live', 'TR')).toBe(false);
    expect(followed('O', 'Final', 'O')).toBe(false);
    expect(followed('F', 'Final', 'F')).toBe(false);
  });

  it('a scheduled game is due half an hour before its start; the daemon looks for live or due games', () => {
    const now = new Date('2025-06-04T22:30:00Z');
    expect(isDue(game({}), now)).toBe(false);
    expect(isDue(game({}), new Date('2025-06-04T22:36:00Z'))).toBe(true);
    expect(isDue(game({ codedGameState: 'F' }), new Date('2025-06-05T02:00:00Z'))).toBe(false);
    expect(liveWorkExpected([game({})], now)).toBe(false);
    expect(
      liveWorkExpected([game({}), game({ codedGameState: 'I', abstractGameState: 'Live', statusCode: 'I' })], now),
    ).toBe(true);
  });

  it("the day shown is the latest started game's official date, else the clock's date", () => {
    const games = [
      game({ gamePk: 1, officialDate: '2025-06-04', gameDate: new Date('2025-06-04T23:05:00Z') }),
      game({ gamePk: 2, officialDate: '2025-06-05', gameDate: new Date('2025-06-05T17:05:00Z') }),
    ];
    expect(liveDay(games, new Date('2025-06-05T02:00:00Z'))).toBe('2025-06-04');
    expect(liveDay(games, new Date('2025-06-05T17:10:00Z'))).toBe('2025-06-05');
    expect(liveDay([], new Date('2025-06-05T02:00:00Z'))).toBe('2025-06-05');
  });

  it('lag is the seconds from the feed timecode to now', () => {
    expect(lagSeconds('20250604_230500', new Date('2025-06-04T23:05:42Z'))).toBe(42);
    expect(lagSeconds('not a timecode', new Date())).toBeNaN();
  });
});
