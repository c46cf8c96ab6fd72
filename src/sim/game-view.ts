/**
 * A game as of a moment: the (corrected) play log cut at that time, the status, derived boxes and
 * decisions. Every game body (feed/live, boxscore, playByPlay, linescore) renders from one view.
 */

import { at } from './checked.js';
import { type GameStatus, type Phase, statusAt, transitions } from './clock/status.js';
import { deriveBoxes, type TeamBox } from './derive/box-stats.js';
import { applyCorrections } from './derive/corrections.js';
import { applyDecisionCorrections } from './derive/decision-corrections.js';
import { computeDecisions, type Decisions } from './derive/decisions.js';
import type { SeasonModel } from './season.js';
import { correctionsFor, type SimState } from './state.js';
import { MINUTE_MS } from './time.js';
import type { GameLog, Play, SchedGame } from './types.js';

export interface GameView {
  g: SchedGame;
  asOfMs: number;
  status: GameStatus;
  phase: Phase;
  log?: GameLog;
  /** Plays visible at asOfMs (the last one may be in progress). */
  plays: Play[];
  lastComplete: boolean;
  boxes?: { away: TeamBox; home: TeamBox };
  decisions?: Decisions;
  /** Time of the latest change visible at asOfMs (metaData.timeStamp). */
  versionMs: number;
}

/** Cuts a play log at a time: complete plays, then the in-progress play with its finished events. */
export function cutPlays(plays: readonly Play[], atMs: number): { plays: Play[]; lastComplete: boolean } {
  const out: Play[] = [];
  for (const p of plays) {
    if (p.endMs <= atMs) {
      out.push(p);
      continue;
    }
    const events = p.events.filter((e) => e.endMs <= atMs);
    const shown = events.filter((e) => !(e.kind === 'action' && e.eventType === 'game_advisory'));
    if (shown.length > 0 || (out.length === 0 && events.length > 0 && p.startMs <= atMs)) {
      const last = at(events, events.length - 1);
      out.push({
        ...p,
        events,
        runners: p.runners.filter((m) => m.playIndex < events.length),
        balls: last.balls,
        strikes: last.strikes,
        outs: last.outs,
        awayScore: last.awayScore,
        homeScore: last.homeScore,
      });
      return { plays: out, lastComplete: false };
    }
    break;
  }
  return { plays: out, lastComplete: true };
}

/** A cache of simulated logs (a few recent games) so several bodies of one game simulate it once. */
export function createLogCache(model: SeasonModel, size = 48) {
  const cache = new Map<number, GameLog>();
  return (gamePk: number): GameLog => {
    let log = cache.get(gamePk);
    if (log) {
      cache.delete(gamePk);
      cache.set(gamePk, log);
      return log;
    }
    log = model.simulate(gamePk);
    cache.set(gamePk, log);
    if (cache.size > size) cache.delete(cache.keys().next().value as number);
    return log;
  };
}

/** Builds the view of a game at `asOfMs`. `getLog` returns a fresh-or-cached uncorrected log. */
export function buildGameView(
  model: SeasonModel,
  state: SimState,
  g: SchedGame,
  asOfMs: number,
  getLog: (pk: number) => GameLog,
): GameView {
  const { status, phase } = statusAt(model, g, asOfMs);
  const changes = transitions(model, g, asOfMs);
  const publishedMs = g.originalStartMs - 120 * 86_400_000;
  const view: GameView = {
    g,
    asOfMs,
    status,
    phase,
    plays: [],
    lastComplete: true,
    versionMs: Math.max(publishedMs, ...changes),
  };
  if (phase === 'preview' || phase === 'cancelled') {
    for (const t of [g.startMs - 60 * MINUTE_MS, g.startMs - 20 * MINUTE_MS])
      if (t <= asOfMs) view.versionMs = Math.max(view.versionMs, t);
    return view;
  }
  // The feed turns Live at the start: a change of its own, whatever the log holds from before it.
  view.versionMs = Math.max(view.versionMs, Math.min(g.startMs, asOfMs));
  const corrections = correctionsFor(state, g.gamePk, asOfMs);
  let log = getLog(g.gamePk);
  if (corrections.length > 0) {
    log = structuredClone(log);
    applyCorrections(log, corrections);
    for (const c of corrections) view.versionMs = Math.max(view.versionMs, c.atMs);
  }
  view.log = log;
  const cut =
    phase === 'over' || phase === 'final' ? { plays: log.plays, lastComplete: true } : cutPlays(log.plays, asOfMs);
  view.plays = cut.plays;
  view.lastComplete = cut.lastComplete;
  const lastPlay = cut.plays[cut.plays.length - 1];
  if (lastPlay && phase !== 'over' && phase !== 'final') {
    const lastEv = at(lastPlay.events, lastPlay.events.length - 1);
    view.versionMs = Math.max(view.versionMs, Math.min(lastEv.endMs, asOfMs));
  }
  view.boxes = deriveBoxes(cut.plays, log.lineups, log.starters, cut.lastComplete);
  if (phase === 'over' || phase === 'final') {
    view.decisions = computeDecisions(cut.plays, view.boxes);
    applyDecisionCorrections(view.decisions, corrections);
  }
  return view;
}
