import { describe, expect, it } from 'vitest';
import {
  extractGameDetail,
  extractPlayByPlay,
  extractPlayDetail,
  extractTeamSeasons,
  splitFeedLive,
} from '../../../src/extract/index.js';
import { describeRecorded, feedState, fixture, fixtureNames } from '../../fixtures.js';
import type { PlayRow } from '../../../src/db/schema/rows.js';

describeRecorded('play-level over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  /** The rows both game sources extract from a boxscore and a play-by-play body (of a game in progress or not). */
  function gameRows(gamePk: number, boxscore: unknown, playByPlay: unknown, inProgress = false) {
    const plays = extractPlayByPlay(gamePk, playByPlay).rows.plays;
    return {
      plays,
      ...extractPlayDetail(gamePk, playByPlay).rows,
      ...extractGameDetail(gamePk, boxscore, playByPlay, plays, { inProgress }).rows,
    };
  }

  /** menOnBase of a base state, as the feed writes it. */
  function menOnBase(p: Pick<PlayRow, 'on_1b_before' | 'on_2b_before' | 'on_3b_before'>): string {
    const on = [p.on_1b_before, p.on_2b_before, p.on_3b_before].filter((x) => x !== null).length;
    if (on === 0) return 'Empty';
    if (on === 3) return 'Loaded';
    return p.on_2b_before !== null || p.on_3b_before !== null ? 'RISP' : 'Men_On';
  }

  /**
   * Where our rows knowingly differ from the feed's own figures, each checked by hand:
   * - 415239/33 (2015): menOnBase says RISP after a play whose runner movements leave one man on first.
   * - 813036/4 away: the linescore counts 2 left on base where the plays leave 1.
   */
  const MEN_ON_BASE_EXCEPTIONS = new Set(['415239/33']);
  const LINESCORE_EXCEPTIONS = new Set(['813036/4/away/leftOnBase']);

  describe.each(fixtureNames('liveGameV1'))('play-level rows of %s', (name) => {
    const feed: Body = fixture(name);
    const state = feedState(feed);
    const parts = splitFeedLive(feed);
    const rows = gameRows(feed.gamePk, parts.boxscore, parts.playByPlay, state === 'in progress');
    const linescore = feed.liveData.linescore;

    it('runs scored by runners equal each side of the linescore (a preview has neither)', () => {
      if (state === 'preview') {
        expect([rows.plays, rows.runners, rows.linescoreInnings]).toEqual([[], [], []]);
        expect([linescore.teams.away.runs, linescore.teams.home.runs]).toEqual([undefined, undefined]);
        return;
      }
      const halfOf = new Map(rows.plays.map((p) => [p.at_bat_index, p.half_inning]));
      const runs = { away: 0, home: 0 };
      for (const r of rows.runners)
        if (r.end_base === 'score') runs[halfOf.get(r.at_bat_index) === 'top' ? 'away' : 'home']++;
      expect(runs).toEqual({ away: linescore.teams.away.runs, home: linescore.teams.home.runs });
    });

    it("a side's putouts in its fielding lines equal the outs its pitchers recorded", () => {
      for (const side of ['away', 'home'] as const) {
        const team = feed.liveData.boxscore.teams[side];
        const putouts = rows.fieldingLines
          .filter((l) => l.team_id === team.team.id)
          .reduce((s, l) => s + (l.putouts ?? 0), 0);
        expect(putouts).toBe(team.teamStats.fielding.putOuts);
        expect(putouts).toBe(team.teamStats.pitching.outs);
      }
    });

    it("the base state after each play is the feed's menOnBase for it", () => {
      // The feed's pairs of plays in one half-inning, the first naming its menOnBase: each is compared.
      const all: Body[] = feed.liveData.plays.allPlays;
      const pairs = all.filter((p, i) => {
        const next = all[i + 1];
        const sameHalf = next?.about.inning === p.about.inning && next?.about.halfInning === p.about.halfInning;
        return (
          sameHalf &&
          p.matchup?.splits?.menOnBase &&
          !MEN_ON_BASE_EXCEPTIONS.has(`${feed.gamePk}/${p.about.atBatIndex}`)
        );
      }).length;
      let compared = 0;
      rows.plays.forEach((play, i) => {
        const next = rows.plays[i + 1];
        const raw = feed.liveData.plays.allPlays.find((p: Body) => p.about.atBatIndex === play.at_bat_index);
        const expected = raw?.matchup?.splits?.menOnBase;
        if (!expected || !next || next.inning !== play.inning || next.half_inning !== play.half_inning) return;
        if (MEN_ON_BASE_EXCEPTIONS.has(`${feed.gamePk}/${play.at_bat_index}`)) return;
        expect(menOnBase(next), `after play ${play.at_bat_index}`).toBe(expected);
        compared++;
      });
      expect(compared).toBe(pairs);
      // A whole game has dozens of such pairs, a game in progress some, a preview none (no plays).
      const least = { final: 20, 'game over': 20, 'in progress': 1, preview: 0 }[state];
      expect(compared).toBeGreaterThanOrEqual(least);
      if (state === 'preview') expect(all).toEqual([]);
    });

    it('outs and score before each play follow the previous play', () => {
      rows.plays.forEach((play, i) => {
        const prev = rows.plays[i - 1];
        const sameHalf = prev && prev.inning === play.inning && prev.half_inning === play.half_inning;
        expect(play.outs_before).toBe(sameHalf ? prev.outs : 0);
        expect([play.away_score_before, play.home_score_before]).toEqual(
          prev ? [prev.away_score, prev.home_score] : [0, 0],
        );
      });
    });

    it('innings, officials and game context equal the feed', () => {
      expect(rows.linescoreInnings).toHaveLength(linescore.innings.length);
      for (const inning of linescore.innings) {
        const row = rows.linescoreInnings.find((r) => r.inning === inning.num) as unknown as Record<
          string,
          number | null
        >;
        for (const side of ['away', 'home'] as const) {
          for (const [key, column] of [
            ['runs', 'runs'],
            ['hits', 'hits'],
            ['errors', 'errors'],
            ['leftOnBase', 'left_on_base'],
          ]) {
            if (LINESCORE_EXCEPTIONS.has(`${feed.gamePk}/${inning.num}/${side}/${key}`)) continue;
            expect(row[`${side}_${column}`], `inning ${inning.num} ${side} ${key}`).toBe(inning[side]?.[key!] ?? null);
          }
        }
      }
      expect(rows.officials.map((o) => o.official_type)).toEqual(
        feed.liveData.boxscore.officials.map((o: Body) => o.officialType),
      );
      const info = feed.gameData.gameInfo ?? {};
      const weather = feed.gameData.weather ?? {};
      const c = rows.gameContext;
      // gameInfo.attendance is 0 or absent where the boxscore reports none (a doubleheader's first game).
      if (info.attendance) expect(c.attendance).toBe(info.attendance);
      if (info.gameDurationMinutes) expect(c.duration_minutes).toBe(info.gameDurationMinutes);
      expect(c.temperature_f).toBe(weather.temp === undefined ? null : Number(weather.temp));
      expect(c.weather_condition).toBe(weather.condition ?? null);
      expect(c.wind).toBe(weather.wind ?? null);
      // gameInfo.firstPitch is the first pitch cut to the minute (745455: a minute earlier).
      if (info.firstPitch)
        expect(Math.abs(Date.parse(c.first_pitch!) - Date.parse(info.firstPitch))).toBeLessThan(120_000);
    });
  });

  describe('base state', () => {
    it('starts an extra inning with the automatic runner on second', () => {
      for (const [name, gamePk] of [
        ['liveGameV1/718385_2023R_final_CLE-at-BOS.json', 718385],
        ['liveGameV1/776339_2025R_final_STL-at-MIL.json', 776339],
      ] as const) {
        const names = fixtureNames('liveGameV1');
        const file = names.find((n) => n.includes(String(gamePk))) ?? name;
        const feed: Body = fixture(file);
        const plays = extractPlayByPlay(gamePk, feed.liveData.plays).rows.plays;
        const extra = plays.filter((p) => p.inning >= 10);
        expect(extra.length).toBeGreaterThan(0);
        for (const half of ['top', 'bottom']) {
          const first = extra.find((p) => p.inning === 10 && p.half_inning === half);
          if (!first) continue;
          const raw = feed.liveData.plays.allPlays.find((p: Body) => p.about.atBatIndex === first.at_bat_index);
          const placed = raw.playEvents.find((e: Body) => e.details?.eventType === 'runner_placed');
          // 718385 top 10th: "Pinch-runner Gabriel Arias replaces Josh Bell" before the first pitch.
          const pinch = raw.playEvents.find((e: Body) => e.isSubstitution && e.replacedPlayer?.id === placed.player.id);
          expect(first.on_2b_before).toBe(pinch ? pinch.player.id : placed.player.id);
          expect([first.on_1b_before, first.on_3b_before, first.outs_before]).toEqual([null, null, 0]);
        }
      }
    });

    it('puts a pinch runner on the base of the man he replaces', () => {
      const file = fixtureNames('liveGameV1').find((n) => n.includes('717055'))!;
      const feed: Body = fixture(file);
      const plays = extractPlayByPlay(717055, feed.liveData.plays).rows.plays;
      const play = plays.find((p) => p.at_bat_index === 52)!;
      // "Pinch-runner Jose Caballero replaces Mike Ford" before the first pitch of at-bat 52.
      expect([play.on_1b_before, play.on_2b_before, play.on_3b_before]).toContain(676609);
    });

    it('counts a plate appearance unless a runner made the last out first', () => {
      const file = fixtureNames('liveGameV1').find((n) => n.includes('745560'))!;
      const plays = extractPlayByPlay(745560, fixture<Body>(file).liveData.plays).rows.plays;
      expect(plays.find((p) => p.at_bat_index === 35)).toMatchObject({
        event_type: 'caught_stealing_2b',
        is_plate_appearance: false,
      });
      expect(plays.filter((p) => p.is_plate_appearance)).toHaveLength(61);
    });
  });

  describe('both game sources', () => {
    it('give identical play-level rows for a game recorded as /boxscore + /playByPlay and as feed/live', () => {
      const feedName = fixtureNames('liveGameV1').find((n) => n.includes('747175'))!;
      const viaFeed = splitFeedLive(fixture(feedName));
      const fromFeed = gameRows(747175, viaFeed.boxscore, viaFeed.playByPlay);
      const fromEndpoints = gameRows(
        747175,
        fixture('boxscore/747175_2024R_TOR-at-AZ.json'),
        fixture('playByPlay/747175_2024R_TOR-at-AZ.json'),
      );
      expect(fromEndpoints.runners.length).toBeGreaterThan(100);
      for (const key of [
        'plays',
        'runners',
        'fieldingCredits',
        'playActions',
        'fieldingLines',
        'officials',
        'linescoreInnings',
        'gameContext',
      ] as const) {
        expect(fromEndpoints[key], key).toEqual(fromFeed[key]);
      }
    });
  });

  describe.each(fixtureNames('teams'))('extractTeamSeasons over %s', (name) => {
    it('makes one row per team with an id and a name, in the season asked for', () => {
      const body: Body = fixture(name);
      const { rows } = extractTeamSeasons(body, 2024);
      const teams = (body.teams ?? []).filter((t: Body) => Number.isInteger(t.id) && typeof t.name === 'string');
      expect(rows).toHaveLength(new Set(teams.map((t: Body) => t.id)).size);
      for (const row of rows) {
        const team = teams.find((t: Body) => t.id === row.team_id);
        expect(row).toMatchObject({
          season: 2024,
          name: team.name,
          division_id: team.division?.id ?? null,
          league_id: team.league?.id ?? null,
        });
      }
    });
  });
});
