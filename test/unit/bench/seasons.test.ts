import { describe, expect, it } from 'vitest';
import { namesOneSeason, summary } from '../../../src/bench/seasons.js';

describe('the history bench', () => {
  it('tells a query that names one season from one that does not', () => {
    expect(namesOneSeason('select 1 from analytics.season_batting where season = 2025')).toBe(true);
    expect(namesOneSeason('select 1 from mlb.games g where g.season=2019 and x')).toBe(true);
    expect(namesOneSeason('select * from analytics.standings where as_of_date = (select max(as_of_date) from x)')).toBe(
      false,
    );
    expect(namesOneSeason('select 1 where season >= 2020')).toBe(false);
  });

  const q = (label: string, sql: string, ms: number, rowsRead: number) => ({ label, sql, ms, rows: 10, rowsRead });

  it('holds the goal when every query is under a second and a season query under 2x', () => {
    const one = [q('a', 'where season = 2025', 100, 1000), q('b', 'select 1', 1, 10)];
    const all = [q('a', 'where season = 2025', 190, 1100), q('b', 'select 1', 5, 100)];
    const text = summary(one, all, 10);
    expect(text).toContain('| a | 100.0 | 190.0 | 1.90 | 1000 | 1100 | 1.10 | yes |');
    expect(text).toContain('| b | 1.0 | 5.0 | 5.00 | 10 | 100 | 10.00 | no |');
    expect(text).toMatch(/≤ 1000 ms on 10 seasons: met; every query naming a season ≤ 2× its time on one: met$/);
  });

  it('says which part of the goal a run missed', () => {
    const text = summary([q('a', 'where season = 2025', 100, 1)], [q('a', 'where season = 2025', 1200, 1)], 10);
    expect(text).toMatch(/: NOT met; every query naming a season ≤ 2× its time on one: NOT met$/);
  });
});
