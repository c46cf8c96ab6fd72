import { describe, expect, it } from 'vitest';
import { extractPlayByPlay } from '../../../src/extract/index.js';
import { cloneFixture, describeRecorded, feedState, fixture, fixtureNames, gamePkOf } from '../../fixtures.js';

describeRecorded('plays over the recorded bodies', () => {
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are untyped JSON
  type Body = any;

  /** Every real play-by-play body: feed/live `liveData.plays` and standalone /playByPlay. */
  const bodies = [
    ...fixtureNames('liveGameV1').map((name) => ({
      name,
      body: () => fixture<Body>(name).liveData.plays,
      state: () => feedState(fixture(name)),
    })),
    // The standalone /playByPlay bodies are of finished games.
    ...fixtureNames('playByPlay').map((name) => ({ name, body: () => fixture<Body>(name), state: () => 'final' })),
  ];

  const PBP = 'playByPlay/747175_2024R_TOR-at-AZ.json';

  describe.each(bodies)('extractPlayByPlay over $name', ({ name, body, state }) => {
    const gamePk = gamePkOf(name);
    const { rows, rejects } = extractPlayByPlay(gamePk, body());
    const allPlays: Body[] = body().allPlays;

    it('makes one play per allPlays element and one pitch per isPitch event, rejecting nothing', () => {
      expect(rejects).toEqual([]);
      expect(rows.plays).toHaveLength(allPlays.length);
      const pitchEvents = allPlays.flatMap((p) => p.playEvents).filter((e: Body) => e.isPitch === true);
      expect(rows.pitches).toHaveLength(pitchEvents.length);
    });

    it('keys plays by atBatIndex and pitches by (atBatIndex, playEventIndex), uniquely', () => {
      expect(rows.plays.map((p) => p.at_bat_index)).toEqual(allPlays.map((p) => p.about.atBatIndex));
      const keys = new Set(rows.pitches.map((p) => `${p.at_bat_index}/${p.play_event_index}`));
      expect(keys.size).toBe(rows.pitches.length);
      expect(rows.pitches.every((p) => p.game_pk === gamePk)).toBe(true);
    });

    it("counts each play's pitches and gives every pitch its play's batter", () => {
      const byPlay = new Map(rows.plays.map((p) => [p.at_bat_index, p]));
      const counted = new Map<number, number>();
      for (const pitch of rows.pitches) {
        counted.set(pitch.at_bat_index, (counted.get(pitch.at_bat_index) ?? 0) + 1);
        expect(pitch.batter_id).toBe(byPlay.get(pitch.at_bat_index)?.batter_id);
      }
      for (const play of rows.plays) expect(play.pitch_count).toBe(counted.get(play.at_bat_index) ?? 0);
    });

    it("adds up runs scored on plays to each team's score after the latest play (a preview has no play)", () => {
      if (state() === 'preview') {
        expect([allPlays, rows.plays, rows.pitches]).toEqual([[], [], []]);
        return;
      }
      const runs = { top: 0, bottom: 0 };
      for (const play of rows.plays) runs[play.half_inning] += play.runs_scored;
      const last = rows.plays.at(-1);
      expect(runs).toEqual({ top: last?.away_score, bottom: last?.home_score });
    });

    it('marks each play complete as the body does: only the at-bat under way in a game in progress is not', () => {
      expect(rows.plays.map((p) => p.is_complete)).toEqual(allPlays.map((p) => p.about.isComplete));
      const open = rows.plays.filter((p) => p.is_complete === false).map((p) => p.at_bat_index);
      const current = allPlays.at(-1)?.about;
      expect(open).toEqual(state() === 'in progress' && current?.isComplete === false ? [current.atBatIndex] : []);
    });
  });

  describe('extractPlayByPlay on malformed input', () => {
    const real = extractPlayByPlay(747175, fixture(PBP)).rows;
    const pitchesOf = (atBatIndex: number) => real.pitches.filter((p) => p.at_bat_index === atBatIndex).length;

    it('rejects a play without about, with path allPlays[i], and keeps every other play and pitch', () => {
      const body = cloneFixture(PBP);
      delete body.allPlays[5].about;
      const { rows, rejects } = extractPlayByPlay(747175, body);
      expect(rejects).toMatchObject([
        { game_pk: 747175, target: 'plays', path: 'allPlays[5]', reason: 'play without about' },
      ]);
      expect(rejects[0]?.record).toEqual(body.allPlays[5]);
      expect(rows.plays).toHaveLength(real.plays.length - 1);
      expect(rows.pitches).toHaveLength(real.pitches.length - pitchesOf(5));
    });

    it.each([
      ['a null play', (b: Body) => (b.allPlays[0] = null), 'play is not an object'],
      ['a string atBatIndex that is not a number', (b: Body) => (b.allPlays[0].about.atBatIndex = 'x'), /atBatIndex/],
      ['a missing inning', (b: Body) => delete b.allPlays[0].about.inning, /inning/],
      [
        'no half inning at all',
        (b: Body) => {
          delete b.allPlays[0].about.halfInning;
          delete b.allPlays[0].about.isTopInning;
        },
        /halfInning/,
      ],
    ])('rejects %s', (_label, breakIt, reason) => {
      const body = cloneFixture(PBP);
      breakIt(body);
      const { rows, rejects } = extractPlayByPlay(747175, body);
      expect(rejects).toHaveLength(1);
      expect(rejects[0]?.path).toBe('allPlays[0]');
      expect(rejects[0]?.reason).toMatch(reason);
      expect(rows.plays).toHaveLength(real.plays.length - 1);
    });

    it('rejects the later of two plays with the same atBatIndex', () => {
      const body = cloneFixture(PBP);
      body.allPlays[7].about.atBatIndex = 6;
      const { rows, rejects } = extractPlayByPlay(747175, body);
      expect(rejects).toMatchObject([{ path: 'allPlays[7]', reason: 'duplicate atBatIndex 6' }]);
      expect(rows.plays.filter((p) => p.at_bat_index === 6)).toHaveLength(1);
      expect(rows.pitches.filter((p) => p.at_bat_index === 6)).toHaveLength(pitchesOf(6));
    });

    it('rejects a broken event with path allPlays[i].playEvents[j] and keeps the play and its other pitches', () => {
      const body = cloneFixture(PBP);
      const j = body.allPlays[3].playEvents.findIndex((e: Body) => e.isPitch);
      body.allPlays[3].playEvents[j] = 'garbage';
      const k = body.allPlays[9].playEvents.findIndex((e: Body) => e.isPitch);
      body.allPlays[9].playEvents[k].index = 'seven';
      const { rows, rejects } = extractPlayByPlay(747175, body);
      expect(rejects.map((r) => [r.target, r.path])).toEqual([
        ['pitches', `allPlays[3].playEvents[${j}]`],
        ['pitches', `allPlays[9].playEvents[${k}]`],
      ]);
      expect(rows.plays).toHaveLength(real.plays.length);
      expect(rows.pitches).toHaveLength(real.pitches.length - 2);
    });

    it('rejects the whole body as one record when allPlays is missing', () => {
      const { rows, rejects } = extractPlayByPlay(1, { copyright: 'x' });
      expect(rows).toEqual({ plays: [], pitches: [] });
      expect(rejects).toMatchObject([{ target: 'plays', path: 'allPlays' }]);
    });
  });

  describe('extractPlayByPlay maps the documented quirks to nulls', () => {
    const real = extractPlayByPlay(747175, fixture(PBP)).rows;

    it('keeps isOut null, missing endTime, null hit coordinates, missing index, string numbers, and any base/umpire shape', () => {
      const body = cloneFixture(PBP);
      const play = body.allPlays[0];
      play.result.isOut = null;
      delete play.about.endTime;
      delete play.playEndTime;
      const inPlay = body.allPlays.flatMap((p: Body) => p.playEvents).find((e: Body) => e.hitData);
      inPlay.hitData.coordinates = { coordX: null, coordY: null };
      inPlay.hitData.location = 8;
      const position = play.playEvents.findIndex((e: Body) => e.isPitch);
      const first = play.playEvents[position];
      delete first.index;
      first.pitchData.startSpeed = '95.5';
      first.pitchData.zone = '.---';
      const action = body.allPlays.flatMap((p: Body) => p.playEvents).find((e: Body) => !e.isPitch);
      Object.assign(action, { base: '2', umpire: 'Angel Hernandez' });
      const other = body.allPlays[1].playEvents.find((e: Body) => e.isPitch);
      Object.assign(other, { base: 2, umpire: { id: 427044, link: '/api/v1/people/427044' } });
      const { rows, rejects } = extractPlayByPlay(747175, body);
      expect(rejects).toEqual([]);
      expect(rows.pitches).toHaveLength(real.pitches.length);
      expect(rows.plays[0]).toMatchObject({ is_out: null, end_time: null });
      const hit = rows.pitches.find((p) => p.play_id === inPlay.playId);
      expect(hit).toMatchObject({ hit_coord_x: null, hit_coord_y: null, hit_location: '8' });
      expect(rows.pitches[0]).toMatchObject({
        at_bat_index: 0,
        play_event_index: position,
        start_speed: 95.5,
        zone: null,
      });
    });

    it('derives the half inning from isTopInning when halfInning is absent', () => {
      const body = cloneFixture(PBP);
      delete body.allPlays[0].about.halfInning;
      expect(extractPlayByPlay(747175, body).rows.plays[0]?.half_inning).toBe('top');
    });

    it('maps a real pitch with every tracking field', () => {
      const pitch = extractPlayByPlay(747175, fixture(PBP)).rows.pitches.find((p) => p.at_bat_index === 3);
      expect(pitch).toEqual({
        game_pk: 747175,
        at_bat_index: 3,
        play_event_index: 0,
        pitcher_id: 669194,
        batter_id: 457759,
        pitch_number: 1,
        balls: 0,
        strikes: 1,
        outs: 2,
        call_code: 'C',
        call_description: 'Called Strike',
        is_in_play: false,
        is_strike: true,
        is_ball: false,
        pitch_type: 'FF',
        pitch_type_description: 'Four-Seam Fastball',
        type_confidence: 0.9,
        start_speed: 95.5,
        end_speed: 88.5,
        spin_rate: 2247,
        spin_direction: 199,
        break_angle: 24,
        break_length: 2.4,
        break_vertical: -10.8,
        break_vertical_induced: 19,
        break_horizontal: 4.8,
        plate_x: 0.7358853539766943,
        plate_z: 1.3768946430212388,
        pfx_x: -3.396699877542016,
        pfx_z: 11.411195734830745,
        strike_zone_top: 3.65717163538974,
        strike_zone_bottom: 1.67673065010307,
        zone: 14,
        extension: 6.785776312973699,
        plate_time: 0.3928084442224642,
        launch_speed: null,
        launch_angle: null,
        total_distance: null,
        trajectory: null,
        hardness: null,
        hit_location: null,
        hit_coord_x: null,
        hit_coord_y: null,
        play_id: '0e688fdf-4be4-454e-8832-f92a5f3711f0',
        start_time: '2024-07-13T01:44:10.826Z',
        end_time: '2024-07-13T01:44:13.828Z',
      });
    });
  });

  describe('pitcher of a pitch', () => {
    it('credits pitches before a mid-plate-appearance change to the pitcher who was replaced', () => {
      // 718594, atBatIndex 21: Springs (605488) throws 4 pitches, Cleavinger (664076) replaces him and finishes.
      const { rows } = extractPlayByPlay(
        718594,
        fixture<Body>('liveGameV1/718594_2023R_final_BOS-at-TB.json').liveData.plays,
      );
      const pa = rows.pitches.filter((p) => p.at_bat_index === 21).map((p) => [p.play_event_index, p.pitcher_id]);
      expect(pa).toEqual([
        [0, 605488],
        [1, 605488],
        [2, 605488],
        [3, 605488],
        [7, 664076],
      ]);
      expect(rows.plays.find((p) => p.at_bat_index === 21)?.pitcher_id).toBe(664076);
    });

    it('recognises the older "Pitching Substitution" event without eventType (2015)', () => {
      const { rows } = extractPlayByPlay(
        415239,
        fixture<Body>('liveGameV1/415239_2015R_final_BOS-at-NYY.json').liveData.plays,
      );
      const pa = rows.pitches.filter((p) => p.at_bat_index === 53).map((p) => p.pitcher_id);
      expect(pa).toEqual([458677, 458677, 458677, 476454, 476454, 476454]);
    });
  });
});
