import { describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { syncJob } from '../../../jobs/sync.js';
import { backfillRange } from '../../../src/cli/commands/backfill.js';
import { checkReadOnlyQuery } from '../../../src/db/sql-guard.js';
import { isCalendarDate } from '../../../src/cli/args.js';
import { UsageError } from '../../../src/errors.js';
import { formatUpdatedSince } from '../../../src/pipeline/poll/changes.js';
import { decideGameWork } from '../../../src/pipeline/plan/game-work.js';
import { chunkDates } from '../../../src/pipeline/poll/schedule.js';
import type { GameRow } from '../../../src/db/schema/rows.js';

function game(state: string): GameRow {
  return { game_pk: 1, coded_game_state: state, official_date: '2024-07-01' } as unknown as GameRow;
}

describe('what a listed game puts on the worklist', () => {
  const opts = { newReason: 'new_final' as const };
  it.each([
    ['F', 'new_final', 'pending'],
    ['O', 'new_final', 'pending'],
    ['T', 'suspended', 'deferred'],
    ['U', 'suspended', 'deferred'],
  ])('a %s game not loaded yet is queued as %s (%s)', (state, reason, status) => {
    const w = decideGameWork(game(state), undefined, opts);
    expect(w).toMatchObject({ kind: 'game', key: '1', reason });
    expect(w?.status ?? 'pending').toBe(status);
  });

  it.each(['D', 'C', 'S', 'P', 'I', 'PW'])('a %s game (postponed, cancelled or not final) fetches nothing', (state) => {
    expect(decideGameWork(game(state), undefined, opts)).toBeNull();
  });

  it('a loaded final game seen again in the schedule fetches nothing', () => {
    expect(decideGameWork(game('F'), { state: 'F', loaded: true, doneAt: null }, opts)).toBeNull();
  });

  it('a provisional game that became final is fetched again', () => {
    expect(decideGameWork(game('F'), { state: 'O', loaded: true, doneAt: null }, opts)).toMatchObject({
      reason: 'new_final',
    });
  });

  it('a loaded game listed by the change log is a correction', () => {
    const w = decideGameWork(
      game('F'),
      { state: 'F', loaded: true, doneAt: new Date('2024-07-01T00:00:00Z') },
      {
        ...opts,
        fromChangeLog: true,
        pollStartedAt: new Date('2024-07-02T00:00:00Z'),
      },
    );
    expect(w).toMatchObject({ reason: 'correction' });
  });

  it('a game loaded after the change-log poll started is not fetched again', () => {
    const w = decideGameWork(
      game('F'),
      { state: 'F', loaded: true, doneAt: new Date('2024-07-03T00:00:00Z') },
      {
        ...opts,
        fromChangeLog: true,
        pollStartedAt: new Date('2024-07-02T00:00:00Z'),
      },
    );
    expect(w).toBeNull();
  });

  it('a suspended game that was resumed and is final is queued as resumed', () => {
    expect(decideGameWork(game('F'), { state: 'U', loaded: false, doneAt: null }, opts)).toMatchObject({
      reason: 'resumed',
    });
  });
});

describe('schedule chunks', () => {
  it('never ask for more than 7 days', () => {
    const chunks = chunkDates('2024-03-28', '2024-04-20');
    expect(chunks).toEqual([
      ['2024-03-28', '2024-04-03'],
      ['2024-04-04', '2024-04-10'],
      ['2024-04-11', '2024-04-17'],
      ['2024-04-18', '2024-04-20'],
    ]);
  });
  it('cover a single day', () => {
    expect(chunkDates('2024-02-29', '2024-02-29')).toEqual([['2024-02-29', '2024-02-29']]);
  });
});

describe('command line input', () => {
  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '24-4-1', '2024-4-01', ''])('%s is not a calendar date', (d) => {
    expect(isCalendarDate(d)).toBe(false);
  });
  it('2024-02-29 is a calendar date', () => expect(isCalendarDate('2024-02-29')).toBe(true));

  it('backfill needs a complete, ordered, bounded range or a season', () => {
    expect(backfillRange({ season: [2024] })).toEqual({ season: 2024 });
    expect(backfillRange({ season: [2025, 2024] })).toEqual({ seasons: [2025, 2024] });
    expect(() => backfillRange({ plan: true, startDate: '2024-07-01', endDate: '2024-07-02' })).toThrow(UsageError);
    expect(backfillRange({ startDate: '2024-07-01', endDate: '2024-07-07' })).toEqual({
      startDate: '2024-07-01',
      endDate: '2024-07-07',
    });
    expect(() => backfillRange({ startDate: '2024-07-08', endDate: '2024-07-07' })).toThrow(UsageError);
    expect(() => backfillRange({ startDate: '2024-07-01' })).toThrow(UsageError);
    expect(() => backfillRange({ season: [2024], startDate: '2024-07-01', endDate: '2024-07-02' })).toThrow(UsageError);
    expect(() => backfillRange({ startDate: '2020-01-01', endDate: '2024-01-01' })).toThrow(UsageError);
  });

  it('the backfill job owns its range rules, whoever starts it (CLI, daemon, a script)', () => {
    const ok = (range: unknown) => backfillJob.args.safeParse({ range }).success;
    expect(ok({ startDate: '2024-07-01', endDate: '2024-07-07' })).toBe(true);
    expect(ok({ season: 2024 })).toBe(true);
    expect(ok({ startDate: '2024-07-08', endDate: '2024-07-07' })).toBe(false);
    expect(ok({ startDate: '2020-01-01', endDate: '2024-01-01' })).toBe(false);
    expect(ok({ startDate: '2024-02-30', endDate: '2024-03-01' })).toBe(false);
    expect(ok({ startDate: '7/1/2024', endDate: '2024-07-07' })).toBe(false);
    expect(ok({ season: 1492 })).toBe(false);
    expect(syncJob.args.parse({})).toEqual({ daysBack: 3, daysAhead: 1 });
    expect(syncJob.args.safeParse({ daysBack: 31 }).success).toBe(false);
  });

  it('dugout sql accepts one read statement and refuses writes', async () => {
    expect((await checkReadOnlyQuery('select 1;')).text).toBe('select 1');
    expect((await checkReadOnlyQuery("with x as (select ';' as s) select * from x")).text).toContain('with');
    for (const q of [
      'DELETE FROM mlb.games',
      'update mlb.games set season = 1',
      'drop table mlb.games',
      'select 1; delete from mlb.games',
      '',
    ]) {
      await expect(checkReadOnlyQuery(q)).rejects.toThrow(UsageError);
    }
  });

  it('updatedSince is formatted YYYY-MM-DDTHH:MM:SSZ', () => {
    expect(formatUpdatedSince(new Date('2024-07-01T12:34:56.789Z'))).toBe('2024-07-01T12:34:56Z');
  });
});
