/** Turns counting lines into the Stats API's stat objects (key order and rate strings as upstream). */

import type { Line } from '../derive/lines.js';
import { inningsPitched, rate2, rate3 } from './common.js';

type Obj = Record<string, string | number>;

const avg = (l: Line) => rate3(l.hits, l.atBats, '.000');
const obpOf = (l: Line) =>
  rate3(l.hits + l.baseOnBalls + l.hitByPitch, l.atBats + l.baseOnBalls + l.hitByPitch + l.sacFlies, '.000');
const slgOf = (l: Line) => rate3(l.totalBases, l.atBats, '.000');
function opsOf(l: Line): string {
  const v =
    (l.atBats + l.baseOnBalls + l.hitByPitch + l.sacFlies === 0
      ? 0
      : (l.hits + l.baseOnBalls + l.hitByPitch) / (l.atBats + l.baseOnBalls + l.hitByPitch + l.sacFlies)) +
    (l.atBats === 0 ? 0 : l.totalBases / l.atBats);
  const s = v.toFixed(3);
  return v >= 1 ? s : s.slice(1);
}
const sbPct = (l: Line) => rate3(l.stolenBases, l.stolenBases + l.caughtStealing);
const csPct = (l: Line) => rate3(l.caughtStealing, l.stolenBases + l.caughtStealing);
const abPerHr = (l: Line) => rate2(l.atBats, l.homeRuns);

/** Batting object of one player in one game (with optional summary and note first). */
export function gameBatting(l: Line, extra: { summary?: string; note?: string }): Obj {
  const o: Obj = {};
  if (extra.note) o.note = extra.note;
  if (extra.summary !== undefined) o.summary = extra.summary;
  Object.assign(o, {
    gamesPlayed: l.gamesPlayed,
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    atBats: l.atBats,
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    groundIntoDoublePlay: l.groundIntoDoublePlay,
    groundIntoTriplePlay: l.groundIntoTriplePlay,
    plateAppearances: l.plateAppearances,
    totalBases: l.totalBases,
    rbi: l.rbi,
    leftOnBase: l.leftOnBase,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    catchersInterference: l.catchersInterference,
    pickoffs: l.pickoffs,
    atBatsPerHomeRun: abPerHr(l),
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  });
  return o;
}

/** Team batting totals (rates included). */
export function teamBatting(l: Line): Obj {
  return {
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    avg: avg(l),
    atBats: l.atBats,
    obp: obpOf(l),
    slg: slgOf(l),
    ops: opsOf(l),
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    groundIntoDoublePlay: l.groundIntoDoublePlay,
    groundIntoTriplePlay: l.groundIntoTriplePlay,
    plateAppearances: l.plateAppearances,
    totalBases: l.totalBases,
    rbi: l.rbi,
    leftOnBase: l.leftOnBase,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    catchersInterference: l.catchersInterference,
    pickoffs: l.pickoffs,
    atBatsPerHomeRun: abPerHr(l),
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  };
}

/** Season batting (player seasonStats). */
export function seasonBatting(l: Line): Obj {
  const babipDen = l.atBats - l.strikeOuts - l.homeRuns + l.sacFlies;
  return {
    gamesPlayed: l.gamesPlayed,
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    avg: avg(l),
    atBats: l.atBats,
    obp: obpOf(l),
    slg: slgOf(l),
    ops: opsOf(l),
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    caughtStealingPercentage: csPct(l),
    groundIntoDoublePlay: l.groundIntoDoublePlay,
    groundIntoTriplePlay: l.groundIntoTriplePlay,
    plateAppearances: l.plateAppearances,
    totalBases: l.totalBases,
    rbi: l.rbi,
    leftOnBase: l.leftOnBase,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    babip: rate3(l.hits - l.homeRuns, babipDen),
    groundOutsToAirouts: rate2(l.groundOuts, l.airOuts),
    catchersInterference: l.catchersInterference,
    pickoffs: l.pickoffs,
    atBatsPerHomeRun: abPerHr(l),
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  };
}

const per9 = (n: number, outs: number) => rate2(n * 27, outs);

/** Pitching object of one pitcher in one game. */
export function gamePitching(l: Line, extra: { note?: string; summary?: string }): Obj {
  const o: Obj = {};
  if (extra.note) o.note = extra.note;
  if (extra.summary !== undefined) o.summary = extra.summary;
  Object.assign(o, {
    gamesPlayed: l.gamesPlayed,
    gamesStarted: l.gamesStarted,
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    atBats: l.atBats,
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
  });
  if (l.numberOfPitches > 0) o.numberOfPitches = l.numberOfPitches;
  Object.assign(o, {
    inningsPitched: inningsPitched(l.outs),
    wins: l.wins,
    losses: l.losses,
    saves: l.saves,
    saveOpportunities: l.saveOpportunities,
    holds: l.holds,
    blownSaves: l.blownSaves,
    earnedRuns: l.earnedRuns,
    battersFaced: l.battersFaced,
    outs: l.outs,
    gamesPitched: l.gamesPitched,
    completeGames: l.completeGames,
    shutouts: l.shutouts,
    pitchesThrown: l.numberOfPitches,
    balls: l.balls,
    strikes: l.strikes,
    strikePercentage: rate3(l.strikes, l.numberOfPitches, '-.--'),
    hitBatsmen: l.hitBatsmen,
    balks: l.balks,
    wildPitches: l.wildPitches,
    pickoffs: l.pickoffs,
    rbi: l.rbi,
    gamesFinished: l.gamesFinished,
    runsScoredPer9: per9(l.runs, l.outs),
    homeRunsPer9: per9(l.homeRuns, l.outs),
    inheritedRunners: l.inheritedRunners,
    inheritedRunnersScored: l.inheritedRunnersScored,
    catchersInterference: l.catchersInterference,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    passedBall: l.passedBall,
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  });
  return o;
}

