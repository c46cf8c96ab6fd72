import { describe, expect, it } from 'vitest';
import { extractCoaches, extractPostseasonSeries, extractSeasons } from '../../../src/extract/season-tables.js';
import { describeRecorded, fixture, fixtureNames } from '../../fixtures.js';

const AS_OF = '2025-06-01';

describeRecorded('seasons, coaches and postseason series over the recorded bodies', () => {
  it.each(fixtureNames('seasons'))('%s: one row per season with its dates by game type', (name) => {
    const body = fixture<{ seasons: Array<Record<string, string>> }>(name);
    const { rows, rejects } = extractSeasons(body, { sportId: 1, asOfDate: AS_OF });
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(body.seasons.length);
    for (const [i, row] of rows.entries()) {
      const s = body.seasons[i]!;
      expect(row.season).toBe(Number(s.seasonId));
      expect(row.regular_season_start_date).toBe(s.regularSeasonStartDate);
      expect(row.post_season_end_date).toBe(s.postSeasonEndDate ?? null);
      // Spring training, the regular season and the postseason follow each other.
      expect(row.season_start_date! <= row.regular_season_start_date!).toBe(true);
      expect(row.regular_season_end_date! < row.season_end_date!).toBe(true);
    }
  });

  it.each(fixtureNames('coaches'))('%s: one row per person and job, none lost', (name) => {
    const body = fixture<{ roster: Array<{ person: { id: number }; jobId: string }> }>(name);
    const { rows, rejects } = extractCoaches(body, { teamId: 999, season: 2025, asOfDate: AS_OF });
    expect(rejects).toEqual([]);
    expect(rows).toHaveLength(body.roster.length);
    expect(new Set(rows.map((r) => `${r.person_id}:${r.job_id}`)).size).toBe(rows.length);
    // Every staff lists its manager.
    expect(rows.filter((r) => r.job_id === 'MNGR')).toHaveLength(1);
    for (const r of rows) expect(r.full_name).toBeTruthy();
  });

  it('keeps the interim manager beside the manager, and his other job', () => {
    const { rows } = extractCoaches(fixture('coaches/team108_2025.json'), {
      teamId: 108,
      season: 2025,
      asOfDate: AS_OF,
    });
    const interim = rows.filter((r) => r.job_id === 'NTRM');
    expect(interim).toHaveLength(1);
    expect(interim[0]).toMatchObject({ person_id: 119268, job: 'Interim Manager', team_id: 108, season: 2025 });
    expect(rows.filter((r) => r.person_id === 119268).map((r) => r.job_id)).toEqual(['COAB', 'NTRM']);
    expect(rows.find((r) => r.job_id === 'MNGR')?.full_name).toBe('Ron Washington');
  });

  it.each(fixtureNames('postseasonScheduleSeries'))('%s: series, rounds and winners', (name) => {
    const { rows, rejects } = extractPostseasonSeries(fixture(name), { season: 2024, sportId: 1, asOfDate: AS_OF });
    expect(rejects).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      // A finished postseason: every series has a winner who won more than half the games it is played to.
      expect(r.winner_team_id).not.toBeNull();
      const wins = r.winner_team_id === r.home_team_id ? r.home_wins : r.away_wins;
      expect(wins).toBe(Math.floor(r.games_in_series! / 2) + 1);
      expect(r.home_wins + r.away_wins).toBe(r.games_played);
      expect(r.series_id.startsWith(`${r.game_type}_`)).toBe(true);
    }
  });

  it('names the 2024 World Series winner', () => {
    const { rows } = extractPostseasonSeries(fixture('postseasonScheduleSeries/2024.json'), {
      season: 2024,
      sportId: 1,
      asOfDate: AS_OF,
    });
    const ws = rows.find((r) => r.series_id === 'W_1')!;
    expect(ws).toMatchObject({ game_type: 'W', description: 'World Series', games_in_series: 7, games_played: 5 });
    expect(ws.winner_team_id).toBe(119);
    expect({ home: ws.home_wins, away: ws.away_wins }).toEqual({ home: 4, away: 1 });
    expect(rows.map((r) => r.game_type).sort()).toEqual(['D', 'D', 'D', 'D', 'F', 'F', 'F', 'F', 'L', 'L', 'W']);
  });
});

describe('bad season-level bodies', () => {
  it('rejects an entry without an id alone and keeps the others', () => {
    const seasons = extractSeasons(
      { seasons: [{ seasonId: 'x' }, { seasonId: '2024' }] },
      { sportId: 1, asOfDate: AS_OF },
    );
    expect(seasons.rows.map((r) => r.season)).toEqual([2024]);
    expect(seasons.rejects).toHaveLength(1);
    const coaches = extractCoaches(
      { roster: [{ job: 'Manager' }, { person: { id: 5 }, jobId: 'MNGR' }, { person: { id: 5 }, jobId: 'MNGR' }] },
      { teamId: 1, season: 2024, asOfDate: AS_OF },
    );
    expect(coaches.rows.map((r) => r.person_id)).toEqual([5]);
    expect(coaches.rejects).toHaveLength(2);
    const series = extractPostseasonSeries(
      { series: [{ games: [] }, 'x'] },
      { season: 2024, sportId: 1, asOfDate: AS_OF },
    );
    expect(series.rows).toEqual([]);
    expect(series.rejects).toHaveLength(2);
    expect(extractCoaches(null, { teamId: 1, season: 2024, asOfDate: AS_OF })).toEqual({ rows: [], rejects: [] });
  });

  it('leaves an undecided series without a winner', () => {
    const game = (home: boolean) => ({
      officialDate: '2024-10-01',
      gamesInSeries: 3,
      status: { codedGameState: 'F' },
      teams: { home: { team: { id: 1 }, isWinner: home }, away: { team: { id: 2 }, isWinner: !home } },
    });
    const { rows } = extractPostseasonSeries(
      { series: [{ series: { id: 'F_1', gameType: 'F' }, games: [game(true), game(false)] }] },
      { season: 2024, sportId: 1, asOfDate: AS_OF },
    );
    expect(rows[0]).toMatchObject({ home_wins: 1, away_wins: 1, winner_team_id: null, games_played: 2 });
  });
});
