import { describe, expect, it } from 'vitest';
import { extractBoxscore, extractPlayByPlay, splitFeedLive } from '../../../src/extract/index.js';
import { describeRecorded, feedState, fixture, fixtureNames } from '../../fixtures.js';

describeRecorded('reconcile over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  /**
   * The play-by-play and the boxscore of one feed/live body must tell the same game (the checks
   * `dugout check` runs per final game, ARCHITECTURE §5).
   */
  describe.each(fixtureNames('liveGameV1'))('plays and boxscore of %s agree', (name) => {
    const feed: Body = fixture(name);
    const parts = splitFeedLive(feed);
    const pbp = extractPlayByPlay(feed.gamePk, parts.playByPlay).rows;
    const box = extractBoxscore(feed.gamePk, parts.boxscore).rows;

    it('pitches per pitcher equal numberOfPitches in the boxscore', () => {
      // 'V' = "Automatic Ball": pre-2018 intentional-walk balls are isPitch events in the play-by-play
      // (4 in 566208) but are not pitches the boxscore counts. Newer feeds record them as no_pitch.
      const thrown = new Map<number | null, number>();
      for (const p of pbp.pitches)
        if (p.call_code !== 'V') thrown.set(p.pitcher_id, (thrown.get(p.pitcher_id) ?? 0) + 1);
      const counted = new Map(box.pitchingLines.filter((l) => l.pitches > 0).map((l) => [l.person_id, l.pitches]));
      expect(thrown).toEqual(counted);
    });

    it('runs on plays equal the linescore and the batting lines', () => {
      const fromPlays = { away: 0, home: 0 };
      for (const play of pbp.plays) fromPlays[play.half_inning === 'top' ? 'away' : 'home'] += play.runs_scored;
      const fromLines = { away: 0, home: 0 };
      for (const line of box.battingLines) fromLines[line.side] += line.runs ?? 0;
      const linescore = parts.linescore as Body;
      // A preview's linescore names no runs, and it has no plays and no batting lines that scored.
      const none = feedState(feed) === 'preview' ? 0 : undefined;
      expect(fromPlays).toEqual({ away: linescore.teams.away.runs ?? none, home: linescore.teams.home.runs ?? none });
      expect(fromLines).toEqual(fromPlays);
    });

    it('completed plays equal plate appearances of the batting lines (when the body has them)', () => {
      const pa = box.battingLines.map((l) => l.plate_appearances);
      // plateAppearances is absent from pre-2020 bodies (415239, 566208, 599371).
      if (pa.every((v) => v === null)) return;
      const total = pa.reduce<number>((s, v) => s + (v ?? 0), 0);
      // A play is a plate appearance when its batter is among its runners starting from home; a runner
      // caught stealing or out on the bases for the third out (745560/35, 746467/19, 718322/32 and 50)
      // ends the inning without one, and the batter leads off the next.
      const isPlateAppearance = (play: Body) =>
        (play.runners ?? []).some(
          (r: Body) => r.details?.runner?.id === play.matchup?.batter?.id && r.movement?.start == null,
        );
      const appearances = feed.liveData.plays.allPlays.filter((p: Body) => p.about?.isComplete && isPlateAppearance(p));
      expect(total).toBe(appearances.length);
    });
  });

  it('the automatic-ball exclusion above matters only where the 2019 feed has automatic balls', () => {
    const counts = fixtureNames('liveGameV1').map((name) => {
      const feed: Body = fixture(name);
      return extractPlayByPlay(feed.gamePk, feed.liveData.plays).rows.pitches.filter((p) => p.call_code === 'V').length;
    });
    expect(counts.reduce((s, n) => s + n, 0)).toBe(4);
  });
});
