import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';
import { defined } from '../../helpers/defined.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

let s: RunningSim;
let season: J;
const listings = (): J[] => season.dates.flatMap((d: J) => d.games.map((g: J) => ({ ...g, listedOn: d.date })));
const at = (iso: string | number) => s.sim.setNow(new Date(iso));
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  s = await startSim({ seed: 5 });
  season = await s.json('/v1/schedule?sportId=1&season=2025');
}, 60_000);

afterAll(() => s?.close());

describe('the clock moves games from Preview to Live to Final', () => {
  it('shows a game scheduled, then in progress with partial plays, then Game Over, then Final', async () => {
    const game = listings().find((g) => g.listedOn === '2025-07-22' && g.doubleHeader === 'N');
    const pk = game.gamePk;
    const start = Date.parse(game.gameDate);
    const final = await s.json(`/v1.1/game/${pk}/feed/live`);
    const allPlays = final.liveData.plays.allPlays.length;
    const end = Date.parse(final.liveData.plays.allPlays[allPlays - 1].about.endTime);

    at(start - 2 * 3_600_000);
    let feed = await s.json(`/v1.1/game/${pk}/feed/live`);
    expect(feed.gameData.status.codedGameState).toBe('S');
    expect(feed.liveData.plays.allPlays).toEqual([]);

    at(start + 70 * 60_000);
    feed = await s.json(`/v1.1/game/${pk}/feed/live`);
    expect(feed.gameData.status).toMatchObject({ abstractGameState: 'Live', codedGameState: 'I' });
    const plays: J[] = feed.liveData.plays.allPlays;
    expect(plays.length).toBeGreaterThan(5);
    expect(plays.length).toBeLessThan(allPlays);
    for (const p of plays)
      for (const e of p.playEvents) expect(Date.parse(e.endTime)).toBeLessThanOrEqual(start + 70 * 60_000);
    const day = await s.json(`/v1/schedule?sportId=1&date=${game.listedOn}`);
    expect(day.totalGamesInProgress).toBeGreaterThan(0);

    at(end + 5 * 60_000);
    feed = await s.json(`/v1.1/game/${pk}/feed/live`);
    expect(feed.gameData.status.codedGameState).toBe('O');
    at(end + 30 * 60_000);
    feed = await s.json(`/v1.1/game/${pk}/feed/live`);
    expect(feed.gameData.status.codedGameState).toBe('F');
    expect(feed.liveData.plays.allPlays).toHaveLength(allPlays);

    const stamps: string[] = await s.json(`/v1.1/game/${pk}/feed/live/timestamps`);
    expect(stamps.length).toBeGreaterThan(100);
    expect(stamps.every((t) => /^\d{8}_\d{6}$/.test(t))).toBe(true);
    const mid = defined(stamps[Math.floor(stamps.length / 2)], 'the middle timestamp');
    const snap = await s.json(`/v1.1/game/${pk}/feed/live?timecode=${mid}`);
    expect(snap.gameData.status.codedGameState).toBe('I');
    expect(snap.metaData.timeStamp <= mid).toBe(true);
  });

  it('lists a postponed game as scheduled until the postponement, then on both dates', async () => {
    const ppd = listings().find((g) => g.status.codedGameState === 'D');
    const originalStart = Date.parse(ppd.gameDate);
    at(originalStart - 6 * 3_600_000);
    let day = await s.json(`/v1/schedule?sportId=1&date=${ppd.listedOn}`);
    let g = day.dates[0].games.find((x: J) => x.gamePk === ppd.gamePk);
    expect(g.status.codedGameState).toBe('S');
    expect(g.rescheduleDate).toBeUndefined();
    at(originalStart + 60_000);
    day = await s.json(`/v1/schedule?sportId=1&date=${ppd.listedOn}`);
    g = day.dates[0].games.find((x: J) => x.gamePk === ppd.gamePk);
    expect(g.status).toMatchObject({ codedGameState: 'D', detailedState: 'Postponed' });
    const makeup = await s.json(`/v1/schedule?sportId=1&date=${ppd.rescheduleGameDate}`);
    expect(makeup.dates[0].games.find((x: J) => x.gamePk === ppd.gamePk).rescheduledFromDate).toBe(ppd.listedOn);
  });

  it('shows a suspended game as U under both dates until it is resumed and finished', async () => {
    const resumed = listings().find((g) => g.resumedFromDate);
    at(Date.parse(resumed.gameDate) - 3 * 3_600_000);
    const feed = await s.json(`/v1.1/game/${resumed.gamePk}/feed/live`);
    expect(feed.gameData.status).toMatchObject({
      abstractGameState: 'Live',
      codedGameState: 'U',
      detailedState: 'Suspended',
    });
    const both = await s.json(`/v1/schedule?gamePk=${resumed.gamePk}`);
    const dates = both.dates.map((d: J) => d.date);
    expect(dates).toEqual([resumed.resumedFromDate, resumed.listedOn]);
    expect(both.dates.every((d: J) => d.games[0].status.codedGameState === 'U')).toBe(true);
  });
});

