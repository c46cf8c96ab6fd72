/** liveData.plays / the /playByPlay body: allPlays, currentPlay, scoringPlays, playsByInning. */

import { at } from '../checked.js';
import { finalEventIndex } from '../derive/finalize.js';
import { endingAbs } from '../engine/abs.js';
import { eraOf } from '../era.js';
import type { GameView } from '../game-view.js';
import { uuidFrom } from '../prng.js';
import { isoMillis } from '../time.js';
import type { Ev, League, PitchEv, Play, PlayReview, RunnerMove } from '../types.js';
import { HANDS, personIdRef, personRef, position, teamRefWithSpring } from './common.js';
import { ACTION_NAMES, CALLS, createDescriber } from './describe.js';
import { EVENT_NAMES } from './event-names.js';
import { hitDetails, PITCH_NAMES, pitchDetails } from './pitch-data.js';
import { RawJson } from './raw-json.js';

const BASES = [null, '1B', '2B', '3B', 'score'];
const CALL_JSON: Record<string, string> = Object.fromEntries(
  Object.entries(CALLS).map(([k, v]) => [k, JSON.stringify(v)]),
);
const TYPE_JSON: Record<string, string> = Object.fromEntries(
  Object.entries(PITCH_NAMES).map(([k, v]) => [k, JSON.stringify({ code: k, description: v })]),
);
const CALL_OBJECTS = new Map<string, { code: string; description: string | undefined }>();

/** Shared {code, description} of a pitch call (never mutated). */
function callObject(code: string) {
  let o = CALL_OBJECTS.get(code);
  if (!o) {
    o = { code, description: CALLS[code] };
    CALL_OBJECTS.set(code, o);
  }
  return o;
}
const STRIKE_CALLS = new Set(['C', 'S', 'W', 'F', 'T', 'X', 'D', 'E', 'AC']);

function runnerJson(league: League, m: RunnerMove) {
  return {
    movement: {
      originBase: m.origin === 0 ? null : BASES[m.origin],
      start: m.start === 0 ? null : BASES[m.start],
      end: m.end === 0 ? null : BASES[m.end],
      outBase: m.isOut ? BASES[m.outBase] : null,
      isOut: m.isOut,
      outNumber: m.isOut ? m.outNumber : null,
    },
    details: {
      event: m.event,
      eventType: m.eventType,
      movementReason: m.reason,
      runner: personRef(league, m.runner),
      responsiblePitcher: m.responsiblePitcher ? personIdRef(m.responsiblePitcher) : null,
      isScoringEvent: m.end === 4,
      rbi: m.rbi,
      earned: m.earned,
      teamUnearned: m.teamUnearned,
      playIndex: m.playIndex,
    },
    credits: m.credits.map((c) => ({ player: personIdRef(c.player), position: position(c.pos), credit: c.credit })),
  };
}

