/** Win-loss records as of a moment, from the simulated outcomes (spring, regular season, series). */

import { at } from '../checked.js';
import type { SeasonModel } from '../season.js';
import type { SchedGame } from '../types.js';
import { GAME_OVER_MINUTES } from './status.js';

export interface WinLoss {
  wins: number;
  losses: number;
  ties: number;
}

interface Book {
  nowMs: number;
  /** Per team and game type: final times with cumulative records. */
  byTeam: Map<string, Array<{ t: number; w: number; l: number; tie: number }>>;
}

const finalDelay = GAME_OVER_MINUTES * 60_000;

/** Creates a record book over a season model; rebuilds lazily when the clock moves. */
export function createRecordBook(model: SeasonModel) {
  let book: Book | undefined;
  const build = (nowMs: number): Book => {
    const events: Array<{ t: number; g: SchedGame; away: number; home: number }> = [];
    for (const g of model.baseGames) {
      if (g.startMs > nowMs || g.cancelled || (g.gameType !== 'R' && g.gameType !== 'S')) continue;
      const o = model.outcome(g.gamePk);
      const t = o.endMs + finalDelay;
      if (t <= nowMs) events.push({ t, g, away: o.awayScore, home: o.homeScore });
    }
    events.sort((a, b) => a.t - b.t || a.g.gamePk - b.g.gamePk);
    const byTeam = new Map<string, Array<{ t: number; w: number; l: number; tie: number }>>();
    const push = (team: number, type: string, t: number, result: 'w' | 'l' | 'tie') => {
      const key = `${team}:${type}`;
      const list = byTeam.get(key) ?? [];
      const prev = list[list.length - 1] ?? { t: 0, w: 0, l: 0, tie: 0 };
      list.push({
        t,
        w: prev.w + (result === 'w' ? 1 : 0),
        l: prev.l + (result === 'l' ? 1 : 0),
        tie: prev.tie + (result === 'tie' ? 1 : 0),
      });
      byTeam.set(key, list);
    };
    for (const e of events) {
      const r = e.away === e.home ? ['tie', 'tie'] : e.away > e.home ? ['w', 'l'] : ['l', 'w'];
      push(e.g.awayId, e.g.gameType, e.t, r[0] as 'w');
      push(e.g.homeId, e.g.gameType, e.t, r[1] as 'w');
    }
    return { nowMs, byTeam };
  };
  return {
    /** Record of a team in games of `type` that were final at `atMs` (atMs <= nowMs). */
    recordAt(teamId: number, type: string, atMs: number, nowMs: number): WinLoss {
      if (!book || book.nowMs !== nowMs) book = build(nowMs);
      const list = book.byTeam.get(`${teamId}:${type}`);
      if (!list) return { wins: 0, losses: 0, ties: 0 };
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at(list, mid).t <= atMs) lo = mid + 1;
        else hi = mid;
      }
      const e = list[lo - 1];
      return e ? { wins: e.w, losses: e.l, ties: e.tie } : { wins: 0, losses: 0, ties: 0 };
    },
    /** Wins and losses of each team in a postseason series up to `atMs`. */
    seriesRecord(g: SchedGame, teamId: number, atMs: number): WinLoss {
      let wins = 0;
      let losses = 0;
      for (const other of model.allGames()) {
        if (other.gameType !== g.gameType || other.startMs > atMs) continue;
        const same =
          (other.awayId === g.awayId && other.homeId === g.homeId) ||
          (other.awayId === g.homeId && other.homeId === g.awayId);
        if (!same) continue;
        const o = model.outcome(other.gamePk);
        if (o.endMs + finalDelay > atMs) continue;
        const won = (o.homeScore > o.awayScore ? other.homeId : other.awayId) === teamId;
        if (won) wins++;
        else losses++;
      }
      return { wins, losses, ties: 0 };
    },
  };
}

/** The moment a game's record snapshot is taken: its end (when final) or now. */
export function recordMoment(model: SeasonModel, g: SchedGame, nowMs: number): number {
  if (g.startMs > nowMs || g.cancelled) return nowMs;
  const o = model.outcome(g.gamePk);
  return Math.min(nowMs, o.endMs + finalDelay);
}

/** ".483" style winning percentage. */
export function pct(r: WinLoss): string {
  const n = r.wins + r.losses;
  if (n === 0) return '.000';
  const v = r.wins / n;
  return v >= 1 ? '1.000' : v.toFixed(3).slice(1);
}
