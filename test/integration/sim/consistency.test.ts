import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';
import { defined } from '../../helpers/defined.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

const GAMES = 100;
let s: RunningSim;
const feeds: J[] = [];
const boxes: J[] = [];
const linescores: J[] = [];

beforeAll(async () => {
  s = await startSim({ seed: 11 });
  const finals = s.sim.listGames().filter((g) => g.codedGameState === 'F' && g.gameType !== 'S');
  const step = Math.floor(finals.length / GAMES);
  for (let i = 0; i < GAMES; i++) {
    const feed = await s.json(`/v1.1/game/${defined(finals[i * step], 'a final game').gamePk}/feed/live`);
    feeds.push(feed);
    boxes.push(feed.liveData.boxscore);
    linescores.push(feed.liveData.linescore);
  }
}, 120_000);

afterAll(() => s?.close());

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const players = (team: J): J[] => Object.values(team.players);
const HITS = new Set(['single', 'double', 'triple', 'home_run']);

describe(`over ${GAMES} simulated games, every body tells the same story`, () => {
  it('batting lines add up to team totals, which equal the linescore and the plays', () => {
    for (const [i, feed] of feeds.entries()) {
      const plays: J[] = feed.liveData.plays.allPlays;
      for (const side of ['away', 'home'] as const) {
        const team = boxes[i].teams[side];
        const batting = team.teamStats.batting;
        const ls = linescores[i];
        const top = side === 'away';
        expect(sum(players(team).map((p) => p.stats.batting.runs ?? 0))).toBe(batting.runs);
        expect(sum(players(team).map((p) => p.stats.batting.hits ?? 0))).toBe(batting.hits);
        expect(sum(players(team).map((p) => p.stats.batting.leftOnBase ?? 0))).toBe(batting.leftOnBase);
        expect(ls.teams[side].runs).toBe(batting.runs);
        expect(ls.teams[side].hits).toBe(batting.hits);
        expect(sum(ls.innings.map((inn: J) => inn[side].runs ?? 0))).toBe(batting.runs);
        expect(sum(ls.innings.map((inn: J) => inn[side].leftOnBase))).toBe(ls.teams[side].leftOnBase);
        expect(plays.filter((p) => p.about.isTopInning === top && HITS.has(p.result.eventType)).length).toBe(
          batting.hits,
        );
        const last = plays[plays.length - 1];
        expect(top ? last.result.awayScore : last.result.homeScore).toBe(batting.runs);
        // Errors are charged to the fielding team: credits in the other half-innings' plays.
        const errorCredits = plays
          .filter((p) => p.about.isTopInning !== top)
          .flatMap((p) => p.runners.flatMap((r: J) => r.credits))
          .filter((c: J) => c.credit === 'f_fielding_error' || c.credit === 'f_throwing_error').length;
        expect(team.teamStats.fielding.errors).toBe(errorCredits);
        expect(ls.teams[side].errors).toBe(errorCredits);
        expect(sum(players(team).map((p) => p.stats.fielding.errors ?? 0))).toBe(errorCredits);
      }
    }
  });

  it('the standalone boxscore, linescore and playByPlay agree with the live feed', async () => {
    for (const feed of feeds.slice(0, 15)) {
      const pk = feed.gamePk;
      const box = await s.json(`/v1/game/${pk}/boxscore`);
      const ls = await s.json(`/v1/game/${pk}/linescore`);
      const pbp = await s.json(`/v1/game/${pk}/playByPlay`);
      for (const side of ['away', 'home'] as const)
        expect(box.teams[side].teamStats).toEqual(feed.liveData.boxscore.teams[side].teamStats);
      const { copyright: _c, ...lsRest } = ls;
      expect(lsRest).toEqual(feed.liveData.linescore);
      const { copyright: _p, ...pbpRest } = pbp;
      expect(pbpRest).toEqual(feed.liveData.plays);
    }
  });

  it('pitch events equal the sum of numberOfPitches, pitcher by pitcher', () => {
    for (const [i, feed] of feeds.entries()) {
      const thrown = new Map<number, number>();
      let total = 0;
      for (const play of feed.liveData.plays.allPlays) {
        for (const ev of play.playEvents) {
          if (!ev.isPitch) continue;
          total++;
          thrown.set(play.matchup.pitcher.id, (thrown.get(play.matchup.pitcher.id) ?? 0) + 1);
        }
      }
      let boxTotal = 0;
      for (const side of ['away', 'home'] as const) {
        const team = boxes[i].teams[side];
        for (const id of team.pitchers) {
          const n = team.players[`ID${id}`].stats.pitching.numberOfPitches ?? 0;
          expect(n).toBe(thrown.get(id) ?? 0);
          boxTotal += n;
        }
        expect(team.teamStats.pitching.numberOfPitches).toBe(
          sum(team.pitchers.map((id: number) => team.players[`ID${id}`].stats.pitching.numberOfPitches ?? 0)),
        );
      }
      expect(boxTotal).toBe(total);
    }
  });

  it('plate appearances per batter equal the completed plays he batted in', () => {
    for (const [i, feed] of feeds.entries()) {
      const pa = new Map<number, number>();
      for (const p of feed.liveData.plays.allPlays)
        if (p.about.isComplete) pa.set(p.matchup.batter.id, (pa.get(p.matchup.batter.id) ?? 0) + 1);
      for (const side of ['away', 'home'] as const) {
        for (const pl of players(boxes[i].teams[side])) {
          if (pl.stats.batting.plateAppearances === undefined) continue;
          expect(pl.stats.batting.plateAppearances).toBe(pa.get(pl.person.id) ?? 0);
        }
      }
    }
  });

  it('each half-inning ends with three outs except a walk-off or the unplayed bottom of the ninth', () => {
    let walkOffs = 0;
    for (const feed of feeds) {
      const plays: J[] = feed.liveData.plays.allPlays;
      const halves = new Map<string, J>();
      for (const p of plays) halves.set(`${p.about.inning}${p.about.halfInning}`, p);
      const keys = [...halves.keys()];
      keys.forEach((k, idx) => {
        const last = halves.get(k);
        if (idx < keys.length - 1 || last.about.isTopInning) {
          expect(last.count.outs, `half ${k} of ${feed.gamePk}`).toBe(3);
        } else if (last.count.outs < 3) {
          walkOffs++;
          expect(last.result.homeScore).toBeGreaterThan(last.result.awayScore);
        }
      });
      const lastPlay = plays[plays.length - 1];
      if (lastPlay.about.isTopInning && lastPlay.about.inning >= 9) {
        // Home team ahead after the top half: it does not bat.
        expect(lastPlay.result.homeScore).toBeGreaterThan(lastPlay.result.awayScore);
      }
    }
    expect(walkOffs).toBeGreaterThan(0);
  });

  it('innings pitched are written in thirds notation and decisions carry season notes', () => {
    for (const box of boxes) {
      const notes: string[] = [];
      for (const side of ['away', 'home'] as const) {
        for (const id of box.teams[side].pitchers) {
          const p = box.teams[side].players[`ID${id}`].stats.pitching;
          expect(p.inningsPitched).toBe(`${Math.floor(p.outs / 3)}.${p.outs % 3}`);
          if (p.note) notes.push(p.note);
        }
      }
      expect(notes.filter((n) => /\(W, \d+-\d+\)/.test(n))).toHaveLength(1);
      expect(notes.filter((n) => /\(L, \d+-\d+\)/.test(n))).toHaveLength(1);
    }
  });

  it('every person in a boxscore is served by /v1/people', async () => {
    const ids = new Set<number>();
    for (const box of boxes) {
      for (const side of ['away', 'home'] as const) for (const p of players(box.teams[side])) ids.add(p.person.id);
      for (const o of box.officials) ids.add(o.official.id);
    }
    const list = [...ids];
    for (let i = 0; i < list.length; i += 200) {
      const chunk = list.slice(i, i + 200);
      const body = await s.json(`/v1/people?personIds=${chunk.join(',')}`);
      expect(body.people.map((p: J) => p.id).sort()).toEqual([...chunk].sort());
    }
  });
});
