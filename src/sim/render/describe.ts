/** Human-readable descriptions of plays, pitches and actions, as the real feed writes them. */

import { at, entry } from '../checked.js';
import { endingAbs } from '../engine/abs.js';
import { fullName } from '../people-gen.js';
import type { ActionEv, League, Play, RunnerMove } from '../types.js';
import { FIELDER_NAMES, ordinal } from './common.js';

export const CALLS: Record<string, string> = {
  B: 'Ball',
  '*B': 'Ball In Dirt',
  C: 'Called Strike',
  S: 'Swinging Strike',
  W: 'Swinging Strike (Blocked)',
  F: 'Foul',
  T: 'Foul Tip',
  X: 'In play, out(s)',
  D: 'In play, no out',
  E: 'In play, run(s)',
  H: 'Hit By Pitch',
  P: 'Pitchout',
  AC: 'Automatic Strike - Batter Pitch Timer Violation',
  VB: 'Automatic Ball - Intentional',
};

const TRAJ: Record<string, string> = {
  ground_ball: 'a ground ball',
  line_drive: 'a line drive',
  fly_ball: 'a fly ball',
  popup: 'a pop up',
  bunt_grounder: 'a bunt ground ball',
};

const FIELD: Record<string, string> = { '7': 'left field', '8': 'center field', '9': 'right field' };
const BASE = ['home', '1st', '2nd', '3rd'];

export const ACTION_NAMES: Record<string, string> = {
  stolen_base_2b: 'Stolen Base 2B',
  caught_stealing_2b: 'Caught Stealing 2B',
  stolen_base_3b: 'Stolen Base 3B',
  caught_stealing_3b: 'Caught Stealing 3B',
  pickoff_1b: 'Pickoff 1B',
  wild_pitch: 'Wild Pitch',
  passed_ball: 'Passed Ball',
  balk: 'Balk',
  forced_balk: 'Disengagement Violation',
  runner_placed: 'Runner Placed On Base',
  pitching_substitution: 'Pitching Substitution',
  offensive_substitution: 'Offensive Substitution',
  defensive_substitution: 'Defensive Sub',
  defensive_switch: 'Defensive Switch',
  mound_visit: 'Mound Visit',
  game_advisory: 'Game Advisory',
};

/** Builds the play, action and name describers for a league. */
/** How the play-by-play names the reason of a review, by its `reviewReasons` code. */
const REVIEW_REASONS: Record<string, string> = {
  MA: 'tag play',
  MC: 'force play',
  ME: 'slide interference',
  MF: 'play at 1st',
  MI: 'hit by pitch',
  NH: 'home run',
};

