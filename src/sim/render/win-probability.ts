/**
 * /v1/game/{pk}/winProbability: the play-by-play plays, each with the home team's win probability
 * after it, what it added, and the leverage of the situation it began in.
 *
 * The model is ours and simple (the real one is MLB's): the home lead plus the runs the batting
 * side can expect from its base-out state, against a normal spread of the runs still to come in the
 * half-innings left (home field worth a few hundredths of a run). What matters for a warehouse is
 * the structure: probabilities in percent with one decimal, each play's added = after − before,
 * the first play adding to 50.0 and the last ending at 100 or 0.
 */

import type { GameView } from '../game-view.js';
import type { League, Play } from '../types.js';
import { renderPlays } from './plays.js';

/** Runs expected for the rest of a half-inning by outs (row) and occupied bases (bit 1 = first…). */
const RUNS_EXPECTED = [
  [0.48, 0.86, 1.1, 1.44, 1.34, 1.75, 1.96, 2.29],
  [0.25, 0.51, 0.66, 0.89, 0.95, 1.14, 1.35, 1.54],
  [0.1, 0.22, 0.32, 0.43, 0.35, 0.48, 0.56, 0.75],
];
const RUN_VARIANCE_PER_HALF = 0.95;
const HOME_EDGE_RUNS = 0.08;

interface State {
  inning: number;
  top: boolean;
  outs: number;
  bases: number;
  /** Home score minus away score. */
  lead: number;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** Home win probability (0–1) in a state, with `scheduled` innings of regulation. */
function homeWinProbability(s: State, scheduled: number): number {
  if (s.outs >= 3) return homeWinProbability(nextHalf(s), scheduled);
  // Walk-off and game-over states.
  if (!s.top && s.inning >= scheduled && s.lead > 0) return 1;
  const expectedNow = RUNS_EXPECTED[s.outs]![s.bases]!;
  const innings = Math.max(scheduled, s.inning);
  // Half-innings still to start after the current one, for each side.
  const awayLeft = s.top ? innings - s.inning : innings - s.inning;
  const homeLeft = s.top ? innings - s.inning + 1 : innings - s.inning;
  const current = (3 - s.outs) / 3;
  const expectedLead = s.lead + (s.top ? -expectedNow : expectedNow) + (homeLeft - awayLeft) * 0.5 + HOME_EDGE_RUNS;
  const variance = RUN_VARIANCE_PER_HALF * (awayLeft + homeLeft + current);
  if (variance <= 0.01) return expectedLead > 0 ? 1 : expectedLead < 0 ? 0 : 0.5;
  // A tie after regulation goes to extra innings: a coin with the home edge.
  return phi(expectedLead / Math.sqrt(variance));
}

function nextHalf(s: State): State {
  return s.top ? { ...s, top: false, outs: 0, bases: 0 } : { ...s, top: true, inning: s.inning + 1, outs: 0, bases: 0 };
}

const basesOf = (b: readonly number[]) => (b[0] ? 1 : 0) | (b[1] ? 2 : 0) | (b[2] ? 4 : 0);
const pct = (p: number) => Math.round(p * 1000) / 10;

/** The state before and after a play. */
function states(p: Play): { before: State; after: State } {
  const before = { inning: p.inning, top: p.top, outs: p.outsBefore, bases: basesOf(p.basesBefore), lead: 0 };
  const after = {
    inning: p.inning,
    top: p.top,
    outs: p.outs,
    bases: basesOf(p.basesAfter),
    lead: p.homeScore - p.awayScore,
  };
  return { before, after };
}

/** Renders the body: a bare array of plays, like the real API. */
export function renderWinProbability(league: League, seed: number, view: GameView): unknown[] {
  const { allPlays } = renderPlays(league, seed, view) as { allPlays: Array<Record<string, unknown>> };
  const scheduled = 9;
  const last = view.plays.length - 1;
  const over = view.phase === 'final' || view.phase === 'over';
  let previous = 50; // the real body's first play adds to an even 50.0 as well
  let leadBefore = 0;
  return view.plays.map((p, i) => {
    const { before, after } = states(p);
    before.lead = leadBefore;
    leadBefore = after.lead;
    let home = pct(homeWinProbability(after, scheduled));
    if (over && i === last) home = p.homeScore > p.awayScore ? 100 : p.homeScore < p.awayScore ? 0 : 50;
    const added = Math.round((home - previous) * 10) / 10;
    previous = home;
    // Leverage: how much one run would move the probability here, against an average swing.
    const swing = Math.abs(
      homeWinProbability({ ...before, lead: before.lead + 1 }, scheduled) - homeWinProbability(before, scheduled),
    );
    const out: Record<string, unknown> = {
      ...allPlays[i],
      credits: [
        { player: { id: p.batter, link: `/api/v1/people/${p.batter}` }, credit: 'b_pa' },
        { player: { id: p.pitcher, link: `/api/v1/people/${p.pitcher}` }, credit: 'p_pa' },
      ],
      flags: [],
      homeTeamWinProbability: home,
      awayTeamWinProbability: Math.round((100 - home) * 10) / 10,
      homeTeamWinProbabilityAdded: added,
      contextMetrics: {},
    };
    if (i > 0) out.leverageIndex = Math.round((swing / 0.12) * 100) / 100;
    return out;
  });
}
