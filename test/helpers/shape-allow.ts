/** What the shape-contract tests share (MLB and minor-league): the allowed gaps and the path union. */

import { keyPaths } from './shape.js';

/**
 * Fields that appear in some real bodies but that the simulator does not produce. Each entry is a
 * field that is optional upstream (a hydration we do not implement, or a legacy/situational field).
 */
export const ALLOW = {
  game: [
    // Hot/cold zone stats are a per-batter hydration; the simulator sends the (real, often empty) arrays only.
    /HotColdZone(s\[\]|Stats)[.:]/,
    // 2015/2019 feeds carry `isOut: null` on some runner movements; modern ones always send a boolean.
    /\.movement\.isOut:null$/,
    // Upstream sends lastPlayedDate only for some players.
    /gameData\.players\.\*\.lastPlayedDate:/,
    // A pinch hitter's "a-" note inside topPerformers only when a pinch hitter is a top performer.
    /topPerformers\[\]\.player\.stats\.batting\.note:/,
    // Injury substitutions are not simulated yet.
    /playEvents\[\]\.injuryType:/,
  ],
  schedule: [
    // hydrate=game(content(...)) / tickets: media, editorial and ticket links are not simulated.
    /\.games\[\]\.content\.(?!link:)/,
    /\.games\[\]\.tickets/,
    // hydrate=stats expands every person in a schedule game and adds stat splits; we hydrate
    // probablePitcher, decisions and linescore with person references only.
    /\.(probablePitcher|winner|loser|save|pitcher|batter|onDeck|inHole)\.(?!(id|fullName|link):)/,
  ],
  winProbability: [
    // The real body's playEvents carry the fielders and batter on the field, the count before the
    // event, its umpire, and a win probability after each base-running action; the simulator sends
    // the play-by-play's playEvents (our extraction reads only the play-level fields).
    /\$\[\]\.playEvents\[\]\.(defense|offense|preCount|officials|homeTeamWinProbability|awayTeamWinProbability|homeTeamWinProbabilityAdded|leverageIndex|contextMetrics)[.:[]/,
    // Situational play-level extras: a drama index and scoring flags (ground-rule double, sac fly).
    /\$\[\]\.dramaIndex:/,
    /\$\[\]\.flags\[\]/,
  ],
  people: [
    // hydrate=stats(...) on /people: stat splits are not simulated.
    /\.people\[\]\.stats/,
  ],
} satisfies Record<string, RegExp[]>;

/** A recorded live feed of a minor-league game (test/integration/sim/minors.test.ts holds those to the simulator's). */
export function isMinorLeagueFeed(body: unknown): boolean {
  const sport = (body as { gameData?: { teams?: { home?: { sport?: { id?: number } } } } })?.gameData?.teams?.home
    ?.sport?.id;
  return sport !== undefined && sport !== 1;
}

/** currentPlay is one element of allPlays, so its paths are compared as allPlays[] paths. */
const normalize = (paths: Set<string>) =>
  new Set([...paths].map((p) => p.replace('.currentPlay.', '.allPlays[].').replace('.currentPlay:', '.allPlays[]:')));

export function union(bodies: unknown[]): Set<string> {
  const out = new Set<string>();
  for (const b of bodies) keyPaths(b, out);
  return normalize(out);
}
