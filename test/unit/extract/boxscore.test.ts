import { describe, expect, it } from 'vitest';
import { decisionOf, decisionsFrom, extractBoxscore, inningsPitchedToOuts } from '../../../src/extract/index.js';
import { cloneFixture, describeRecorded, fixture, fixtureNames, gamePkOf } from '../../fixtures.js';

describeRecorded('boxscore over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  /** Every real boxscore body: feed/live `liveData.boxscore` and standalone /boxscore. */
  const bodies = [
    ...fixtureNames('liveGameV1').map((name) => ({ name, body: () => fixture<Body>(name).liveData.boxscore })),
    ...fixtureNames('boxscore').map((name) => ({ name, body: () => fixture<Body>(name) })),
  ];

  const SIDES = ['away', 'home'] as const;
  const BOX = 'boxscore/747175_2024R_TOR-at-AZ.json';
  const sum = (values: Array<number | null>) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

  describe.each(bodies)('extractBoxscore over $name', ({ name, body }) => {
    const gamePk = gamePkOf(name);
    const box: Body = body();
    const { rows, rejects } = extractBoxscore(gamePk, box);

    it('makes a pitching line per listed pitcher, in order, and rejects nothing', () => {
      expect(rejects).toEqual([]);
      for (const side of SIDES) {
        const lines = rows.pitchingLines.filter((l) => l.side === side);
        expect(lines.map((l) => l.person_id)).toEqual(box.teams[side].pitchers);
        expect(lines.map((l) => l.pitching_order)).toEqual(lines.map((_, i) => i + 1));
        expect(lines.map((l) => l.is_starter)).toEqual(lines.map((_, i) => i === 0));
      }
    });

    it('makes a batting line for every batter and every player with batting stats, and none for the bench', () => {
      for (const side of SIDES) {
        const team = box.teams[side];
        const expected = Object.values<Body>(team.players)
          .filter((p) => Object.keys(p.stats.batting).length > 0 || team.batters.includes(p.person.id))
          .map((p) => p.person.id);
        const lines = rows.battingLines.filter((l) => l.side === side);
        expect(lines.map((l) => l.person_id).sort()).toEqual(expected.sort());
        // A preview's boxscore lists the rosters with empty stats: no line at all.
        for (const line of lines) expect(line.team_id).toBe(team.team.id);
      }
    });

    it('reconciles runs, hits and strikeouts of the batting lines with teamStats.batting', () => {
      for (const side of SIDES) {
        const lines = rows.battingLines.filter((l) => l.side === side);
        const batting = box.teams[side].teamStats.batting;
        expect(sum(lines.map((l) => l.runs))).toBe(batting.runs);
        expect(sum(lines.map((l) => l.hits))).toBe(batting.hits);
        expect(sum(lines.map((l) => l.strike_outs))).toBe(batting.strikeOuts);
      }
    });

    it('reconciles strikeouts, hits and outs of the pitching lines with teamStats.pitching', () => {
      for (const side of SIDES) {
        const lines = rows.pitchingLines.filter((l) => l.side === side);
        const pitching = box.teams[side].teamStats.pitching;
        expect(sum(lines.map((l) => l.strike_outs))).toBe(pitching.strikeOuts);
        expect(sum(lines.map((l) => l.hits))).toBe(pitching.hits);
        expect(sum(lines.map((l) => l.outs))).toBe(inningsPitchedToOuts(pitching.inningsPitched));
        // Team numberOfPitches is absent from pre-2021 bodies.
        if (pitching.numberOfPitches !== undefined)
          expect(sum(lines.map((l) => l.pitches))).toBe(pitching.numberOfPitches);
      }
    });

    it('gives at most one W, one L and one S, on opposite teams', () => {
      const decided = rows.pitchingLines.filter((l) => l.decision !== null);
      const of = (d: string) => decided.filter((l) => l.decision === d);
      for (const d of ['W', 'L', 'S']) expect(of(d).length).toBeLessThanOrEqual(1);
      if (of('W').length === 1 && of('L').length === 1) expect(of('W')[0]?.side).not.toBe(of('L')[0]?.side);
      if (of('S').length === 1) expect(of('S')[0]?.side).toBe(of('W')[0]?.side);
    });
  });

  describe('decisions', () => {
    it.each(fixtureNames('liveGameV1'))('agree with liveData.decisions in %s', (name) => {
      const feed: Body = fixture(name);
      const fromFeed = decisionsFrom(feed.liveData);
      const decided = extractBoxscore(feed.gamePk, feed.liveData.boxscore)
        .rows.pitchingLines.filter((l) => l.decision !== null)
        .map((l) => [l.person_id, l.decision] as const);
      expect(new Map(decided)).toEqual(fromFeed);
      if (feed.gameData.status.codedGameState === 'F') expect(fromFeed.size).toBeGreaterThanOrEqual(2);
    });

    it.each([
      [{ wins: 1, losses: 0, saves: 0 }, 'W'],
      [{ wins: 0, losses: 1, saves: 0 }, 'L'],
      [{ wins: 0, losses: 0, saves: 1 }, 'S'],
      [{ note: '(W, 5-3)' }, 'W'],
      [{ note: '(L, 2-2)(BS, 3)' }, 'L'],
      [{ note: '(S, 10)' }, 'S'],
      [{ note: '(BS, 2)' }, null],
      [{ note: '(H, 19)' }, null],
      [{ wins: 0, losses: 0, saves: 0 }, null],
    ])('decisionOf(%j) is %s', (pitching, expected) => {
      expect(decisionOf(pitching)).toBe(expected);
    });

    it('falls back to the feed decisions when stats and note say nothing', () => {
      expect(decisionOf({}, 'S')).toBe('S');
      expect(decisionOf({ losses: 1 }, 'W')).toBe('L');
    });
  });

  describe('inningsPitchedToOuts', () => {
    it.each([
      ['6.1', 19],
      ['0.2', 2],
      ['7.0', 21],
      ['0.0', 0],
      ['8.2', 26],
      ['9', 27],
      [6.1, 19],
      ['', null],
      [undefined, null],
      [null, null],
      ['6.3', null],
      ['-.--', null],
      ['six', null],
      ['1.10', null],
    ])('%j → %s', (ip, outs) => {
      expect(inningsPitchedToOuts(ip)).toBe(outs);
    });
  });

  describe('extractBoxscore on edge and malformed input', () => {
    const real = extractBoxscore(747175, fixture(BOX)).rows;
    const starter = (box: Body) => box.teams.away.players[`ID${box.teams.away.pitchers[0]}`];

    it('rejects a batter without person.id and keeps every other line', () => {
      const box = cloneFixture(BOX);
      const id = box.teams.home.batters[0];
      delete box.teams.home.players[`ID${id}`].person.id;
      const { rows, rejects } = extractBoxscore(747175, box);
      expect(rejects).toMatchObject([
        {
          game_pk: 747175,
          target: 'batting_lines',
          path: `teams.home.players.ID${id}`,
          reason: 'player without person.id',
        },
      ]);
      expect(rows.battingLines).toHaveLength(real.battingLines.length - 1);
      expect(rows.pitchingLines).toEqual(real.pitchingLines);
    });

    it('rejects a pitching line with an unreadable inningsPitched, and a listed pitcher missing from players', () => {
      const box = cloneFixture(BOX);
      starter(box).stats.pitching.inningsPitched = '4.5';
      box.teams.home.pitchers.push(999999);
      const { rows, rejects } = extractBoxscore(747175, box);
      expect(rejects.map((r) => [r.target, r.path, r.reason])).toEqual([
        ['pitching_lines', 'teams.away.pitchers[0]', 'unreadable inningsPitched "4.5"'],
        [
          'pitching_lines',
          `teams.home.pitchers[${box.teams.home.pitchers.length - 1}]`,
          'pitcher 999999 not in players',
        ],
      ]);
      expect(rows.pitchingLines).toHaveLength(real.pitchingLines.length - 1);
      expect(rows.battingLines).toEqual(real.battingLines);
    });

    it('rejects a whole side without team.id', () => {
      const box = cloneFixture(BOX);
      delete box.teams.away.team.id;
      const { rows, rejects } = extractBoxscore(747175, box);
      expect(rejects).toMatchObject([{ path: 'teams.away', reason: 'side without team.id' }]);
      expect(rows.battingLines.every((l) => l.side === 'home')).toBe(true);
      expect(rows.pitchingLines.every((l) => l.side === 'home')).toBe(true);
    });

    it('uses the outs stat without inningsPitched, and 0 pitches when numberOfPitches and pitchesThrown are absent', () => {
      const box = cloneFixture(BOX);
      const pitching = starter(box).stats.pitching;
      delete pitching.inningsPitched;
      delete pitching.numberOfPitches;
      delete pitching.pitchesThrown;
      const line = extractBoxscore(747175, box).rows.pitchingLines[0];
      expect(line).toMatchObject({ outs: pitching.outs, innings_pitched: null, pitches: 0 });
      delete pitching.outs;
      expect(extractBoxscore(747175, box).rows.pitchingLines[0]?.outs).toBeNull();
    });

    it('keys a player who appears for both teams (suspended game) by team, from the side, not parentTeamId', () => {
      const box = cloneFixture(BOX);
      const id = box.teams.away.pitchers[1];
      box.teams.home.players[`ID${id}`] = structuredClone(box.teams.away.players[`ID${id}`]);
      box.teams.home.pitchers.push(id);
      const lines = extractBoxscore(747175, box).rows.pitchingLines.filter((l) => l.person_id === id);
      expect(lines.map((l) => [l.side, l.team_id])).toEqual([
        ['away', box.teams.away.team.id],
        ['home', box.teams.home.team.id],
      ]);
    });

    it('maps a real batting line', () => {
      const box: Body = fixture(BOX);
      const id = box.teams.away.batters[1];
      const line = real.battingLines.find((l) => l.person_id === id);
      expect(line).toEqual({
        game_pk: 747175,
        team_id: 141,
        person_id: id,
        side: 'away',
        batting_order: 200,
        // `position` is where he ended the game; allPositions lists every position in order.
        position: '1B',
        all_positions: '2B,1B',
        is_substitute: false,
        games_played: 1,
        plate_appearances: 4,
        at_bats: 3,
        runs: 0,
        hits: 1,
        doubles: 0,
        triples: 0,
        home_runs: 0,
        rbi: 1,
        base_on_balls: 0,
        intentional_walks: 0,
        strike_outs: 0,
        hit_by_pitch: 0,
        stolen_bases: 0,
        caught_stealing: 0,
        sac_bunts: 0,
        sac_flies: 1,
        ground_into_double_play: 0,
        left_on_base: 0,
        total_bases: 1,
      });
    });
  });
});