describe('change logs and corrections', () => {
  it('a scoring change rewrites boxscore and plays consistently and re-enters the game change log', async () => {
    at('2025-08-20T12:00:00Z');
    const before = await s.json('/v1/game/changes?updatedSince=2025-08-20T11:59:00Z&sportId=1');
    expect(before.totalItems).toBe(0);
    const candidates = listings().filter((g) => g.listedOn === '2025-08-18' && g.gameType === 'R');
    const pk = candidates[0].gamePk;
    const box0 = await s.json(`/v1/game/${pk}/boxscore`);
    const pbp0 = await s.json(`/v1/game/${pk}/playByPlay`);
    const fix = s.sim.correctGame(pk);
    expect(fix.gamePk).toBe(pk);
    const box1 = await s.json(`/v1/game/${pk}/boxscore`);
    const pbp1 = await s.json(`/v1/game/${pk}/playByPlay`);
    const ls1 = await s.json(`/v1/game/${pk}/linescore`);
    const changed = pbp1.allPlays.filter((p: J, i: number) => p.result.eventType !== pbp0.allPlays[i].result.eventType);
    expect(changed).toHaveLength(1);
    const toHit = changed[0].result.eventType === 'single';
    const batting = changed[0].about.isTopInning ? 'away' : 'home';
    const fielding = batting === 'away' ? 'home' : 'away';
    expect(box1.teams[batting].teamStats.batting.hits - box0.teams[batting].teamStats.batting.hits).toBe(
      toHit ? 1 : -1,
    );
    expect(box1.teams[fielding].teamStats.fielding.errors - box0.teams[fielding].teamStats.fielding.errors).toBe(
      toHit ? -1 : 1,
    );
    expect(box1.teams[batting].teamStats.batting.runs).toBe(box0.teams[batting].teamStats.batting.runs);
    expect(ls1.teams[batting].hits).toBe(box1.teams[batting].teamStats.batting.hits);
    expect(ls1.teams[fielding].errors).toBe(box1.teams[fielding].teamStats.fielding.errors);
    const after = await s.json('/v1/game/changes?updatedSince=2025-08-20T11:59:00Z&sportId=1');
    expect(after.totalItems).toBe(1);
    expect(after.dates[0].games[0].gamePk).toBe(pk);
    const feed = await s.json(`/v1.1/game/${pk}/feed/live`);
    expect(feed.metaData.timeStamp).toBe('20250820_120000');
  });

  it('the game change log pages stably with totalItems counting every match', async () => {
    at('2025-09-01T12:00:00Z');
    const all = await s.json('/v1/game/changes?updatedSince=2025-08-25T00:00:00Z&sportId=1&season=2025');
    expect(all.totalItems).toBeGreaterThan(50);
    const pks: number[] = [];
    for (let offset = 0; offset < all.totalItems; offset += 25) {
      const page = await s.json(
        `/v1/game/changes?updatedSince=2025-08-25T00:00:00Z&sportId=1&limit=25&offset=${offset}`,
      );
      expect(page.totalItems).toBe(all.totalItems);
      pks.push(...page.dates.flatMap((d: J) => d.games.map((g: J) => g.gamePk)));
    }
    expect(pks).toEqual(all.dates.flatMap((d: J) => d.games.map((g: J) => g.gamePk)));
    expect((await s.get('/v1/game/changes?sportId=1')).status).toBe(400);
  });

  it('a person change (trade, new number) shows on /people and in the people change log', async () => {
    at('2025-08-21T15:00:00Z');
    const roster = await s.json('/v1/teams/147/roster/active');
    const id = roster.roster[0].person.id;
    const p0 = (await s.json(`/v1/people/${id}`)).people[0];
    const trade = s.sim.changePerson(id);
    expect(trade.personId).toBe(id);
    const log = await s.json(`/v1/people/changes?updatedSince=${iso(Date.parse('2025-08-21T15:00:00Z') - 1000)}`);
    expect(log.people.map((p: J) => p.id)).toContain(id);
    const p1 = (await s.json(`/v1/people?personIds=${id}`)).people[0];
    expect(p1.currentTeam.id === p0.currentTeam.id && p1.primaryNumber === p0.primaryNumber).toBe(false);
    if (p1.currentTeam.id !== p0.currentTeam.id) {
      const newRoster = await s.json(`/v1/teams/${p1.currentTeam.id}/roster/active`);
      expect(newRoster.roster.map((r: J) => r.person.id)).toContain(id);
    }
    at('2025-08-20T00:00:00Z');
    const earlier = (await s.json(`/v1/people/${id}`)).people[0];
    expect(earlier.currentTeam.id).toBe(p0.currentTeam.id);
  });

  it('the clock is controllable over HTTP', async () => {
    let res = await fetch(s.url.replace(/\/api$/, '/__sim/clock'), {
      method: 'POST',
      body: JSON.stringify({ now: '2025-05-01T00:00:00Z' }),
    });
    expect(((await res.json()) as J).now).toBe('2025-05-01T00:00:00.000Z');
    res = await fetch(s.url.replace(/\/api$/, '/__sim/clock'), {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 90_000 }),
    });
    expect(((await res.json()) as J).now).toBe('2025-05-01T00:01:30.000Z');
    expect(s.sim.now().toISOString()).toBe('2025-05-01T00:01:30.000Z');
    res = await fetch(s.url.replace(/\/api$/, '/__sim/correct'), { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as J).gamePk).toBeGreaterThan(0);
    res = await fetch(s.url.replace(/\/api$/, '/__sim/person-change'), {
      method: 'POST',
      body: JSON.stringify({ change: 'number' }),
    });
    expect(((await res.json()) as J).change).toMatch(/^primaryNumber/);
  });
});