/** `pfxId` of a pitch: its time (Eastern, daylight) as YYMMDD_HHMMSS. */
function pfxIdOf(ms: number): string {
  const iso = new Date(ms - 4 * 3_600_000).toISOString();
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** Renders plays of one game (descriptions, runners, events) as JSON-ready objects. */
export function createPlayRenderer(league: League, seed: number, gamePk: number) {
  const d = createDescriber(league);
  const person = (id: number) => league.personById.get(id)!;
  const era = eraOf(league.season, league.sportId);
  // PITCHf/x and TrackMan seasons name each pitch by its tracking time as well (`pfxId`).
  const pfxIds = era.pitchTracking === 'pitchfx' || (era.pitchTracking === 'trackman' && league.season <= 2020);

  /** A pitch event written straight to JSON text (the hot path). */
  function pitchEventJson(play: Play, ev: Ev & { kind: 'pitch' }, index: number, isFinal: boolean, prev?: Ev): string {
    const call = ev.call;
    const inPlay = call === 'X' || call === 'D' || call === 'E';
    const pd = pitchDetails(
      seed,
      gamePk,
      play.ab,
      index,
      person(ev.pitcher),
      person(play.batter),
      call,
      era.pitchTracking,
    );
    const isBall = !STRIKE_CALLS.has(call);
    const desc = CALL_JSON[call] ?? JSON.stringify(CALLS[call] ?? call);
    const runnerGoing = prev?.kind === 'action' && prev.isBaseRunning ? ',"runnerGoing":true' : '';
    const hit =
      inPlay && play.batted && isFinal
        ? `,"hitData":${JSON.stringify(hitDetails(seed, gamePk, play.ab, play.batted, play.eventType, era.launchData))}`
        : '';
    // Without pitch tracking a pitch has neither a classified type nor `pitchData`.
    const tracked = pd.pitchDataJson !== '';
    const pitchType = tracked ? `"type":${TYPE_JSON[pd.typeCode] ?? TYPE_JSON.FF},` : '';
    const pitchData = tracked ? `,"pitchData":${pd.pitchDataJson}` : '';
    const pfxId = pfxIds ? `,"pfxId":"${pfxIdOf(ev.startMs)}"` : '';
    // An ABS challenge of this pitch, unless it ended the plate appearance (then it is the play's).
    const abs = ev.abs && !(isFinal && endingAbs(play)) ? ev.abs : undefined;
    // A review of the play is the play's (the feed leaves its last pitch unmarked).
    const reviewed = !!abs;
    const review = abs ? `,"reviewDetails":${JSON.stringify(absReviewJson(abs))}` : '';
    return (
      `{"details":{"call":{"code":"${call}","description":${desc}},"description":${desc},"code":"${call}",` +
      `"ballColor":"${pd.ballColor}","trailColor":"${pd.trailColor}","isInPlay":${inPlay},"isStrike":${!isBall && !inPlay},"isBall":${isBall},` +
      `${pitchType}"isOut":${isFinal && play.isOut},"hasReview":${reviewed}${runnerGoing}},` +
      `"count":{"balls":${ev.balls},"strikes":${ev.strikes},"outs":${ev.outs}}${pitchData}${hit},` +
      `"index":${index}${pfxId},"playId":"${uuidFrom(seed, gamePk, play.ab, index)}","pitchNumber":${ev.pitchNumber},` +
      `"startTime":"${isoMillis(ev.startMs)}","endTime":"${isoMillis(ev.endMs)}","isPitch":true,"type":"pitch"${review}}`
    );
  }

  function eventJson(play: Play, ev: Ev, index: number, complete: boolean, lastIndex: number, prev?: Ev): unknown {
    const count = { balls: ev.balls, strikes: ev.strikes, outs: ev.outs };
    if (ev.kind === 'pitch') return new RawJson(pitchEventJson(play, ev, index, complete && index === lastIndex, prev));
    const times = { startTime: isoMillis(ev.startMs), endTime: isoMillis(ev.endMs) };
    if (ev.kind === 'no_pitch') {
      const isBall = !STRIKE_CALLS.has(ev.call);
      const details: Record<string, unknown> = {
        call: callObject(ev.call),
        description: CALLS[ev.call],
        code: ev.call,
        isInPlay: false,
        isStrike: !isBall,
        isBall,
        isOut: false,
        hasReview: false,
      };
      if (ev.call === 'AC')
        details.violation = {
          type: 'batter_pitch_timer',
          description: 'Batter Pitch Timer Violation',
          player: { id: ev.player, fullName: d.name(ev.player) },
        };
      return {
        details,
        count,
        index,
        playId: uuidFrom(seed, gamePk, play.ab, index),
        pitchNumber: ev.pitchNumber,
        ...times,
        isPitch: false,
        type: 'no_pitch',
      };
    }
    if (ev.kind === 'pickoff') {
      return {
        details: {
          description: `Pickoff Attempt ${ev.base}B`,
          code: String(ev.base),
          isOut: false,
          hasReview: false,
          fromCatcher: false,
          // Disengagements are counted from the pitch timer on.
          ...(era.pitchTimer ? { disengagementNum: ev.disengagementNum } : {}),
        },
        count,
        index,
        playId: uuidFrom(seed, gamePk, play.ab, index),
        ...times,
        isPitch: false,
        type: 'pickoff',
      };
    }
    const out: Record<string, unknown> = {
      details: {
        description: d.describeAction(play, ev),
        event: ACTION_NAMES[ev.eventType] ?? 'Game Advisory',
        eventType: ev.eventType,
        awayScore: ev.awayScore,
        homeScore: ev.homeScore,
        isScoringPlay: play.runners.some((m) => m.playIndex === index && m.end === 4),
        isOut: !!ev.isOut,
        hasReview: false,
      },
      count,
      index,
    };
    if (ev.eventType === 'forced_balk')
      (out.details as Record<string, unknown>).violation = {
        type: 'pitcher_disengagement',
        description: 'Pitcher Disengagement Violation',
        player: { id: ev.player, fullName: d.name(ev.player) },
      };
    if (ev.isBaseRunning) out.actionPlayId = uuidFrom(seed, gamePk, play.ab, index, 7);
    Object.assign(out, times, { isPitch: false });
    if (ev.isBaseRunning) out.isBaseRunningPlay = true;
    if (ev.isSub) out.isSubstitution = true;
    out.type = 'action';
    if (ev.player) out.player = personIdRef(ev.player);
    if (ev.position) out.position = position(ev.position);
    if (ev.battingOrder) out.battingOrder = ev.battingOrder;
    if (ev.replaced) out.replacedPlayer = personIdRef(ev.replaced);
    if (ev.base) out.base = ev.base;
    return out;
  }

  function reviewJson(review: PlayReview): Record<string, unknown> {
    const r: Record<string, unknown> = {
      isOverturned: review.overturned,
      inProgress: false,
      reviewType: review.type,
    };
    if (review.challengeTeamId) r.challengeTeamId = review.challengeTeamId;
    if (review.additional?.length) r.additionalReviews = review.additional.map(reviewJson);
    return r;
  }

  /** An ABS challenge as the feed's reviewDetails: type MJ, the challenger as `player`. */
  function absReviewJson(abs: NonNullable<PitchEv['abs']>) {
    return {
      isOverturned: abs.overturned,
      inProgress: false,
      reviewType: 'MJ',
      challengeTeamId: abs.teamId,
      player: { id: abs.challengerId, fullName: d.name(abs.challengerId), link: `/api/v1/people/${abs.challengerId}` },
    };
  }

  /** One play (plate appearance) as JSON. */
  function playJson(play: Play, complete: boolean) {
    const lastIndex = finalEventIndex(play);
    const lastPitch = at(play.events, lastIndex);
    const scoring = play.runners.some((m) => m.end === 4);
    const abs = complete ? endingAbs(play) : undefined;
    const result: Record<string, unknown> = { type: 'atBat' };
    if (complete) {
      const [event, eventType] = EVENT_NAMES[play.eventType] ?? ['Field Out', 'field_out'];
      const name = eventType === 'field_out' ? (EVENT_NAMES[`out:${play.batted?.trajectory}`]?.[0] ?? event) : event;
      Object.assign(result, {
        event: name,
        eventType,
        description: d.describePlay(play, lastPitch.kind === 'pitch' ? lastPitch.call : ''),
        rbi: play.rbi,
      });
    }
    Object.assign(result, { awayScore: play.awayScore, homeScore: play.homeScore, isOut: complete && play.isOut });
    const on = play.basesBefore.filter((x) => x).length;
    const menOnBase =
      on === 0 ? 'Empty' : on === 3 ? 'Loaded' : play.basesBefore[1] || play.basesBefore[2] ? 'RISP' : 'Men_On';
    const matchup: Record<string, unknown> = {
      batter: personRef(league, play.batter),
      batSide: { code: play.batSide, description: HANDS[play.batSide] },
      pitcher: personRef(league, play.pitcher),
      pitchHand: { code: play.pitchHand, description: HANDS[play.pitchHand] },
    };
    const after = complete ? play.basesAfter : play.basesBefore;
    ['postOnFirst', 'postOnSecond', 'postOnThird'].forEach((k, i) => {
      if (after[i]) matchup[k] = personRef(league, after[i]);
    });
    Object.assign(matchup, {
      batterHotColdZones: [],
      pitcherHotColdZones: [],
      splits: { batter: `vs_${play.pitchHand}HP`, pitcher: `vs_${play.batSide}HB`, menOnBase },
    });
    const events = new RawJson(
      `[${play.events
        .map((ev, i) => {
          const e = eventJson(play, ev, i, complete, lastIndex, play.events[i - 1]);
          return e instanceof RawJson ? e.text : JSON.stringify(e);
        })
        .join(',')}]`,
    );
    const out: Record<string, unknown> = {
      result,
      about: {
        atBatIndex: play.ab,
        halfInning: play.top ? 'top' : 'bottom',
        isTopInning: play.top,
        inning: play.inning,
        startTime: isoMillis(play.startMs),
        endTime: isoMillis(at(play.events, play.events.length - 1).endMs),
        isComplete: complete,
        isScoringPlay: complete && scoring,
        hasReview: (complete && !!play.review) || !!abs,
        hasOut: play.runners.some((m) => m.isOut),
        captivatingIndex: complete
          ? (play.eventType === 'home_run' ? 80 : scoring ? 45 : play.isOut ? 0 : 14) + (play.ab % 7)
          : 0,
      },
      count: { balls: play.balls, strikes: play.strikes, outs: play.outs },
      matchup,
      pitchIndex: play.events.flatMap((e, i) => (e.kind === 'action' ? [] : [i])),
      actionIndex: play.events.flatMap((e, i) => (e.kind === 'action' ? [i] : [])),
      runnerIndex: play.runners.map((_, i) => i),
      runners: play.runners.map((m) => runnerJson(league, m)),
      playEvents: events,
      playEndTime: isoMillis(at(play.events, play.events.length - 1).endMs),
      atBatIndex: play.ab,
    };
    if (complete && play.review) out.reviewDetails = reviewJson(play.review);
    else if (abs) out.reviewDetails = absReviewJson(abs);
    return out;
  }
  return { playJson, name: d.name };
}

/** The plays object (liveData.plays and the /playByPlay body without copyright). */
export function renderPlays(league: League, seed: number, view: GameView) {
  const r = createPlayRenderer(league, seed, view.g.gamePk);
  const allPlays = view.plays.map((p, i) => r.playJson(p, i < view.plays.length - 1 || view.lastComplete));
  const scoringPlays = view.plays
    .filter((p, i) => (i < view.plays.length - 1 || view.lastComplete) && p.runners.some((m) => m.end === 4))
    .map((p) => p.ab);
  const byInning = new Map<
    number,
    {
      startIndex: number;
      endIndex: number;
      top: number[];
      bottom: number[];
      hits: { away: unknown[]; home: unknown[] };
    }
  >();
  const away = league.teamById.get(view.g.awayId)!;
  const home = league.teamById.get(view.g.homeId)!;
  view.plays.forEach((p, i) => {
    let inn = byInning.get(p.inning);
    if (!inn) {
      inn = { startIndex: p.ab, endIndex: p.ab, top: [], bottom: [], hits: { away: [], home: [] } };
      byInning.set(p.inning, inn);
    }
    inn.endIndex = p.ab;
    (p.top ? inn.top : inn.bottom).push(p.ab);
    const complete = i < view.plays.length - 1 || view.lastComplete;
    if (complete && p.batted) {
      const hd = hitDetails(seed, view.g.gamePk, p.ab, p.batted, p.eventType);
      const isHit = ['single', 'double', 'triple', 'home_run'].includes(p.eventType);
      const [event] = EVENT_NAMES[p.eventType] ?? ['Field Out'];
      (p.top ? inn.hits.away : inn.hits.home).push({
        team: teamRefWithSpring(p.top ? away : home),
        inning: p.inning,
        pitcher: personRef(league, p.pitcher),
        batter: personRef(league, p.batter),
        coordinates: { x: hd.coordinates.coordX ?? null, y: hd.coordinates.coordY ?? null },
        type: isHit ? 'H' : p.eventType === 'field_error' ? 'E' : 'O',
        description: event,
      });
    }
  });
  return {
    allPlays,
    currentPlay: allPlays[allPlays.length - 1] ?? {},
    scoringPlays,
    playsByInning: [...byInning.values()],
  };
}
