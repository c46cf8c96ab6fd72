/**
 * Schedule-shaped bodies (/schedule and /game/changes): one entry per listing of a game. A postponed
 * game is listed on its original date (status D) and on its makeup date; a suspended game on its
 * original date and, once suspended, on its resume date — always with the same gamePk.
 */

import { postponedStatus, statusAt } from '../clock/status.js';
import { pct, type WinLoss } from '../clock/records.js';
import { uuidFrom } from '../prng.js';
import type { SeasonModel } from '../season.js';
import { isoSeconds } from '../time.js';
import type { League, SchedGame } from '../types.js';
import { COPYRIGHT, personRef, position, teamRef } from './common.js';
import type { LineupSpot, PregameView } from '../pregame.js';
import { renderTeam } from './team.js';
import { SPRING_LEAGUES } from '../data/teams.js';

export type ListingKind = 'main' | 'ppd-original' | 'resumed';

export interface Listing {
  g: SchedGame;
  kind: ListingKind;
  /** Date group the listing appears under. */
  date: string;
}

export interface Hydrations {
  team: boolean;
  linescore: boolean;
  decisions: boolean;
  probablePitcher: boolean;
  flags: boolean;
  lineups?: boolean;
  officials?: boolean;
  weather?: boolean;
}

export interface ScheduleDeps {
  model: SeasonModel;
  league: League;
  seed: number;
  nowMs: number;
  recordOf(g: SchedGame, teamId: number): WinLoss;
  /** Score, linescore and decisions of a started game at now. */
  liveState(g: SchedGame): {
    away: number;
    home: number;
    linescore?: unknown;
    decisions?: Record<string, unknown>;
    noHitter?: boolean;
  };
  probable(g: SchedGame): { away: number; home: number };
  /** Before the first pitch: what is announced so far (probables, lineups, crew, forecast). */
  pregame?(g: SchedGame): PregameView;
  /** After it: the game's own lineups, crew and weather. */
  played?(g: SchedGame): {
    lineups: PregameView['lineups'];
    officials: PregameView['officials'];
    weather: PregameView['weather'];
  };
}

/** Listings of a game visible at `nowMs`. */
export function listingsOf(model: SeasonModel, g: SchedGame, nowMs: number): Listing[] {
  if (g.postponed) {
    if (nowMs < g.postponed.announcedMs) return [{ g, kind: 'main', date: g.originalDate }];
    return [
      { g, kind: 'ppd-original', date: g.originalDate },
      { g, kind: 'main', date: g.officialDate },
    ];
  }
  const out: Listing[] = [{ g, kind: 'main', date: g.officialDate }];
  if (g.suspended && g.startMs <= nowMs) {
    const o = model.outcome(g.gamePk);
    if (o.suspendedAtMs !== undefined && o.suspendedAtMs <= nowMs)
      out.push({ g, kind: 'resumed', date: g.suspended.resumeDate });
  }
  return out;
}

