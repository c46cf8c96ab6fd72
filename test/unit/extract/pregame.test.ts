import { describe, expect, it } from 'vitest';
import { extractPregame } from '../../../src/extract/pregame.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';

describe('pregame rows of a hydrated schedule body', () => {
  const game = (status: string, extra: Record<string, unknown> = {}) => ({
    gamePk: 1,
    status: { abstractGameState: status },
    teams: {
      away: { probablePitcher: { id: 10, fullName: 'A P' } },
      home: {},
    },
    lineups: {
      awayPlayers: [
        { id: 21, fullName: 'B One', primaryPosition: { abbreviation: 'SS' } },
        { id: 22, fullName: 'B Two', primaryPosition: { abbreviation: 'CF' } },
      ],
    },
    officials: [
      { official: { id: 31, fullName: 'U One' }, officialType: 'Home Plate' },
      { official: { id: 32 }, officialType: 'Home Plate' },
    ],
    weather: { condition: 'Clear', temp: '71', wind: '8 mph, Out To CF' },
    ...extra,
  });

  it('records what a game not started announces; a side not announced gives no row', () => {
    const { rows, rejects } = extractPregame({ dates: [{ games: [game('Preview')] }] });
    expect(rows.probables).toEqual([
      { game_pk: 1, side: 'away', pitcher_id: 10, pitcher_name: 'A P', seen_in: 'schedule' },
    ]);
    expect(rows.lineups.map((r) => [r.side, r.batting_order, r.person_id, r.position])).toEqual([
      ['away', 1, 21, 'SS'],
      ['away', 2, 22, 'CF'],
    ]);
    expect(rows.officials.map((r) => [r.official_type, r.person_id])).toEqual([['Home Plate', 31]]);
    expect(rejects.map((r) => r.path)).toEqual(['officials[1]']);
    expect(rows.weather).toEqual([{ game_pk: 1, condition: 'Clear', temperature: 71, wind: '8 mph, Out To CF' }]);
  });

  it('leaves out a game under way or over: its listing shows what happened, not what was announced', () => {
    const { rows } = extractPregame({ dates: [{ games: [game('Live'), game('Final')] }] });
    expect(Object.values(rows).flat()).toEqual([]);
  });
});

describeRecorded('recorded schedule bodies', () => {
  it('extract the probables of the games not started, without a reject', () => {
    for (const { file, body } of fixtureBodies('schedule')) {
      const { rows, rejects } = extractPregame(body);
      expect(rejects, file).toEqual([]);
      // biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
      const games = ((body as any).dates ?? []).flatMap((d: any) => d.games ?? []);
      const want = new Set<string>();
      for (const g of games)
        if (g.status?.abstractGameState === 'Preview')
          for (const side of ['away', 'home'])
            if (g.teams?.[side]?.probablePitcher?.id)
              want.add(`${g.gamePk}:${side}:${g.teams[side].probablePitcher.id}`);
      expect(new Set(rows.probables.map((r) => `${r.game_pk}:${r.side}:${r.pitcher_id}`)), file).toEqual(want);
    }
  });
});
