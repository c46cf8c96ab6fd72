/**
 * The game loop: half-innings of plate appearances until the game is decided (the home team does
 * not bat in the ninth when ahead; extra innings with the automatic runner in the regular season of
 * its era).
 */

import { at } from '../checked.js';
import { createRng, hashSeed } from '../prng.js';
import type { GameLog, GameType, League, Play, SchedGame } from '../types.js';
import { eraOf } from '../era.js';
import { assignAbsChallenges, playsAbs } from './abs.js';
import { assignReviews } from './reviews.js';
import { simulateAtBat } from './at-bat.js';
import { type Ctx, defense, offense, personOf, pushEvent } from './context.js';
import { defensiveChanges, maybeChangePitcher, maybePinchHit, maybePinchRun } from './managers.js';
import { createTeamState } from './team-state.js';

export interface GameSetup {
  gamePk: number;
  seed: number;
  league: League;
  gameType: GameType;
  scheduledInnings: number;
  awayId: number;
  homeId: number;
  awayGameIndex: number;
  homeGameIndex: number;
  /** First pitch (epoch ms). */
  startMs: number;
  /** The game's official date (the day's roster moves apply). */
  date: string;
  suspension?: { afterHalfInnings: number; resumeStartMs: number; reason: string };
}

const MAX_INNINGS = 25;

function snapshotBases(c: Ctx): [number, number, number] {
  return [c.bases[0]?.id ?? 0, c.bases[1]?.id ?? 0, c.bases[2]?.id ?? 0];
}

function runPlateAppearance(c: Ctx, ab: number, startOfHalf: boolean, scheduled: number): Play {
  maybeChangePitcher(c, startOfHalf, scheduled);
  maybePinchRun(c, scheduled);
  const team = offense(c);
  const batterId = maybePinchHit(c, at(team.slots, team.next));
  const pitcherId = defense(c).pitcher;
  const batter = personOf(c, batterId);
  const pitcher = personOf(c, pitcherId);
  const outsBefore = c.outs;
  const basesBefore = snapshotBases(c);
  const scoreBefore = c.top ? c.awayScore : c.homeScore;
  const res = simulateAtBat(c, batterId);
  defense(c).battersSinceEntry += 1;
  const allowed = (c.top ? c.awayScore : c.homeScore) - scoreBefore;
  if (defense(c).pitcher === defense(c).starter) defense(c).runsAllowedByStarter += allowed;
  const outsMade = c.outs - outsBefore;
  defense(c).outsSinceEntry += outsMade;
  team.next = (team.slots.indexOf(batterId) + 1) % 9;
  const play: Play = {
    ab,
    inning: c.inning,
    top: c.top,
    batter: batterId,
    pitcher: pitcherId,
    batSide: batter.bats === 'S' ? (pitcher.throws === 'L' ? 'R' : 'L') : batter.bats,
    pitchHand: pitcher.throws,
    events: c.events,
    runners: c.moves,
    eventType: res.kind,
    rbi: 0,
    awayScore: c.awayScore,
    homeScore: c.homeScore,
    isOut: c.moves.some((m) => m.runner === batterId && m.isOut),
    outsBefore,
    outs: c.outs,
    balls: c.balls,
    strikes: c.strikes,
    startMs: (c.events.find((e) => e.kind !== 'action' || e.eventType !== 'game_advisory') ?? at(c.events, 0)).startMs,
    endMs: at(c.events, c.events.length - 1).endMs,
    basesBefore,
    basesAfter: snapshotBases(c),
    fielders: { ...defense(c).fielders },
  };
  if (res.batted) play.batted = res.batted;
  if ((res.kind === 'home_run' || res.kind === 'single' || res.kind === 'force_out') && c.rng.chance(0.025)) {
    play.review =
      res.kind === 'home_run'
        ? { type: 'NH', overturned: false }
        : { type: 'MA', overturned: false, challengeTeamId: defense(c).teamId };
    c.t += c.rng.int(60_000, 150_000);
  }
  c.events = [];
  c.moves = [];
  c.t += c.rng.int(9000, 22000);
  return play;
}

type StartSetup = Pick<
  GameSetup,
  'seed' | 'gamePk' | 'league' | 'gameType' | 'awayId' | 'homeId' | 'awayGameIndex' | 'homeGameIndex' | 'date'
>;

/** The game's random stream and both clubs as they take the field (the starters, the lineups). */
function gameStart(setup: StartSetup) {
  const rng = createRng(hashSeed(setup.seed, setup.gamePk, 0x9a3e));
  const era = eraOf(setup.league.season, setup.league.sportId);
  // The home park's rule: no designated hitter in National League parks before 2022 (2020 aside);
  // spring training keeps it.
  const dh = era.universalDh || setup.gameType === 'S' || setup.league.teamById.get(setup.homeId)?.leagueId !== 104;
  const away = createTeamState(rng, setup.league, setup.awayId, setup.awayGameIndex, setup.date, dh);
  const home = createTeamState(rng, setup.league, setup.homeId, setup.homeGameIndex, setup.date, dh);
  return { rng, away, home };
}

