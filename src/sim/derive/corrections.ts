/**
 * Scoring changes on a finished game's plays: a fielding error ruled a hit (or a hit ruled an
 * error), the error charged to another fielder, a run ruled earned or unearned, an RBI given or
 * taken. The play log is rewritten and re-finalized, then the scorer's rulings on single runs are
 * laid over it, so hits, errors, fielder credits, earned runs and RBI change consistently
 * everywhere they appear (every line and total is derived from the log); runs and the score do not
 * change.
 */

import { entry } from '../checked.js';
import type { Rng } from '../prng.js';
import type { Correction } from '../state.js';
import type { Credit, GameLog, Play } from '../types.js';
import { finalEventIndex, finalizePlays } from './finalize.js';

const NAMES: Record<string, [string, string]> = {
  single: ['Single', 'single'],
  field_error: ['Field Error', 'field_error'],
};

/** Picks the play a new scoring change would rewrite: an error first, otherwise a ground-ball single. */
export function pickCorrectablePlay(
  log: GameLog,
  alreadyCorrected: ReadonlySet<number>,
): { ab: number; from: string; to: string } | undefined {
  const open = log.plays.filter((p) => !alreadyCorrected.has(p.ab));
  const error = open.find((p) => p.eventType === 'field_error');
  if (error) return { ab: error.ab, from: 'field_error', to: 'single' };
  const single = open.find((p) => p.eventType === 'single' && p.batted?.trajectory === 'ground_ball');
  if (single) return { ab: single.ab, from: 'single', to: 'field_error' };
  const any = open.find((p) => p.eventType === 'single');
  return any ? { ab: any.ab, from: 'single', to: 'field_error' } : undefined;
}

function rewrite(play: Play, to: string): void {
  const last = finalEventIndex(play);
  const [event, eventType] = entry(NAMES, to);
  play.eventType = to;
  play.corrected = to === 'single' ? 'Scoring change: error ruled a hit.' : 'Scoring change: hit ruled an error.';
  for (const m of play.runners) {
    if (m.playIndex !== last) continue;
    m.event = event;
    m.eventType = eventType;
    if (m.origin === 0 && m.start === 0) {
      const fielder = m.credits[0] ?? {
        player: entry(play.fielders, play.batted?.location ?? '6'),
        pos: play.batted?.location ?? '6',
        credit: '',
      };
      m.credits = [
        { player: fielder.player, pos: fielder.pos, credit: to === 'single' ? 'f_fielded_ball' : 'f_fielding_error' },
      ];
    }
  }
}

/** The position an error is charged to instead, and the error it becomes. */
function movedError(c: Credit): { pos: string; credit: string } {
  // A throw the first baseman should have caught is his fielding error; otherwise a neighbour's.
  if (c.credit === 'f_throwing_error' && c.pos !== '3') return { pos: '3', credit: 'f_fielding_error' };
  const to: Record<string, string> = {
    '1': '3',
    '2': '1',
    '3': '4',
    '4': '6',
    '5': '6',
    '6': '4',
    '7': '8',
    '8': '7',
    '9': '8',
  };
  return { pos: to[c.pos] ?? '6', credit: c.credit };
}

const isError = (c: Credit) => c.credit === 'f_fielding_error' || c.credit === 'f_throwing_error';

/** A change of one play that is not its event: the runner movement and who it is about. */
export interface RulingPick {
  ab: number;
  from: 'credit' | 'earned' | 'rbi';
  to: string;
  runner: number;
  player: number;
  charged?: number;
}

/** The half-inning of a play, to keep two changes of one game apart. */
export const halfOf = (p: Play) => `${p.inning}${p.top ? 't' : 'b'}`;

/**
 * Picks a ruling on one of the plays `open` allows: the error of a play charged to another fielder
 * (`credit`), a run ruled earned or unearned (`earned`), an RBI given or taken (`rbi`).
 */
export function pickRuling(
  log: GameLog,
  kind: RulingPick['from'],
  open: (p: Play) => boolean,
  rng: Rng,
): RulingPick | undefined {
  const picks: RulingPick[] = [];
  for (const play of log.plays) {
    if (!open(play)) continue;
    const last = finalEventIndex(play);
    play.runners.forEach((m, runner) => {
      if (kind === 'credit') {
        const c = m.credits.find(isError);
        if (!c || play.eventType !== 'field_error') return;
        const to = play.fielders[movedError(c).pos];
        if (to !== undefined && to !== c.player)
          picks.push({ ab: play.ab, from: kind, to: String(to), runner, player: c.player });
      } else if (m.end === 4 && kind === 'earned') {
        picks.push({
          ab: play.ab,
          from: kind,
          to: String(!m.earned),
          runner,
          player: m.runner,
          charged: m.responsiblePitcher,
        });
      } else if (m.end === 4 && kind === 'rbi' && m.playIndex === last && play.eventType !== 'home_run') {
        picks.push({ ab: play.ab, from: kind, to: String(!m.rbi), runner, player: m.runner, charged: play.batter });
      }
    });
  }
  return picks.length > 0 ? picks[rng.int(0, picks.length - 1)] : undefined;
}

/** Lays a ruling over a finalized play (a no-op when the play is not as the ruling was made on). */
function rule(play: Play, c: Correction): void {
  const m = c.runner === undefined ? undefined : play.runners[c.runner];
  if (!m) return;
  if (c.from === 'credit') {
    const credit = m.credits.find((x) => isError(x) && x.player === c.player);
    if (!credit) return;
    const moved = movedError(credit);
    credit.player = entry(play.fielders, moved.pos);
    credit.pos = moved.pos;
    credit.credit = moved.credit;
    play.corrected = 'Scoring change: error charged to another fielder.';
  } else if (c.from === 'earned' && m.end === 4) {
    m.earned = c.to === 'true';
    play.corrected = m.earned ? 'Scoring change: run ruled earned.' : 'Scoring change: run ruled unearned.';
  } else if (c.from === 'rbi' && m.end === 4) {
    m.rbi = c.to === 'true';
    play.rbi = play.runners.filter((r) => r.rbi).length;
    play.corrected = m.rbi ? 'Scoring change: RBI credited.' : 'Scoring change: RBI removed.';
  }
}

const RULINGS = new Set(['credit', 'earned', 'rbi']);

/**
 * Applies corrections (in order) to a freshly simulated log: the plays' events, then the log is
 * re-finalized (RBI, earned runs), then the rulings on single runs and credits.
 */
export function applyCorrections(log: GameLog, corrections: readonly Correction[]): void {
  if (corrections.length === 0) return;
  for (const c of corrections) {
    if (!Object.hasOwn(NAMES, c.from)) continue;
    const play = log.plays[c.ab];
    if (play && play.eventType === c.from) rewrite(play, c.to);
  }
  finalizePlays(log.plays, new Set(log.ghostRunners));
  for (const c of corrections) {
    const play = RULINGS.has(c.from) ? log.plays[c.ab] : undefined;
    if (play) rule(play, c);
  }
}
