/** The v1.1 live feed: metaData + gameData + liveData, all from one game view. */

import { sportInfo } from '../data/levels.js';
import { pct, type WinLoss } from '../clock/records.js';
import type { GameView } from '../game-view.js';
import { fullName } from '../people-gen.js';
import { isoMillis, isoSeconds, localClock, stampOf, venueOffset } from '../time.js';
import type { League, SchedGame } from '../types.js';
import { renderBoxscore } from './boxscore.js';
import { absChallengeCounts, reviewCounts } from './challenges.js';
import { COPYRIGHT, personRef } from './common.js';
import { attendanceOf, weatherOf } from './game-extras.js';
import { renderLinescore } from './linescore.js';
import { renderPerson } from './person.js';
import { renderPlays } from './plays.js';
import { renderTeam, renderVenueFull } from './team.js';

export interface FeedDeps {
  league: League;
  seed: number;
  venueOf(id: number): import('../data/teams.js').VenueInfo | undefined;
  recordOf(g: SchedGame, teamId: number): WinLoss;
  /** Probable starters (the rotation's pitchers for the day). */
  probable(g: SchedGame): { away: number; home: number };
}

/** Short game id "2025/06/01/cinmlb-chnmlb-1". */
export function gameId(league: League, g: SchedGame): string {
  const a = league.teamById.get(g.awayId)!;
  const h = league.teamById.get(g.homeId)!;
  const code = sportInfo(h.sportId ?? 1).code;
  return `${g.officialDate.replace(/-/g, '/')}/${a.teamCode}${code}-${h.teamCode}${code}-${g.gameNumber}`;
}

/** Full team object with its record, as in gameData.teams and the standalone boxscore. */
export function teamWithRecord(deps: FeedDeps, g: SchedGame, teamId: number) {
  const t = deps.league.teamById.get(teamId)!;
  const venue = deps.venueOf(t.venueId);
  const base = renderTeam(t, g.season, venue?.name ?? '');
  const r = deps.recordOf(g, teamId);
  const { franchiseName, clubName, active, ...head } = base;
  return {
    ...head,
    record: {
      gamesPlayed: r.wins + r.losses + r.ties,
      wildCardGamesBack: '-',
      leagueGamesBack: '-',
      springLeagueGamesBack: '-',
      sportGamesBack: '-',
      divisionGamesBack: '-',
      conferenceGamesBack: '-',
      leagueRecord: { wins: r.wins, losses: r.losses, ties: r.ties, pct: pct(r) },
      records: {},
      divisionLeader: false,
      wins: r.wins,
      losses: r.losses,
      winningPercentage: pct(r),
    },
    franchiseName,
    clubName,
    active,
  };
}

