import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../src/db/schema/index.js';
import {
  extractPeople,
  extractScheduleGames,
  extractTeamSeasons,
  extractTeams,
  splitFeedLive,
} from '../../../src/extract/index.js';
import { conformanceProblems } from '../../helpers/conformance.js';
import { gameRowsOf } from '../../helpers/sim-game-rows.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

/**
 * Every extractor over bodies of our own simulator: this runs on any clone (the recorded bodies
 * are optional), so each extractor, the reconciliations `dugout check` relies on and the agreement of
 * both game sources are tested even where only the simulator is at hand.
 */
const GAMES = 24;
let s: RunningSim;
const games: Array<{ gamePk: number; feed: J; boxscore: J; playByPlay: J }> = [];

beforeAll(async () => {
  s = await startSim({ seed: 21 });
  const finals = s.sim.listGames().filter((g) => g.codedGameState === 'F' && g.gameType === 'R');
  const step = Math.floor(finals.length / GAMES);
  for (let i = 0; i < GAMES; i++) {
    const gamePk = finals[i * step]!.gamePk;
    games.push({
      gamePk,
      feed: await s.json(`/v1.1/game/${gamePk}/feed/live`),
      boxscore: await s.json(`/v1/game/${gamePk}/boxscore`),
      playByPlay: await s.json(`/v1/game/${gamePk}/playByPlay`),
    });
  }
}, 120_000);

afterAll(() => s?.close());

const rowsOf = gameRowsOf;

describe('extraction over simulated games', () => {
  it('rejects nothing and makes rows that fit their tables', () => {
    const all = games.map((g) => rowsOf(g.gamePk, g.boxscore, g.playByPlay));
    expect(all.flatMap((r) => r.rejects)).toEqual([]);
    const tables = [
      [schema.plays, 'plays'],
      [schema.pitches, 'pitches'],
      [schema.battingLines, 'battingLines'],
      [schema.pitchingLines, 'pitchingLines'],
      [schema.runners, 'runners'],
      [schema.fieldingCredits, 'fieldingCredits'],
      [schema.playActions, 'playActions'],
      [schema.fieldingLines, 'fieldingLines'],
      [schema.gameOfficials, 'officials'],
      [schema.linescoreInnings, 'linescoreInnings'],
    ] as const;
    for (const [table, key] of tables) {
      const rows = all.flatMap((r) => r[key] as object[]);
      expect(rows.length, key).toBeGreaterThan(0);
      expect(conformanceProblems(table, rows), key).toEqual([]);
    }
  });

  it('reconciles each game as dugout check does: plate appearances, pitches, runs, putouts, innings', () => {
    for (const g of games) {
      const r = rowsOf(g.gamePk, g.boxscore, g.playByPlay);
      const pa = r.battingLines.reduce((n, l) => n + (l.plate_appearances ?? 0), 0);
      expect(r.plays.filter((p) => p.is_plate_appearance)).toHaveLength(pa);
      const thrown = new Map<number | null, number>();
      for (const p of r.pitches) thrown.set(p.pitcher_id, (thrown.get(p.pitcher_id) ?? 0) + 1);
      for (const line of r.pitchingLines)
        expect(thrown.get(line.person_id) ?? 0, `pitcher ${line.person_id}`).toBe(line.pitches ?? 0);
      const linescore = g.feed.liveData.linescore;
      for (const [side, half] of [
        ['away', 'top'],
        ['home', 'bottom'],
      ] as const) {
        const scored = r.runners.filter(
          (x) => x.end_base === 'score' && r.plays.find((p) => p.at_bat_index === x.at_bat_index)?.half_inning === half,
        );
        expect(scored.length, `${g.gamePk} ${side} runs`).toBe(linescore.teams[side].runs);
        const teamId = g.boxscore.teams[side].team.id;
        const putouts = r.fieldingLines.filter((l) => l.team_id === teamId).reduce((n, l) => n + (l.putouts ?? 0), 0);
        const outs = r.pitchingLines.filter((l) => l.team_id === teamId).reduce((n, l) => n + (l.outs ?? 0), 0);
        expect(putouts, `${g.gamePk} ${side} putouts`).toBe(outs);
        expect(r.linescoreInnings.reduce((n, i) => n + (i[`${side}_runs`] ?? 0), 0)).toBe(linescore.teams[side].runs);
      }
    }
  });

  it('replays a base state that never puts two runners on one base or a runner on base twice', () => {
    for (const g of games) {
      for (const p of rowsOf(g.gamePk, g.boxscore, g.playByPlay).plays) {
        const on = [p.on_1b_before, p.on_2b_before, p.on_3b_before].filter((x) => x !== null);
        expect(new Set(on).size, `${g.gamePk}/${p.at_bat_index}`).toBe(on.length);
        expect(p.outs_before).toBeGreaterThanOrEqual(0);
        expect(p.outs_before).toBeLessThanOrEqual(2);
      }
    }
  });

  it('gives identical rows from feed/live and from /boxscore + /playByPlay', () => {
    for (const g of games) {
      const parts = splitFeedLive(g.feed);
      expect(rowsOf(g.gamePk, parts.boxscore, parts.playByPlay)).toEqual(rowsOf(g.gamePk, g.boxscore, g.playByPlay));
    }
  });

  it('extracts the schedule, people, teams and team seasons the simulator serves', async () => {
    const schedule = await s.json(`/v1/schedule?sportId=1&season=${s.sim.season}`);
    const scheduled = extractScheduleGames(schedule);
    expect(scheduled.rejects).toEqual([]);
    expect(scheduled.rows.length).toBeGreaterThan(2400);
    expect(
      conformanceProblems(
        schema.games,
        scheduled.rows.map((r) => ({ ...CONTEXT_NULLS, ...r })),
      ),
    ).toEqual([]);
    const people = extractPeople(await s.json('/v1/people/changes?updatedSince=2000-01-01T00:00:00Z'));
    expect(people.rejects).toEqual([]);
    expect(people.rows.length).toBeGreaterThan(500);
    expect(conformanceProblems(schema.people, people.rows)).toEqual([]);
    const teamsBody = await s.json(`/v1/teams?sportId=1&season=${s.sim.season}`);
    expect(extractTeams(teamsBody).rows.teams).toHaveLength(30);
    const seasons = extractTeamSeasons(teamsBody, s.sim.season);
    expect(seasons.rows).toHaveLength(30);
    expect(conformanceProblems(schema.teamSeasons, seasons.rows)).toEqual([]);
  });
});

/** Game-context columns a schedule row does not carry (a game's load writes them). */
const CONTEXT_NULLS = {
  attendance: null,
  first_pitch: null,
  duration_minutes: null,
  delay_minutes: null,
  weather_condition: null,
  temperature_f: null,
  wind: null,
};