/** Team pitching totals. */
export function teamPitching(l: Line): Obj {
  return {
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    atBats: l.atBats,
    obp: obpOf(l),
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    caughtStealingPercentage: csPct(l),
    numberOfPitches: l.numberOfPitches,
    era: per9(l.earnedRuns, l.outs),
    inningsPitched: inningsPitched(l.outs),
    saveOpportunities: l.saveOpportunities,
    earnedRuns: l.earnedRuns,
    whip: rate2((l.baseOnBalls + l.hits) * 3, l.outs),
    battersFaced: l.battersFaced,
    outs: l.outs,
    completeGames: l.completeGames,
    shutouts: l.shutouts,
    pitchesThrown: l.numberOfPitches,
    balls: l.balls,
    strikes: l.strikes,
    strikePercentage: rate3(l.strikes, l.numberOfPitches, '-.--'),
    hitBatsmen: l.hitBatsmen,
    balks: l.balks,
    wildPitches: l.wildPitches,
    pickoffs: l.pickoffs,
    groundOutsToAirouts: rate2(l.groundOuts, l.airOuts),
    rbi: l.rbi,
    pitchesPerInning: rate2(l.numberOfPitches * 3, l.outs),
    runsScoredPer9: per9(l.runs, l.outs),
    homeRunsPer9: per9(l.homeRuns, l.outs),
    inheritedRunners: l.inheritedRunners,
    inheritedRunnersScored: l.inheritedRunnersScored,
    catchersInterference: l.catchersInterference,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    passedBall: l.passedBall,
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  };
}

/** Season pitching (player seasonStats). */
export function seasonPitching(l: Line): Obj {
  const decided = l.wins + l.losses;
  return {
    gamesPlayed: l.gamesPlayed,
    gamesStarted: l.gamesStarted,
    flyOuts: l.flyOuts,
    groundOuts: l.groundOuts,
    airOuts: l.airOuts,
    runs: l.runs,
    doubles: l.doubles,
    triples: l.triples,
    homeRuns: l.homeRuns,
    strikeOuts: l.strikeOuts,
    baseOnBalls: l.baseOnBalls,
    intentionalWalks: l.intentionalWalks,
    hits: l.hits,
    hitByPitch: l.hitByPitch,
    atBats: l.atBats,
    obp: obpOf(l),
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    caughtStealingPercentage: csPct(l),
    numberOfPitches: l.numberOfPitches,
    era: per9(l.earnedRuns, l.outs),
    inningsPitched: inningsPitched(l.outs),
    wins: l.wins,
    losses: l.losses,
    saves: l.saves,
    saveOpportunities: l.saveOpportunities,
    holds: l.holds,
    blownSaves: l.blownSaves,
    earnedRuns: l.earnedRuns,
    whip: l.outs === 0 ? '-' : rate2((l.baseOnBalls + l.hits) * 3, l.outs),
    battersFaced: l.battersFaced,
    outs: l.outs,
    gamesPitched: l.gamesPitched,
    completeGames: l.completeGames,
    shutouts: l.shutouts,
    pitchesThrown: l.numberOfPitches,
    balls: l.balls,
    strikes: l.strikes,
    strikePercentage: rate3(l.strikes, l.numberOfPitches, '-.--'),
    hitBatsmen: l.hitBatsmen,
    balks: l.balks,
    wildPitches: l.wildPitches,
    pickoffs: l.pickoffs,
    groundOutsToAirouts: rate2(l.groundOuts, l.airOuts),
    rbi: l.rbi,
    winPercentage: rate3(l.wins, decided),
    pitchesPerInning: rate2(l.numberOfPitches * 3, l.outs),
    gamesFinished: l.gamesFinished,
    strikeoutWalkRatio: rate2(l.strikeOuts, l.baseOnBalls),
    strikeoutsPer9Inn: per9(l.strikeOuts, l.outs),
    walksPer9Inn: per9(l.baseOnBalls, l.outs),
    hitsPer9Inn: per9(l.hits, l.outs),
    runsScoredPer9: per9(l.runs, l.outs),
    homeRunsPer9: per9(l.homeRuns, l.outs),
    inheritedRunners: l.inheritedRunners,
    inheritedRunnersScored: l.inheritedRunnersScored,
    catchersInterference: l.catchersInterference,
    sacBunts: l.sacBunts,
    sacFlies: l.sacFlies,
    passedBall: l.passedBall,
    popOuts: l.popOuts,
    lineOuts: l.lineOuts,
  };
}

/** Fielding object (player game, player season; `withPct` adds the fielding percentage). */
export function fielding(l: Line, withPct: boolean): Obj {
  const o: Obj = {};
  if (l.gamesStarted) o.gamesStarted = l.gamesStarted;
  Object.assign(o, {
    caughtStealing: l.caughtStealing,
    stolenBases: l.stolenBases,
    stolenBasePercentage: sbPct(l),
    caughtStealingPercentage: csPct(l),
    assists: l.assists,
    putOuts: l.putOuts,
    errors: l.errors,
    chances: l.chances,
  });
  if (withPct) o.fielding = l.chances === 0 ? '.000' : rate3(l.putOuts + l.assists, l.chances);
  Object.assign(o, { passedBall: l.passedBall, pickoffs: l.pickoffs });
  return o;
}