function gameData(deps: FeedDeps, view: GameView) {
  const { league, seed } = deps;
  const g = view.g;
  const venue = deps.venueOf(g.venueId)!;
  const offset = venueOffset(venue, g.officialDate);
  const clock = localClock(g.startMs, offset);
  const players: Record<string, unknown> = {};
  for (const teamId of [g.awayId, g.homeId]) {
    for (const id of league.activeAt(teamId, g.officialDate))
      players[`ID${id}`] = renderPerson(league, league.personById.get(id)!, g.officialDate, { withTeam: false });
  }
  const prob = deps.probable(g);
  const started = view.plays.length > 0;
  const final = view.phase === 'over' || view.phase === 'final';
  const gameInfo: Record<string, unknown> = {};
  const abs = absChallengeCounts(league, view);
  if (final) gameInfo.attendance = attendanceOf(seed, g, venue.capacity);
  if (started && view.log) gameInfo.firstPitch = isoMillis(view.log.firstPitchMs);
  if (final && view.log)
    gameInfo.gameDurationMinutes = Math.round(
      (view.log.endMs - view.log.firstPitchMs - ((view.log.resumedAtMs ?? 0) - (view.log.suspendedAtMs ?? 0))) / 60_000,
    );
  const hits = (side: 'away' | 'home') =>
    view.boxes ? [...view.boxes[side].batting.values()].reduce((a, l) => a + l.hits, 0) : 0;
  const noHit = (side: 'away' | 'home') => final && hits(side) === 0;
  const visits = (teamId: number) =>
    view.plays.reduce(
      (a, p) =>
        a +
        p.events.filter(
          (e) => e.kind === 'action' && e.eventType === 'mound_visit' && (p.top ? g.homeId : g.awayId) === teamId,
        ).length,
      0,
    );
  const cs = league.casterByTeam.get(g.homeId) ?? league.casterByTeam.values().next().value!;
  const scorer = league.scorerByTeam.get(g.homeId) ?? league.scorerByTeam.values().next().value!;
  const data: Record<string, unknown> = {
    game: {
      pk: g.gamePk,
      type: g.gameType,
      doubleHeader: g.doubleHeader,
      id: gameId(league, g),
      gamedayType: 'P',
      tiebreaker: 'N',
      gameNumber: g.gameNumber,
      calendarEventID: `14-${g.gamePk}-${g.originalDate}`,
      season: String(g.season),
      seasonDisplay: String(g.season),
    },
    datetime: {
      dateTime: isoSeconds(g.startMs),
      originalDate: g.originalDate,
      officialDate: g.officialDate,
      dayNight: g.dayNight,
      time: clock.time,
      ampm: clock.ampm,
    },
    status: view.status,
    teams: { away: teamWithRecord(deps, g, g.awayId), home: teamWithRecord(deps, g, g.homeId) },
    players,
    venue: renderVenueFull(venue, g.season, g.officialDate),
    officialVenue: { id: venue.id, link: `/api/v1/venues/${venue.id}` },
    weather: started ? weatherOf(seed, g, venue.roofType) : {},
    gameInfo,
    review: reviewCounts(view),
    ...(abs ? { absChallenges: abs } : {}),
    flags: {
      noHitter: noHit('away') || noHit('home'),
      perfectGame: false,
      awayTeamNoHitter: noHit('home'),
      awayTeamPerfectGame: false,
      homeTeamNoHitter: noHit('away'),
      homeTeamPerfectGame: false,
    },
    alerts: [],
    probablePitchers: { away: personRef(league, prob.away), home: personRef(league, prob.home) },
    officialScorer: personRef(league, scorer),
    primaryDatacaster: personRef(league, cs),
    ...(g.gameType !== 'R' && g.gameType !== 'S'
      ? { secondaryDatacaster: personRef(league, league.casterByTeam.get(g.awayId) ?? cs) }
      : {}),
    moundVisits: {
      away: { used: visits(g.awayId), remaining: Math.max(0, 5 - visits(g.awayId)) },
      home: { used: visits(g.homeId), remaining: Math.max(0, 5 - visits(g.homeId)) },
    },
  };
  return data;
}

/** Renders the whole live feed of a view. */
export function renderFeed(deps: FeedDeps, view: GameView) {
  const { league, seed } = deps;
  const plays = renderPlays(league, seed, view);
  const last = view.plays[view.plays.length - 1];
  const final = view.phase === 'over' || view.phase === 'final';
  const gameEvents = last ? [last.eventType.replace(/^(groundout|flyout|lineout|popout)$/, 'field_out')] : [];
  if (final) gameEvents.push('game_finished');
  const liveData: Record<string, unknown> = {
    plays,
    linescore: renderLinescore(league, view),
    boxscore: renderBoxscore(league, seed, view),
  };
  const d = view.decisions;
  if (d && (d.winner || d.loser)) {
    const ref = (id: number) => ({ id, fullName: fullName(league.personById.get(id)!), link: `/api/v1/people/${id}` });
    const decisions: Record<string, unknown> = {};
    if (d.winner) decisions.winner = ref(d.winner);
    if (d.loser) decisions.loser = ref(d.loser);
    if (d.save) decisions.save = ref(d.save);
    liveData.decisions = decisions;
  }
  liveData.leaders = { hitDistance: {}, hitSpeed: {}, pitchSpeed: {} };
  return {
    copyright: COPYRIGHT,
    gamePk: view.g.gamePk,
    link: `/api/v1.1/game/${view.g.gamePk}/feed/live`,
    metaData: {
      wait: 10,
      timeStamp: stampOf(view.versionMs),
      gameEvents,
      logicalEvents: final
        ? ['midInning', 'countChange', 'gameStateChangeToGameOver']
        : last
          ? ['countChange', `count${last.balls}${last.strikes}`]
          : [],
    },
    gameData: gameData(deps, view),
    liveData,
  };
}