/** One game object of a schedule body. */
export function renderScheduleGame(deps: ScheduleDeps, l: Listing, hyd: Hydrations) {
  const { league, model, nowMs } = deps;
  const g = l.g;
  const prePostponement = g.postponed !== undefined && nowMs < g.postponed.announcedMs;
  const dh = model.dhChangeOf(g.gamePk);
  const dhActive = !dh || dh.fromMs <= nowMs;
  const { status, phase } = statusAt(model, g, nowMs);
  const shownStatus = l.kind === 'ppd-original' ? postponedStatus(g) : status;
  const out: Record<string, unknown> = {
    gamePk: g.gamePk,
    gameGuid: uuidFrom(deps.seed, g.gamePk, 0x6e1d),
    link: `/api/v1.1/game/${g.gamePk}/feed/live`,
    gameType: g.gameType,
    season: String(g.season),
    gameDate: isoSeconds(
      l.kind === 'ppd-original' || prePostponement
        ? g.originalStartMs
        : l.kind === 'resumed'
          ? g.suspended!.resumeStartMs
          : g.startMs,
    ),
    officialDate: prePostponement ? g.originalDate : g.officialDate,
  };
  if (l.kind === 'ppd-original')
    Object.assign(out, { rescheduleDate: isoSeconds(g.startMs), rescheduleGameDate: g.officialDate });
  if (l.kind === 'main' && g.postponed && !prePostponement)
    Object.assign(out, { rescheduledFrom: isoSeconds(g.originalStartMs), rescheduledFromDate: g.originalDate });
  if (l.kind === 'main' && g.suspended && listingsOf(model, g, nowMs).length > 1)
    Object.assign(out, { resumeDate: isoSeconds(g.suspended.resumeStartMs), resumeGameDate: g.suspended.resumeDate });
  if (l.kind === 'resumed') Object.assign(out, { resumedFrom: isoSeconds(g.startMs), resumedFromDate: g.originalDate });
  out.status = shownStatus;
  const started =
    l.kind !== 'ppd-original' && phase !== 'cancelled' && (phase !== 'preview' || status.codedGameState === 'P');
  const final = l.kind !== 'ppd-original' && (phase === 'over' || phase === 'final');
  const live = started ? deps.liveState(g) : undefined;
  const pre = phase === 'preview' && l.kind !== 'ppd-original' ? deps.pregame?.(g) : undefined;
  const played = pre === undefined && (hyd.lineups || hyd.officials || hyd.weather) ? deps.played?.(g) : undefined;
  const actual = deps.probable(g);
  const prob: { away?: number; home?: number } = pre ? pre.probables : actual;
  const side = (teamId: number, score: number | undefined, probable: number | undefined) => {
    const t = league.teamById.get(teamId)!;
    const r = deps.recordOf(g, teamId);
    const o: Record<string, unknown> = {
      leagueRecord: { wins: r.wins, losses: r.losses, ties: r.ties, pct: pct(r) },
    };
    if (score !== undefined) o.score = score;
    o.team = hyd.team ? renderTeam(t, g.season, model.venue(t.venueId)?.name ?? '') : teamRef(t);
    if (final && live && live.away !== live.home) o.isWinner = score === Math.max(live.away, live.home);
    if (hyd.probablePitcher && probable !== undefined) o.probablePitcher = personRef(league, probable);
    o.splitSquad = false;
    o.seriesNumber = teamId === g.awayId ? g.seriesNumberAway : g.seriesNumberHome;
    if (g.gameType === 'S') o.springLeague = { ...SPRING_LEAGUES.find((s) => s.id === t.springLeagueId)! };
    return o;
  };
  out.teams = { away: side(g.awayId, live?.away, prob.away), home: side(g.homeId, live?.home, prob.home) };
  if (hyd.linescore && live?.linescore) {
    const ls = live.linescore as { teams?: Record<string, Record<string, unknown>> };
    if (ls.teams?.home && ls.teams.away) {
      ls.teams.home.team = teamRef(league.teamById.get(g.homeId)!);
      ls.teams.away.team = teamRef(league.teamById.get(g.awayId)!);
    }
    out.linescore = ls;
  }
  if (hyd.decisions && live?.decisions) out.decisions = live.decisions;
  const known = pre ?? played;
  if (hyd.lineups && known?.lineups) {
    const spots = (list: readonly LineupSpot[]) =>
      list.map((s) => ({ ...personRef(league, s.id), primaryPosition: position(s.pos) }));
    out.lineups = { homePlayers: spots(known.lineups.home), awayPlayers: spots(known.lineups.away) };
  }
  if (hyd.officials && known?.officials)
    out.officials = known.officials.map((o) => ({ official: personRef(league, o.id), officialType: o.type }));
  if (hyd.weather) out.weather = known?.weather ?? {};
  const venue = model.venue(g.venueId);
  out.venue = { id: g.venueId, name: venue?.name ?? '', link: `/api/v1/venues/${g.venueId}` };
  out.content = { link: `/api/v1/game/${g.gamePk}/content` };
  if (final && live) out.isTie = live.away === live.home;
  const original = l.kind === 'ppd-original' || !dhActive;
  Object.assign(out, {
    gameNumber: original ? 1 : g.gameNumber,
    publicFacing: true,
    doubleHeader: original ? 'N' : g.doubleHeader,
    gamedayType: 'P',
    tiebreaker: 'N',
    calendarEventID: `14-${g.gamePk}-${g.originalDate}`,
    seasonDisplay: String(g.season),
    dayNight: g.dayNight,
  });
  if (g.description && (l.kind !== 'main' || !g.postponed || !prePostponement)) {
    if (l.kind !== 'ppd-original' || !g.description.startsWith('Makeup')) out.description = g.description;
  }
  Object.assign(out, {
    scheduledInnings: g.scheduledInnings,
    reverseHomeAwayStatus: false,
    inningBreakLength: 120,
    gamesInSeries: g.gamesInSeries,
    seriesGameNumber: g.seriesGameNumber,
    seriesDescription: g.seriesDescription,
    recordSource: 'S',
    ifNecessary: g.ifNecessary ? 'Y' : 'N',
    ifNecessaryDescription: g.ifNecessary ? 'If Necessary Game' : 'Normal Game',
  });
  if (hyd.flags) out.flags = { noHitter: live?.noHitter ?? false, perfectGame: false };
  return out;
}

/** Groups rendered games by date into the schedule body. */
export function scheduleBody(
  groups: Array<{ date: string; games: Array<Record<string, unknown>> }>,
  totalItems?: number,
) {
  let items = 0;
  let inProgress = 0;
  const dates = groups
    .filter((d) => d.games.length > 0)
    .map((d) => {
      const live = d.games.filter(
        (x) => (x.status as { abstractGameState: string }).abstractGameState === 'Live',
      ).length;
      items += d.games.length;
      inProgress += live;
      return {
        date: d.date,
        totalItems: d.games.length,
        totalEvents: 0,
        totalGames: d.games.length,
        totalGamesInProgress: live,
        games: d.games,
        events: [],
      };
    });
  return {
    copyright: COPYRIGHT,
    totalItems: totalItems ?? items,
    totalEvents: 0,
    totalGames: totalItems ?? items,
    totalGamesInProgress: inProgress,
    dates,
  };
}
