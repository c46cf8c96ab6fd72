import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeasonModel } from '../../../src/sim/season.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

let s: RunningSim;
let season: J;

beforeAll(async () => {
  s = await startSim({ seed: 3 });
  season = await s.json('/v1/schedule?sportId=1&season=2025');
}, 60_000);

afterAll(() => s?.close());

const games = (): J[] => season.dates.flatMap((d: J) => d.games.map((g: J) => ({ ...g, listedOn: d.date })));

describe('the season schedule', () => {
  it('builds spring training and the 2,430-game regular season without simulating a game', () => {
    const model = createSeasonModel(99, 2025);
    expect(model.baseGames.filter((g) => g.gameType === 'R')).toHaveLength(2430);
    // What made a build slow would be playing games: none is played until one is asked for…
    expect(model.gamesSimulated()).toBe(0);
    const pk = model.baseGames.find((g) => g.gameType === 'R')!.gamePk;
    model.outcome(pk);
    model.outcome(pk);
    // …and an outcome is played once.
    expect(model.gamesSimulated()).toBe(1);
  });

  it('gives every club 162 regular-season games, 81 at home, with unique gamePks', () => {
    const regular = new Map<number, J>();
    for (const g of games()) if (g.gameType === 'R') regular.set(g.gamePk, g);
    expect(regular.size).toBe(2430);
    const home = new Map<number, number>();
    const all = new Map<number, number>();
    for (const g of regular.values()) {
      for (const side of ['away', 'home']) all.set(g.teams[side].team.id, (all.get(g.teams[side].team.id) ?? 0) + 1);
      home.set(g.teams.home.team.id, (home.get(g.teams.home.team.id) ?? 0) + 1);
    }
    expect(all.size).toBe(30);
    expect([...all.values()].every((n) => n === 162)).toBe(true);
    expect([...home.values()].every((n) => n === 81)).toBe(true);
    const pks = s.sim.listGames().map((g) => g.gamePk);
    expect(new Set(pks).size).toBe(pks.length);
  });

  it('has spring training, and a postseason of Wild Card, Division, LCS and World Series games', () => {
    const types = new Set(games().map((g) => g.gameType));
    for (const t of ['S', 'R', 'F', 'D', 'L', 'W']) expect(types).toContain(t);
    const ws = games().filter((g) => g.gameType === 'W');
    expect(ws.length).toBeGreaterThanOrEqual(4);
    expect(ws.every((g) => g.seriesDescription === 'World Series')).toBe(true);
  });

  it('has split and traditional doubleheaders numbered 1 and 2', () => {
    for (const kind of ['S', 'Y']) {
      const dh = games().filter((g) => g.doubleHeader === kind);
      expect(dh.length).toBeGreaterThanOrEqual(2);
      expect(new Set(dh.map((g) => g.gameNumber))).toEqual(new Set([1, 2]));
    }
  });

  it('keeps a postponed game’s gamePk: status D on the original date and rescheduledFrom on the makeup date', () => {
    const ppd = games().filter((g) => g.status.codedGameState === 'D');
    expect(ppd.length).toBeGreaterThan(0);
    for (const g of ppd) {
      expect(g.status.detailedState).toBe('Postponed');
      expect(g.rescheduleGameDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(g.rescheduleDate).toMatch(/Z$/);
      const makeup = games().filter((m) => m.gamePk === g.gamePk && m.listedOn === g.rescheduleGameDate);
      expect(makeup).toHaveLength(1);
      expect(makeup[0].rescheduledFromDate).toBe(g.listedOn);
      expect(makeup[0].status.codedGameState).toBe('F');
    }
  });

  it('lists a suspended-then-resumed game under both dates with the same gamePk', () => {
    const resumed = games().filter((g) => g.resumedFromDate);
    expect(resumed).toHaveLength(1);
    const original = games().filter((g) => g.gamePk === resumed[0].gamePk && g.listedOn === resumed[0].resumedFromDate);
    expect(original).toHaveLength(1);
    expect(original[0].resumeGameDate).toBe(resumed[0].listedOn);
    expect(resumed[0].officialDate).toBe(resumed[0].resumedFromDate);
    expect(resumed[0].status.codedGameState).toBe('F');
  });

  it('has a cancelled game', () => {
    expect(games().filter((g) => g.status.codedGameState === 'C')).toHaveLength(1);
  });

  it('has evening games whose UTC gameDate falls on the next day', () => {
    const crossing = games().filter(
      (g) => g.gameType === 'R' && g.gameDate.slice(0, 10) !== g.officialDate && !g.rescheduleDate && !g.resumedFrom,
    );
    expect(crossing.length).toBeGreaterThan(100);
    expect(crossing.every((g) => g.gameDate.slice(0, 10) > g.officialDate)).toBe(true);
  });

  it('filters by date, gameType, teamId and gamePk, and defaults to today per the sim clock', async () => {
    const day = await s.json('/v1/schedule?sportId=1&date=2025-06-10');
    expect(day.dates).toHaveLength(1);
    expect(day.totalGames).toBe(day.dates[0].games.length);
    const team = await s.json('/v1/schedule?sportId=1&season=2025&gameType=R&teamId=147');
    expect(team.totalItems).toBeGreaterThanOrEqual(162);
    const pk = day.dates[0].games[0].gamePk;
    const one = await s.json(`/v1/schedule?gamePk=${pk}`);
    expect(one.dates.flatMap((d: J) => d.games).every((g: J) => g.gamePk === pk)).toBe(true);
    const milb = await s.json('/v1/schedule?sportId=11&date=2025-06-10');
    expect(milb.totalItems).toBe(0);
    s.sim.setNow(new Date('2025-06-10T17:00:00Z'));
    const today = await s.json('/v1/schedule?sportId=1');
    expect(today.dates[0].date).toBe('2025-06-10');
  });
});