export function createDescriber(league: League) {
  const name = (id: number) => {
    const p = league.personById.get(id);
    return p ? fullName(p) : `Player ${id}`;
  };
  const fielder = (play: Play, pos: string) => `${FIELDER_NAMES[pos]} ${name(entry(play.fielders, pos))}`;

  function runnerTail(play: Play, moves: RunnerMove[]): string {
    const parts: string[] = [];
    for (const m of moves) {
      if (m.origin === 0 && m.start === 0) continue;
      if (m.end === 4) parts.push(`${name(m.runner)} scores.`);
      else if (m.end === 0 && play.eventType !== 'grounded_into_double_play' && play.eventType !== 'force_out')
        parts.push(`${name(m.runner)} out at ${BASE[m.outBase]}.`);
      else if (m.end > 0 && m.end !== m.start) parts.push(`${name(m.runner)} to ${BASE[m.end]}.`);
    }
    return parts.length ? ` ${parts.join(' ')}` : '';
  }

  /** The result description of a completed plate appearance. */
  function describePlay(play: Play, lastCall: string): string {
    const b = name(play.batter);
    const bb = play.batted;
    const loc = bb?.location ?? '8';
    const fi = finalIndex(play);
    const moves = play.runners.filter((m) => m.playIndex === fi);
    const batterMove = play.runners.find((m) => m.origin === 0 && m.start === 0);
    const credit = batterMove?.credits.find((c) => c.credit !== 'f_putout') ?? batterMove?.credits[0];
    const pivot =
      play.runners.find((m) => m.end === 0 && m.start === 1)?.credits.find((c) => c.credit === 'f_putout')?.pos ?? '6';
    let text: string;
    switch (play.eventType) {
      case 'strikeout':
        text =
          lastCall === 'C'
            ? `${b} called out on strikes.`
            : lastCall === 'T'
              ? `${b} strikes out on a foul tip.`
              : `${b} strikes out swinging.`;
        break;
      case 'walk':
        text = `${b} walks.`;
        break;
      case 'intent_walk':
        text = `${name(play.pitcher)} intentionally walks ${b}.`;
        break;
      case 'hit_by_pitch':
        text = `${b} hit by pitch.`;
        break;
      case 'single':
      case 'double':
      case 'triple': {
        const verb = { single: 'singles', double: 'doubles', triple: 'triples' }[play.eventType];
        text = `${b} ${verb} on ${TRAJ[bb?.trajectory ?? 'line_drive']} to ${fielder(play, loc)}.`;
        break;
      }
      case 'home_run':
        text = `${b} homers on ${TRAJ[bb?.trajectory ?? 'fly_ball']} to ${FIELD[loc] ?? 'center field'}.`;
        break;
      case 'field_error': {
        const kind = credit?.credit === 'f_throwing_error' ? 'throwing' : 'fielding';
        text = `${b} reaches on a ${kind} error by ${fielder(play, credit?.pos ?? loc)}.`;
        break;
      }
      case 'force_out':
        text = `${b} grounds into a force out, ${fielder(play, loc)} to ${fielder(play, pivot)}. ${name(play.runners.find((m) => m.end === 0)?.runner ?? 0)} out at 2nd.`;
        break;
      case 'grounded_into_double_play':
        text = `${b} grounds into a double play, ${fielder(play, loc)} to ${fielder(play, pivot)} to ${fielder(play, '3')}.`;
        break;
      case 'sac_fly':
        text = `${b} out on a sacrifice fly to ${fielder(play, loc)}.`;
        break;
      case 'sac_bunt':
        text = `${b} out on a sacrifice bunt, ${fielder(play, loc)} to ${fielder(play, '4')}.`;
        break;
      default: {
        const verb =
          bb?.trajectory === 'ground_ball'
            ? 'grounds out'
            : bb?.trajectory === 'popup'
              ? 'pops out'
              : bb?.trajectory === 'line_drive'
                ? 'lines out'
                : 'flies out';
        text =
          bb?.trajectory === 'ground_ball' && loc !== '3'
            ? `${b} ${verb}, ${fielder(play, loc)} to ${fielder(play, '3')}.`
            : `${b} ${verb} to ${fielder(play, loc)}.`;
      }
    }
    text += runnerTail(play, moves);
    if (play.review) {
      const r = play.review;
      const reason = REVIEW_REASONS[r.type] ?? 'tag play';
      const who = r.challengeTeamId
        ? `${league.teamById.get(r.challengeTeamId)?.teamName} challenged`
        : 'Umpire reviewed';
      text = `${who} (${reason}), call on the field was ${r.overturned ? 'overturned' : 'upheld'}: ${text}`;
    }
    const abs = endingAbs(play);
    if (abs)
      text = `${name(abs.challengerId)} challenged (pitch result), call on the field was ${abs.overturned ? 'overturned' : 'confirmed'}: ${text}`;
    return text;
  }

  /** Description of an action event. */
  function describeAction(play: Play, ev: ActionEv): string {
    const p = name(ev.player);
    switch (ev.eventType) {
      case 'stolen_base_2b':
        return `${p} steals 2nd base.`;
      case 'stolen_base_3b':
        return `${p} steals 3rd base.`;
      case 'caught_stealing_2b':
      case 'caught_stealing_3b': {
        const putout = play.runners
          .find((m) => m.eventType === ev.eventType)
          ?.credits.find((c) => c.credit === 'f_putout');
        const base = ev.eventType.endsWith('3b') ? '3rd' : '2nd';
        return `${p} caught stealing ${base} base, ${fielder(play, '2')} to ${putout ? `${FIELDER_NAMES[putout.pos]} ${name(putout.player)}` : 'shortstop'}.`;
      }
      case 'pickoff_1b':
        return `Pitcher ${name(play.pitcher)} picks off ${p} at 1st on throw to ${fielder(play, '3')}.`;
      case 'wild_pitch':
      case 'passed_ball':
      case 'balk':
      case 'forced_balk':
        return actionRunnerText(play, ev);
      case 'runner_placed':
        return `${p} starts inning at 2nd base.`;
      case 'pitching_substitution':
        return `Pitching Change: ${p} replaces ${name(ev.replaced ?? 0)}.`;
      case 'offensive_substitution':
        return `Offensive Substitution: Pinch-${ev.position === '12' ? 'runner' : 'hitter'} ${p} replaces ${name(ev.replaced ?? 0)}.`;
      case 'defensive_substitution': {
        const pos = ev.position ?? '7';
        return `Defensive Substitution: ${p} replaces ${FIELDER_NAMES[pos]} ${name(ev.replaced ?? 0)}, batting ${ordinal(Number(ev.battingOrder?.[0] ?? 1))}, playing ${
          FIELD[pos] ??
          entry(FIELDER_NAMES, pos)
            .replace(/ ?(man|er)$/, '')
            .replace('baseman', 'base')
        }.`;
      }
      case 'defensive_switch':
        return `Defensive switch from pinch-${ev.text ?? 'hitter'} to ${FIELDER_NAMES[ev.position ?? '7']} for ${p}.`;
      case 'mound_visit':
        return 'Mound Visit.';
      default:
        return ev.text ?? 'Game Advisory.';
    }
  }

  /** "With X batting, wild pitch by P, R to 3rd." and the like, from the runners the event moved. */
  function actionRunnerText(play: Play, ev: ActionEv): string {
    const index = play.events.findIndex((e) => e === ev);
    const moves = play.runners.filter((m) => m.playIndex === index);
    const batting = `With ${name(play.batter)} batting`;
    if (ev.eventType === 'forced_balk')
      return `${batting}, ${moves
        .map((m) =>
          m.end === 4
            ? `${name(m.runner)} scores on a disengagement violation.`
            : `${name(m.runner)} advances to ${BASE[m.end]} on a disengagement violation.`,
        )
        .join('  ')}`;
    const tail = moves
      .map((m) => (m.end === 4 ? `${name(m.runner)} scores.` : `${name(m.runner)} to ${BASE[m.end]}.`))
      .join('  ');
    if (ev.eventType === 'wild_pitch') return `${batting}, wild pitch by ${name(ev.player)}, ${tail}`;
    if (ev.eventType === 'passed_ball') return `${batting}, passed ball by ${name(ev.player)}, ${tail}`;
    return `${batting}, balk by ${name(ev.player)}, ${tail}`;
  }

  return { describePlay, describeAction, name };
}

function finalIndex(play: Play): number {
  for (let i = play.events.length - 1; i >= 0; i--) {
    const kind = at(play.events, i).kind;
    if (kind === 'pitch' || kind === 'no_pitch') return i;
  }
  return play.events.length - 1;
}
