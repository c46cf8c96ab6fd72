/**
 * Fault injection for /api requests: seeded per-request probabilities per kind, or scripted rules
 * (the Nth request whose path contains a string, or every such request), and 404s for chosen games.
 */

import { createRng, type Rng } from '../prng.js';

export type FaultKind = '429' | '500' | '503' | 'slow' | 'truncated' | 'messageNumber';
export type ScriptedFaultKind = FaultKind | '404';

export interface FaultConfig {
  /** Seed of the random draws for `probabilities` (default 1). */
  seed?: number;
  /** Probability (0..1) per request of each fault kind. */
  probabilities?: Partial<Record<FaultKind, number>>;
  /** Retry-After header value for 429 and 503, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** Delay of a slow response, in milliseconds (default 2000). */
  slowMs?: number;
  /** Scripted faults: `nth` is the 1-based count of requests whose path+query contains `pathIncludes`; omit for every one. */
  scripted?: Array<{ pathIncludes: string; nth?: number; fault: ScriptedFaultKind }>;
  /** gamePks whose /game/… and /feed/… endpoints answer 404. */
  notFoundGamePks?: number[];
}

const ORDER: FaultKind[] = ['429', '500', '503', 'slow', 'truncated', 'messageNumber'];

export interface FaultPlan {
  /** Decides the fault (if any) for one /api request. */
  decide(pathAndQuery: string): ScriptedFaultKind | undefined;
  readonly config: FaultConfig;
}

/** Creates a fault plan; counters and the random stream start fresh. */
export function createFaultPlan(config: FaultConfig = {}): FaultPlan {
  const rng: Rng = createRng(config.seed ?? 1);
  const counters = (config.scripted ?? []).map(() => 0);
  const notFound = new Set(config.notFoundGamePks ?? []);
  return {
    config,
    decide(pathAndQuery) {
      const scripted = config.scripted ?? [];
      let chosen: ScriptedFaultKind | undefined;
      scripted.forEach((rule, i) => {
        if (!pathAndQuery.includes(rule.pathIncludes)) return;
        const count = (counters[i] ?? 0) + 1;
        counters[i] = count;
        if (!chosen && (rule.nth === undefined || rule.nth === count)) chosen = rule.fault;
      });
      if (chosen) return chosen;
      const m = /\/game\/(\d+)\//.exec(pathAndQuery);
      if (m && notFound.has(Number(m[1]))) return '404';
      const probs = config.probabilities;
      if (probs) {
        for (const kind of ORDER) {
          const p = probs[kind] ?? 0;
          if (p > 0 && rng.next() < p) return kind;
        }
      }
      return undefined;
    },
  };
}
