import { beforeAll, describe, expect, it } from 'vitest';
import { scoringChanges } from '../../../src/extract/scoring-changes.js';
import { createSimulator, type Simulator } from '../../../src/sim/index.js';
import type { Correction } from '../../../src/sim/state.js';
import { defined } from '../../helpers/defined.js';
import { allowedFacts, expectFound, type FoundFact, kindOf } from '../../helpers/scoring-expectations.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

const MINUTE = 60_000;
const KINDS = ['credit', 'decision', 'earned', 'event', 'hold', 'rbi', 'save'];
/** Corrections checked per kind (the first ones of the season with no other change of their game near). */
const PER_KIND = 4;

let sim: Simulator;
const picked: Correction[] = [];

const json = (path: string, ms: number): J => {
  sim.setNow(new Date(ms));
  const res = sim.render(`/api${path}`);
  expect(res.status, path).toBe(200);
  return JSON.parse(res.text);
};

/** The game's bodies a minute before and a minute after a correction. */
function around(c: Correction) {
  const at = (ms: number) => ({
    feed: json(`/v1.1/game/${c.gamePk}/feed/live`, ms),
    boxscore: json(`/v1/game/${c.gamePk}/boxscore`, ms),
    playByPlay: json(`/v1/game/${c.gamePk}/playByPlay`, ms),
    linescore: json(`/v1/game/${c.gamePk}/linescore`, ms),
  });
  return { before: at(c.atMs - MINUTE), after: at(c.atMs + MINUTE) };
}

beforeAll(() => {
  sim = createSimulator({ seed: 13, scoringChanges: 0.05, now: new Date('2025-07-01T14:00:00Z') });
  const all = sim.corrections();
  const near = (c: Correction) =>
    all.some((o) => o !== c && o.gamePk === c.gamePk && Math.abs(o.atMs - c.atMs) <= 2 * MINUTE);
  for (const kind of KINDS) picked.push(...all.filter((c) => kindOf(c) === kind && !near(c)).slice(0, PER_KIND));
}, 120_000);

