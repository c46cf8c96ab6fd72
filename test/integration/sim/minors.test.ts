import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { missingPaths } from '../../helpers/shape.js';
import { ALLOW, isMinorLeagueFeed, union } from '../../helpers/shape-allow.js';
import { addDays } from '../../helpers/run.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';
import type { RosterMove } from '../../../src/sim/index.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type Json = any;

const LEVELS = [11, 12, 13, 14];
let s: RunningSim;
let games: ReturnType<RunningSim['sim']['listGames']>;

beforeAll(async () => {
  s = await startSim({ seed: 7, sportIds: [1, ...LEVELS], history: 2 });
  games = s.sim.listGames(); // every level and season (simulates the regular seasons to seed the postseasons)
});
afterAll(() => s?.close());

describe('the minor leagues in the simulator', () => {
  it('has 30 clubs per level, each affiliated to a different MLB parent, each with its own park', async () => {
    const mlb: Json[] = (await s.json('/v1/teams?sportId=1')).teams;
    const ids = new Set<number>(mlb.map((t) => t.id));
    const venues = new Set<number>(mlb.map((t) => t.venue.id));
    for (const sportId of LEVELS) {
      const teams: Json[] = (await s.json(`/v1/teams?sportId=${sportId}&season=2025`)).teams;
      expect(teams).toHaveLength(30);
      expect(new Set(teams.map((t) => t.parentOrgId))).toEqual(new Set(mlb.map((t) => t.id)));
      for (const t of teams) {
        expect(t.sport.id).toBe(sportId);
        expect(t.parentOrgName).toBe(mlb.find((p) => p.id === t.parentOrgId).name);
        expect(ids.has(t.id)).toBe(false);
        expect(venues.has(t.venue.id)).toBe(false);
        ids.add(t.id);
        venues.add(t.venue.id);
        expect((await s.json(`/v1/venues/${t.venue.id}`)).venues[0].name).toBe(t.venue.name);
      }
    }
  });

  it('schedules 132 games per club (66 at home); minor-league doubleheaders are seven innings', () => {
    for (const sportId of LEVELS) {
      const level = games.filter((g) => g.sportId === sportId && g.season === 2025);
      expect(level.length).toBe(30 * 66);
      expect(level.every((g) => g.gameType === 'R')).toBe(true);
    }
    const season = JSON.parse(s.sim.render('/api/v1/schedule?sportId=12&season=2025').text);
    const listed: Json[] = season.dates.flatMap((d: Json) => d.games);
    const perClub = new Map<number, Set<number>>();
    for (const g of listed.filter((x) => x.status.codedGameState === 'F'))
      for (const side of ['away', 'home'])
        perClub.set(g.teams[side].team.id, (perClub.get(g.teams[side].team.id) ?? new Set()).add(g.gamePk));
    expect(new Set([...perClub.values()].map((pks) => pks.size))).toEqual(new Set([132]));
    const home = new Map<number, Set<number>>();
    for (const g of listed) home.set(g.teams.home.team.id, (home.get(g.teams.home.team.id) ?? new Set()).add(g.gamePk));
    expect(new Set([...home.values()].map((pks) => pks.size))).toEqual(new Set([66]));
    const doubleHeaders = listed.filter((g) => g.doubleHeader !== 'N');
    expect(doubleHeaders.length).toBeGreaterThan(0);
    expect(new Set(doubleHeaders.map((g) => g.scheduledInnings))).toEqual(new Set([7]));
  });

  it('never shares an id between two people of different levels; levels use their own umpires', async () => {
    const seen = new Map<number, number>();
    for (const sportId of [1, ...LEVELS]) {
      const umps: Json[] = (await s.json(`/v1/jobs/umpires?sportId=${sportId}`)).roster;
      expect(umps.length).toBeGreaterThan(50);
      for (const u of umps) {
        expect(seen.has(u.person.id)).toBe(false);
        seen.set(u.person.id, sportId);
      }
    }
    const feedOf = async (sportId: number) => {
      const g = games.find((x) => x.sportId === sportId && x.codedGameState === 'F')!;
      return (await s.json(`/v1.1/game/${g.gamePk}/feed/live`)) as Json;
    };
    for (const sportId of LEVELS) {
      const feed = await feedOf(sportId);
      expect(feed.gameData.teams.home.sport.id).toBe(sportId);
      expect(feed.gameData.game.id).toMatch(/^\d{4}\/\d{2}\/\d{2}\/[a-z]{3}a[a-z]{2}-[a-z]{3}a[a-z]{2}-\d$/);
      for (const o of feed.liveData.boxscore.officials) expect(seen.get(o.official.id)).toBe(sportId);
    }
  });

  // A promotion into each level from the one below it (club ids: MLB < 1000 < minor-league clubs).
  const levelOf = async (teamId: number): Promise<number> => (await s.json(`/v1/teams/${teamId}`)).teams[0].sport.id;
  const promotionInto = async (sportId: number): Promise<RosterMove> => {
    const below = sportId === 1 ? 11 : sportId + 1;
    for (const m of s.sim.moves)
      if (m.kind === 'swap' && m.date.startsWith('2025-') && (await levelOf(m.toTeamId)) === sportId) {
        const first = s.sim.moves.find((x) => x.personId === m.personId && x.kind === 'swap');
        // His first move, from the level below: up, not back down.
        if (first === m && (await levelOf(m.fromTeamId)) === below) return m;
      }
    throw new Error(`no promotion into sport ${sportId}`);
  };

  for (const [label, sportId] of [
    ['Triple-A to MLB', 1],
    ['Double-A to Triple-A', 11],
    ['Single-A to High-A', 13],
  ] as const)
    it(`moves a promoted player (${label}): rosters of both clubs, the people change log, and only his club of the day plays him`, async () => {
      const up = await promotionInto(sportId);
      const down = s.sim.moves.find((m) => m.date === up.date && m.personId === up.replaces)!;
      expect(down).toMatchObject({ fromTeamId: up.toTeamId, toTeamId: up.fromTeamId, replaces: up.personId });
      const roster = async (team: number, date: string) =>
        ((await s.json(`/v1/teams/${team}/roster/active?date=${date}`)).roster as Json[]).map((e) => e.person.id);
      const before = addDays(up.date, -1);
      expect(await roster(up.fromTeamId, before)).toContain(up.personId);
      expect(await roster(up.toTeamId, before)).not.toContain(up.personId);
      expect(await roster(up.toTeamId, up.date)).toContain(up.personId);
      expect(await roster(up.fromTeamId, up.date)).not.toContain(up.personId);
      expect(await roster(up.fromTeamId, up.date)).toContain(up.replaces);
      const [upper, lower] = [
        (await s.json(`/v1/teams/${up.toTeamId}`)).teams[0],
        (await s.json(`/v1/teams/${up.fromTeamId}`)).teams[0],
      ];
      expect(lower.parentOrgId).toBe(upper.parentOrgId ?? upper.id);

      const since = new Date(up.atMs - 1_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const changed: Json[] = (await s.json(`/v1/people/changes?updatedSince=${since}`)).people;
      expect(changed.map((p) => p.id)).toEqual(expect.arrayContaining([up.personId, up.replaces]));
      expect(changed.find((p) => p.id === up.personId)?.currentTeam?.id).toBeDefined();

      // Every game of both clubs from ten days before to ten days after: he plays only for his club of the day.
      const back = s.sim.moves.find((m) => m.personId === up.personId && m.date > up.date)!;
      const withUpper = (date: string) => date >= up.date && date < back.date;
      let appearances = 0;
      for (const [team, sport] of [
        [up.toTeamId, upper.sport.id],
        [up.fromTeamId, lower.sport.id],
      ]) {
        const sched = await s.json(
          `/v1/schedule?sportId=${sport}&teamId=${team}&startDate=${addDays(up.date, -10)}&endDate=${addDays(back.date, 10)}`,
        );
        for (const d of sched.dates as Json[]) {
          for (const g of d.games as Json[]) {
            if (g.status.codedGameState !== 'F') continue;
            const box = await s.json(`/v1/game/${g.gamePk}/boxscore`);
            const side = box.teams.away.team.id === team ? box.teams.away : box.teams.home;
            const listed = side.players[`ID${up.personId}`] !== undefined;
            const expected = team === up.toTeamId ? withUpper(d.date) : !withUpper(d.date);
            expect({ date: d.date, team, listed }).toEqual({ date: d.date, team, listed: expected });
            if (listed && side.players[`ID${up.personId}`].stats.batting.plateAppearances !== undefined) appearances++;
          }
        }
      }
      expect(appearances).toBeGreaterThan(0);
    }, 120_000);

  it('sends an injured reliever on a rehab assignment: on the affiliate roster as RA for its days only', async () => {
    const rehab = s.sim.moves.find((m) => m.kind === 'rehab' && m.date.startsWith('2025-'))!;
    const end = s.sim.moves.find((m) => m.kind === 'rehabEnd' && m.personId === rehab.personId && m.date > rehab.date)!;
    const entry = async (date: string) =>
      ((await s.json(`/v1/teams/${rehab.toTeamId}/roster/active?date=${date}`)).roster as Json[]).find(
        (e) => e.person.id === rehab.personId,
      );
    expect(await entry(addDays(rehab.date, -1))).toBeUndefined();
    expect((await entry(rehab.date))?.status).toEqual({ code: 'RA', description: 'Rehab Assignment' });
    expect(await entry(end.date)).toBeUndefined();
    const full = (await s.json(`/v1/teams/${rehab.fromTeamId}/roster/40Man?date=${end.date}`)).roster as Json[];
    expect(full.find((e) => e.person.id === rehab.personId)?.status.code).toBe('D10');
  });
});

describe('past seasons in the simulator', () => {
  it('serves each season its own schedule, all final, with the same players', async () => {
    const bySeason = (season: number) => games.filter((g) => g.season === season && g.sportId === 1);
    const [a, b, c] = [bySeason(2023), bySeason(2024), bySeason(2025)];
    expect(a.filter((g) => g.gameType === 'R')).toHaveLength(2430);
    expect(new Set([...a, ...b, ...c].map((g) => g.gamePk)).size).toBe(a.length + b.length + c.length);
    expect(a.filter((g) => g.gameType === 'R').every((g) => g.codedGameState === 'F')).toBe(true);
    const sched = await s.json('/v1/schedule?sportId=1&season=2023&gameType=W');
    expect(sched.totalGames).toBeGreaterThanOrEqual(4);
    const pk = a.find((g) => g.gameType === 'R')!.gamePk;
    const box = await s.json(`/v1/game/${pk}/boxscore`);
    const someone = Number(Object.keys(box.teams.home.players)[0]!.slice(2));
    const person = (await s.json(`/v1/people/${someone}`)).people[0];
    expect(person.fullName).toBe(box.teams.home.players[`ID${someone}`].person.fullName);
  });

  it('keeps a franchise history: the Athletics renamed, Atlanta moved to another division', async () => {
    const club = async (season: number, id: number) =>
      ((await s.json(`/v1/teams?sportId=1&season=${season}`)).teams as Json[]).find((t) => t.id === id);
    expect((await club(2023, 133)).name).toBe('Oakland Athletics');
    expect((await club(2024, 133)).name).toBe('Oakland Athletics');
    expect((await club(2025, 133)).name).toBe('Athletics');
    expect((await club(2024, 133)).venue.name).toBe('Oakland Coliseum');
    expect((await club(2023, 144)).division.id).toBe(205);
    expect((await club(2024, 144)).division.id).toBe(204);
    const past = s.sim
      .listGames()
      .find((g) => g.season === 2024 && g.sportId === 1 && g.gameType === 'R' && g.codedGameState === 'F')!;
    const feed = await s.json(`/v1.1/game/${past.gamePk}/feed/live`);
    expect(feed.gameData.game.season).toBe('2024');
  });

  it('is off by default: a plain simulator serves MLB and one season only', async () => {
    const plain = await startSim({ seed: 7 });
    try {
      expect((await plain.json('/v1/teams?sportId=11')).teams).toEqual([]);
      expect((await plain.json('/v1/schedule?sportId=1&season=2024')).totalGames).toBe(0);
      expect(new Set(plain.sim.listGames().map((g) => g.sportId))).toEqual(new Set([1]));
    } finally {
      await plain.close();
    }
  });
});

describeRecorded('minor-league bodies carry every key path of the real minor-league feeds', () => {
  it('feed/live covers the recorded Triple-A and Class A feeds', async () => {
    const real = fixtureBodies('liveGameV1')
      .map((f) => f.body)
      .filter(isMinorLeagueFeed);
    expect(real.length).toBeGreaterThanOrEqual(2);
    const pks = LEVELS.flatMap((sportId) =>
      s.sim
        .listGames()
        .filter((g) => g.sportId === sportId && g.season === 2025 && g.codedGameState === 'F')
        .filter((_, i) => i % 400 === 0)
        .map((g) => g.gamePk),
    );
    const bodies = [];
    for (const pk of pks) bodies.push(await s.json(`/v1.1/game/${pk}/feed/live`));
    expect(missingPaths(union(real), union(bodies), ALLOW.game)).toEqual([]);
  }, 60_000);
});
