/**
 * What mlb.scoring_changes must hold for a scoring change the simulator made, from the simulator's
 * own record of it (src/sim/state.ts `Correction`), never from what dugout derives.
 */

import { expect } from 'vitest';
import type { Correction } from '../../src/sim/state.js';

/** One changed fact as found (a mlb.scoring_changes row or an extracted change). */
export interface FoundFact {
  fact: string;
  ab: number | null;
  person: number | null;
  before: string | null;
  after: string | null;
}

/** The kind of a correction: the play's event, or the kind it names. */
export const kindOf = (c: Correction): string => (c.from === 'single' || c.from === 'field_error' ? 'event' : c.from);

/**
 * The facts a correction alone may change (a game corrected once shows no other): a ruling on one
 * run or credit, or a decision, touches these only; a play's event also its lines' counting stats.
 */
export function allowedFacts(c: Correction): (fact: string) => boolean {
  const only =
    (...facts: string[]) =>
    (fact: string) =>
      facts.includes(fact);
  switch (kindOf(c)) {
    case 'credit':
      return only('play.fielder_credits');
    case 'earned':
      return only('runner.earned', 'pitching.earned_runs');
    case 'rbi':
      return only('runner.rbi', 'play.rbi', 'batting.rbi');
    case 'decision':
    case 'save':
    case 'hold':
      return only('pitching.decision', 'pitching.holds', 'pitching.blown_saves');
    default:
      return (fact) =>
        /^(play\.(event_type|rbi|fielder_credits)|runner\.(earned|rbi))$/.test(fact) ||
        /^(batting|pitching)\./.test(fact);
  }
}

const delta = (f: FoundFact) => Number(f.after) - Number(f.before);

/**
 * Expects the facts a correction changed among `found` (the facts of its game): its own fact with
 * the value before and after, and, when `alone` (no other change of the game shows with it), the
 * line it also moves by one.
 */
export function expectFound(c: Correction, found: readonly FoundFact[], alone: boolean): void {
  const label = `${c.gamePk} ${JSON.stringify(c)} in ${JSON.stringify(found)}`;
  const has = (fact: string, ab: number | null, person: number | null, test: (f: FoundFact) => boolean) =>
    expect(
      found.some((f) => f.fact === fact && f.ab === ab && (person === null || f.person === person) && test(f)),
      `${fact} of ${person} at ${ab}: ${label}`,
    ).toBe(true);
  const to = c.to === '' ? undefined : Number(c.to);
  const flag = (f: FoundFact) => f.before === String(c.to !== 'true') && f.after === c.to;
  switch (kindOf(c)) {
    case 'event':
      has('play.event_type', c.ab, null, (f) => f.before === c.from && f.after === c.to);
      break;
    case 'decision':
      has('pitching.decision', null, Number(c.to), (f) => f.after === 'W');
      break;
    case 'credit':
      // The error leaves the fielder it was charged to and goes to the other.
      has(
        'play.fielder_credits',
        c.ab,
        c.player!,
        (f) => /_error/.test(f.before ?? '') && !/_error/.test(f.after ?? ''),
      );
      has('play.fielder_credits', c.ab, to!, (f) => !/_error/.test(f.before ?? '') && /_error/.test(f.after ?? ''));
      break;
    case 'earned':
      has('runner.earned', c.ab, c.player!, flag);
      if (alone) has('pitching.earned_runs', null, c.charged!, (f) => delta(f) === (c.to === 'true' ? 1 : -1));
      break;
    case 'rbi':
      has('runner.rbi', c.ab, c.player!, flag);
      has('play.rbi', c.ab, c.charged!, (f) => delta(f) === (c.to === 'true' ? 1 : -1));
      if (alone) has('batting.rbi', null, c.charged!, (f) => delta(f) === (c.to === 'true' ? 1 : -1));
      break;
    case 'save':
      if (c.player !== undefined) has('pitching.decision', null, c.player, (f) => f.before === 'S' && f.after !== 'S');
      if (to !== undefined) has('pitching.decision', null, to, (f) => f.before !== 'S' && f.after === 'S');
      break;
    case 'hold':
      if (c.player !== undefined) has('pitching.holds', null, c.player, (f) => f.before === '1' && f.after === '0');
      if (to !== undefined) has('pitching.holds', null, to, (f) => f.before === '0' && f.after === '1');
      break;
    default:
      throw new Error(`unknown correction ${label}`);
  }
}