/** The changed facts the extraction finds between two sets of a game's bodies. */
function factsBetween(gamePk: number, before: J, after: J): FoundFact[] {
  return (['boxscore', 'playByPlay'] as const).flatMap((kind) =>
    scoringChanges(gamePk, kind, before[kind], after[kind]).map((f) => ({
      fact: f.fact,
      ab: f.atBatIndex,
      person: f.personId,
      before: f.before,
      after: f.after,
    })),
  );
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the official scorer’s corrections of the simulator', () => {
  it('are of every kind, seeded: the same plan for the same seed', () => {
    expect([...new Set(picked.map(kindOf))].sort()).toEqual(KINDS);
    expect(picked.filter((c) => kindOf(c) === 'save').length).toBe(PER_KIND);
    const again = createSimulator({ seed: 13, scoringChanges: 0.05, now: new Date('2025-07-01T14:00:00Z') });
    expect(again.corrections()).toEqual(sim.corrections());
  });

  it('each changes its own fact, found by the extraction with its value before and after, and nothing else', () => {
    for (const c of picked) {
      const { before, after } = around(c);
      const found = factsBetween(c.gamePk, before, after);
      expectFound(c, found, true);
      const allowed = allowedFacts(c);
      expect(
        found.filter((f) => !allowed(f.fact)),
        JSON.stringify(c),
      ).toEqual([]);
      // Runs and the score stand.
      expect(after.linescore.teams).toMatchObject({
        away: { runs: before.linescore.teams.away.runs },
        home: { runs: before.linescore.teams.home.runs },
      });
    }
  });

  it('leaves every body of the game telling the same story after it', () => {
    for (const c of picked) {
      const { after } = around(c);
      const { feed, boxscore, playByPlay, linescore } = after;
      const label = JSON.stringify(c);
      const { copyright: _l, ...ls } = linescore;
      expect(ls, label).toEqual(feed.liveData.linescore);
      const { copyright: _p, ...pbp } = playByPlay;
      expect(pbp, label).toEqual(feed.liveData.plays);
      const plays: J[] = feed.liveData.plays.allPlays;
      const runners = plays.flatMap((p) => p.runners.map((r: J) => ({ play: p, r })));
      const decisions = feed.liveData.decisions ?? {};
      for (const p of plays)
        expect(p.result.rbi ?? 0, `rbi of play ${p.atBatIndex}: ${label}`).toBe(
          p.runners.filter((r: J) => r.details.rbi).length,
        );
      for (const side of ['away', 'home'] as const) {
        const team = boxscore.teams[side];
        expect(team.teamStats, label).toEqual(feed.liveData.boxscore.teams[side].teamStats);
        const players: J[] = Object.values(team.players);
        for (const p of players) {
          const id = p.person.id;
          const bat = p.stats.batting;
          if (bat?.rbi !== undefined)
            expect(bat.rbi, `rbi of ${id}: ${label}`).toBe(
              sum(plays.filter((x) => x.matchup.batter.id === id).map((x) => x.result.rbi ?? 0)),
            );
          if (p.stats.fielding?.errors !== undefined)
            expect(p.stats.fielding.errors, `errors of ${id}: ${label}`).toBe(
              runners.flatMap(({ r }) => r.credits).filter((x: J) => x.player.id === id && /_error$/.test(x.credit))
                .length,
            );
        }
        for (const id of team.pitchers) {
          const pit = players.find((p) => p.person.id === id).stats.pitching;
          const earned = runners.filter(
            ({ r }) => r.movement.end === 'score' && r.details.earned && r.details.responsiblePitcher?.id === id,
          ).length;
          expect(pit.earnedRuns, `earned runs of ${id}: ${label}`).toBe(earned);
          expect(pit.wins === 1, label).toBe(decisions.winner?.id === id);
          expect(pit.losses === 1, label).toBe(decisions.loser?.id === id);
          expect(pit.saves === 1, label).toBe(decisions.save?.id === id);
          expect(/\(S, /.test(pit.note ?? ''), label).toBe(pit.saves === 1);
          expect(/\(H, /.test(pit.note ?? ''), label).toBe(pit.holds === 1);
          expect(/\(W, /.test(pit.note ?? ''), label).toBe(pit.wins === 1);
        }
        expect(sum(team.pitchers.map((id: number) => team.players[`ID${id}`].stats.pitching.earnedRuns)), label).toBe(
          team.teamStats.pitching.earnedRuns,
        );
      }
    }
  });

  it('are made on demand too, of each kind, on the game as the earlier ones left it', () => {
    const made = createSimulator({ seed: 13, now: new Date('2025-07-01T14:00:00Z') });
    const finals = made
      .listGames()
      .filter((g) => g.gameType === 'R' && g.codedGameState === 'F')
      .map((g) => g.gamePk)
      .slice(0, 40);
    const bodies = (pk: number) => ({
      boxscore: JSON.parse(made.render(`/api/v1/game/${pk}/boxscore`).text),
      playByPlay: JSON.parse(made.render(`/api/v1/game/${pk}/playByPlay`).text),
    });
    const games = new Set<number>();
    for (const kind of ['credit', 'earned', 'rbi', 'save', 'hold', 'decision', 'scoring', 'earned', 'hold'] as const) {
      made.advance(3_600_000);
      // The first of the games with something this kind can change (most are the first game).
      const pk = defined(
        finals.find((pk) => {
          try {
            made.correctGame(pk, { kind, silent: kind === 'rbi' });
            return true;
          } catch {
            return false;
          }
        }),
        `a game a ${kind} correction can change`,
      );
      games.add(pk);
      const c = made.corrections().at(-1)!;
      made.advance(-2 * MINUTE);
      const before = bodies(pk);
      made.advance(3 * MINUTE);
      const found = factsBetween(pk, before, bodies(pk));
      expectFound(c, found, true);
      expect(
        found.filter((f) => !allowedFacts(c)(f.fact)),
        JSON.stringify(c),
      ).toEqual([]);
    }
    expect(made.corrections().map(kindOf)).toEqual([
      'credit',
      'earned',
      'rbi',
      'save',
      'hold',
      'decision',
      'event',
      'earned',
      'hold',
    ]);
    expect(games.size).toBeLessThan(4);
  });
});
