/**
 * Scoring changes on a finished game: a fielding error ruled a hit (or a hit ruled an error). The
 * play log is rewritten and re-finalized, so hits, errors, earned runs and RBI change consistently
 * everywhere they appear; runs and the score do not change.
 */

import type { Correction } from '../state.js';
import type { GameLog, Play } from '../types.js';
import { entry } from '../checked.js';
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

/** Applies corrections (in order) to a freshly simulated log and re-finalizes it. */
export function applyCorrections(log: GameLog, corrections: readonly Correction[]): void {
  if (corrections.length === 0) return;
  for (const c of corrections) {
    if (c.from === 'decision') continue;
    const play = log.plays[c.ab];
    if (play && play.eventType === c.from) rewrite(play, c.to);
  }
  finalizePlays(log.plays, new Set(log.ghostRunners));
}