/** The starting lineups a game will have (batting order, position code), without playing it. Pure. */
export function startingLineups(
  d: { seed: number; league: League },
  g: SchedGame,
): { away: Array<{ id: number; pos: string }>; home: Array<{ id: number; pos: string }> } {
  const { away, home } = gameStart({
    seed: d.seed,
    gamePk: g.gamePk,
    league: d.league,
    gameType: g.gameType,
    awayId: g.awayId,
    homeId: g.homeId,
    awayGameIndex: g.awayGameIndex,
    homeGameIndex: g.homeGameIndex,
    date: g.officialDate,
  });
  const spots = (t: typeof away) => t.slots.map((id) => ({ id, pos: t.pos.get(id) ?? '10' }));
  return { away: spots(away), home: spots(home) };
}

/** Simulates one game completely. Pure: the same setup always yields the same play log. */
export function simulateGame(setup: GameSetup): GameLog {
  const { rng, away, home } = gameStart(setup);
  const era = eraOf(setup.league.season, setup.league.sportId);
  const c: Ctx = {
    rng,
    league: setup.league,
    t: setup.startMs - 150 * 60_000,
    inning: 1,
    top: true,
    outs: 0,
    bases: [null, null, null],
    away,
    home,
    awayScore: 0,
    homeScore: 0,
    events: [],
    moves: [],
    balls: 0,
    strikes: 0,
    pitchNumber: 0,
    disengagements: 0,
    origins: new Map(),
  };
  const scheduled = setup.scheduledInnings;
  const ghost = setup.gameType === 'R' && era.automaticRunner;
  const allowTie = setup.gameType === 'S';
  pushEvent(
    c,
    { kind: 'action', eventType: 'game_advisory', player: at(away.slots, 0), text: 'Status Change - Pre-Game' },
    125 * 60_000,
    0,
  );
  pushEvent(
    c,
    { kind: 'action', eventType: 'game_advisory', player: at(away.slots, 0), text: 'Status Change - Warmup' },
    24 * 60_000,
    0,
  );
  c.t = setup.startMs;
  const plays: Play[] = [];
  let halfIndex = 0;
  let suspendedAtMs: number | undefined;
  let resumedAtMs: number | undefined;
  let innings = 0;
  const ghostRunners: string[] = [];
  let over = false;
  for (let inning = 1; !over && inning <= MAX_INNINGS; inning++) {
    for (const top of [true, false]) {
      if (!top && inning >= scheduled && c.homeScore > c.awayScore) {
        over = true;
        break;
      }
      c.inning = inning;
      c.top = top;
      c.outs = 0;
      c.bases = [null, null, null];
      innings = inning;
      if (inning > scheduled && ghost) {
        const team = offense(c);
        const id = at(team.slots, (team.next + 8) % 9);
        c.bases[1] = { id, resp: defense(c).pitcher };
        ghostRunners.push(`${inning}${top ? 't' : 'b'}:${id}`);
      }
      if (halfIndex > 0 && suspendedAtMs !== undefined && resumedAtMs === c.t) {
        pushEvent(
          c,
          {
            kind: 'action',
            eventType: 'game_advisory',
            player: at(offense(c).slots, offense(c).next),
            text: `Status Change - Suspended: ${setup.suspension!.reason}`,
          },
          60_000,
          0,
        );
        at(c.events, 0).startMs = suspendedAtMs;
      }
      if (c.bases[1] && inning > scheduled && ghost) {
        // The feed announces the automatic runner with a "Runner Placed On Base" action before the first pitch.
        pushEvent(c, { kind: 'action', eventType: 'runner_placed', player: c.bases[1].id, base: 2 }, 0, 0);
      }
      defensiveChanges(c);
      let first = true;
      while (c.outs < 3) {
        plays.push(runPlateAppearance(c, plays.length, first, scheduled));
        first = false;
        if (!top && inning >= scheduled && c.homeScore > c.awayScore) {
          over = true;
          break;
        }
      }
      if (over) break;
      halfIndex += 1;
      c.t += rng.int(125_000, 165_000);
      if (setup.suspension && halfIndex === setup.suspension.afterHalfInnings) {
        suspendedAtMs = c.t - 60_000;
        c.t = Math.max(c.t, setup.suspension.resumeStartMs);
        resumedAtMs = c.t;
      }
    }
    if (!over && inning >= scheduled && (c.homeScore !== c.awayScore || allowTie)) over = true;
  }
  assignReviews(
    plays,
    setup.seed,
    setup.gamePk,
    { away: setup.awayId, home: setup.homeId },
    setup.gameType,
    era.managerChallenges,
  );
  if (playsAbs(setup.league))
    assignAbsChallenges(plays, setup.seed, setup.gamePk, { away: setup.awayId, home: setup.homeId });
  const last = at(plays, plays.length - 1);
  return {
    gamePk: setup.gamePk,
    plays,
    lineups: { away: away.lineup, home: home.lineup },
    starters: { away: away.starter, home: home.starter },
    firstPitchMs: setup.startMs,
    endMs: last.endMs,
    suspendedAtMs,
    resumedAtMs,
    awayScore: c.awayScore,
    homeScore: c.homeScore,
    innings,
    isTie: c.awayScore === c.homeScore,
    ghostRunners,
  };
}
