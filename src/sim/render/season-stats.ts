/**
 * Season-to-date lines for boxscore `seasonStats` and decision notes like "(W, 5-3)".
 *
 * They are synthetic: a per-player baseline (seeded by person id, scaled by how many team games
 * came before) plus the game's own line, so they are deterministic, cheap, always at least the game
 * line, and keep the real structure. They are NOT the sum of the player's simulated games.
 */

import { addInto, BAT_FIELDS, emptyLine, FIELD_FIELDS, type Line, PIT_FIELDS } from '../derive/lines.js';
import { createRng, hashSeed } from '../prng.js';
import type { Person } from '../types.js';

function priorBatting(p: Person, games: number, seed: number): Line {
  const l = emptyLine(BAT_FIELDS);
  if (p.role !== 'POS' || games === 0) return l;
  const rng = createRng(hashSeed(seed, p.id, 0xba7));
  const gp = Math.round(games * (p.rosterStatus === 'A' ? rng.range(0.55, 0.95) : 0.1));
  const pa = Math.round(gp * rng.range(3.2, 4.3));
  const bb = Math.round(pa * (0.05 + p.eye * 0.07));
  const hbp = Math.round(pa * 0.01);
  const sf = Math.round(pa * 0.008);
  const ab = Math.max(0, pa - bb - hbp - sf);
  const h = Math.round(ab * (0.2 + p.contact * 0.11));
  const hr = Math.min(h, Math.round(ab * (0.01 + p.power * 0.05)));
  const d2 = Math.min(h - hr, Math.round(h * 0.2));
  const d3 = Math.min(h - hr - d2, Math.round(h * 0.02));
  const so = Math.round(ab * (0.3 - p.contact * 0.15));
  const outsInPlay = Math.max(0, ab - h - so);
  Object.assign(l, {
    gamesPlayed: gp,
    plateAppearances: pa,
    baseOnBalls: bb,
    hitByPitch: hbp,
    sacFlies: sf,
    atBats: ab,
    hits: h,
    homeRuns: hr,
    doubles: d2,
    triples: d3,
    strikeOuts: so,
    totalBases: h + d2 + 2 * d3 + 3 * hr,
    groundOuts: Math.round(outsInPlay * 0.45),
    flyOuts: Math.round(outsInPlay * 0.3),
    lineOuts: Math.round(outsInPlay * 0.13),
    popOuts: Math.round(outsInPlay * 0.12),
    runs: Math.round(h * 0.45 + bb * 0.3),
    rbi: Math.round(h * 0.42 + hr * 0.6),
    stolenBases: Math.round(gp * p.speed * 0.15),
    caughtStealing: Math.round(gp * p.speed * 0.04),
    intentionalWalks: Math.round(bb * 0.05),
    groundIntoDoublePlay: Math.round(gp * 0.08),
    leftOnBase: Math.round(pa * 0.37),
  });
  l.airOuts = l.flyOuts + l.lineOuts + l.popOuts;
  return l;
}

function priorPitching(p: Person, games: number, seed: number, isCloser: boolean): Line {
  const l = emptyLine(PIT_FIELDS);
  if (p.role === 'POS' || games === 0) return l;
  const rng = createRng(hashSeed(seed, p.id, 0x917));
  const starter = p.role === 'SP';
  const gp = starter ? Math.floor(games / 5) : Math.round(games * rng.range(0.3, 0.45));
  const outs = starter ? Math.round(gp * rng.range(14, 19)) : Math.round(gp * rng.range(2.6, 3.4));
  const bf = Math.round(outs * 1.42);
  const bb = Math.round(bf * (0.11 - p.control * 0.06));
  const h = Math.round(bf * (0.26 - p.stuff * 0.08));
  const hr = Math.round(h * 0.12);
  const so = Math.round(bf * (0.15 + p.stuff * 0.16));
  const er = Math.round((h * 0.45 + bb * 0.25 + hr * 0.6) * 0.9);
  const pitches = Math.round(bf * 3.9);
  const wins = starter ? Math.round(gp * rng.range(0.25, 0.45)) : Math.round(gp * 0.06);
  const losses = starter ? Math.round(gp * rng.range(0.2, 0.4)) : Math.round(gp * 0.05);
  const saves = isCloser ? Math.round(gp * 0.5) : 0;
  Object.assign(l, {
    gamesPlayed: gp,
    gamesPitched: gp,
    gamesStarted: starter ? gp : 0,
    outs,
    battersFaced: bf,
    baseOnBalls: bb,
    hits: h,
    homeRuns: hr,
    strikeOuts: so,
    earnedRuns: er,
    runs: Math.round(er * 1.08),
    numberOfPitches: pitches,
    strikes: Math.round(pitches * 0.64),
    wins,
    losses,
    saves,
    saveOpportunities: saves + (isCloser ? Math.round(gp * 0.08) : 0),
    blownSaves: isCloser ? Math.round(gp * 0.08) : 0,
    holds: !starter && !isCloser ? Math.round(gp * 0.15) : 0,
    gamesFinished: isCloser ? Math.round(gp * 0.8) : starter ? 0 : Math.round(gp * 0.15),
    atBats: Math.max(0, bf - bb - Math.round(bf * 0.01)),
    hitByPitch: Math.round(bf * 0.01),
    doubles: Math.round(h * 0.2),
    triples: Math.round(h * 0.02),
    groundOuts: Math.round(outs * 0.35),
    flyOuts: Math.round(outs * 0.2),
    lineOuts: Math.round(outs * 0.08),
    popOuts: Math.round(outs * 0.07),
  });
  l.balls = l.numberOfPitches - l.strikes;
  l.hitBatsmen = l.hitByPitch;
  l.airOuts = l.flyOuts + l.lineOuts + l.popOuts;
  return l;
}

export interface SeasonLines {
  batting: Line;
  pitching: Line;
  fielding: Line;
}

/** Season-to-date lines of a player after this game (baseline + the game's lines). */
export function seasonLines(
  p: Person,
  priorTeamGames: number,
  seed: number,
  isCloser: boolean,
  game: { batting?: Line; pitching?: Line; fielding?: Line },
): SeasonLines {
  const batting = priorBatting(p, priorTeamGames, seed);
  const pitching = priorPitching(p, priorTeamGames, seed, isCloser);
  const fieldingLine = emptyLine(FIELD_FIELDS);
  const played = Math.max(batting.gamesPlayed, pitching.gamesPlayed);
  fieldingLine.putOuts = Math.round(
    played * (p.position === '2' ? 7 : p.position === '3' ? 8 : p.role === 'POS' ? 1.8 : 0.2),
  );
  fieldingLine.assists = Math.round(played * (['4', '5', '6'].includes(p.position) ? 2.5 : 0.3));
  fieldingLine.errors = Math.round(played * (1 - p.glove) * 0.06);
  fieldingLine.gamesStarted = Math.round(played * 0.9);
  if (game.batting) addInto(batting, game.batting);
  if (game.pitching) addInto(pitching, game.pitching);
  if (game.fielding) addInto(fieldingLine, game.fielding);
  fieldingLine.chances = fieldingLine.putOuts + fieldingLine.assists + fieldingLine.errors;
  return { batting, pitching, fielding: fieldingLine };
}
