/**
 * Small seeded pseudo-random generators. Everything random in the simulator flows from here, so the
 * same seed always yields the same league, schedule and games, byte for byte.
 */

/** Mixes any number of 32-bit integers into one well-spread 32-bit seed (murmur3-style finaliser). */
export function hashSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes a string into a 32-bit integer (FNV-1a), for deriving seeds from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded random source (mulberry32) with the helpers the simulator needs. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Index chosen with the given non-negative weights. */
  weighted(weights: readonly number[]): number;
  /** Approximately normal value (sum of uniforms). */
  normal(mean: number, sd: number): number;
  /** Uniform float in [min, max). */
  range(min: number, max: number): number;
}

/** Creates a mulberry32 generator from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i];
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
    normal: (mean, sd) => mean + sd * (next() + next() + next() + next() - 2) * 1.732,
    range: (min, max) => min + next() * (max - min),
  };
}

/** Formats four 32-bit words derived from the parts as a UUID-looking string (version nibble 3). */
export function uuidFrom(...parts: number[]): string {
  const a = hashSeed(...parts, 1);
  const b = hashSeed(...parts, 2);
  const c = hashSeed(...parts, 3);
  const d = hashSeed(...parts, 4);
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  const s = hex(a) + hex(b) + hex(c) + hex(d);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-3${s.slice(13, 16)}-${((parseInt(s[16], 16) & 3) | 8).toString(16)}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}
