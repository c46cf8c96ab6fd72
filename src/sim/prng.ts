import { at } from './checked.js';
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

/** mulberry32 as a class, so creating one per game/event allocates no closures. */
class Mulberry32 implements Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    let i = 0;
    for (const w of weights) {
      r -= w;
      if (r < 0) return i;
      i++;
    }
    return weights.length - 1;
  }
  normal(mean: number, sd: number): number {
    return mean + sd * (this.next() + this.next() + this.next() + this.next() - 2) * 1.732;
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
}

/** Creates a mulberry32 generator from a 32-bit seed. */
export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(n: number): string {
  return at(HEX, (n >>> 24) & 255) + at(HEX, (n >>> 16) & 255) + at(HEX, (n >>> 8) & 255) + at(HEX, n & 255);
}

/** Formats 128 bits derived from the parts as a UUID-looking string (version nibble 3). */
export function uuidFrom(...parts: number[]): string {
  const r = new Mulberry32(hashSeed(...parts));
  const a = hex8(Math.floor(r.next() * 4294967296) >>> 0);
  const b = hex8(Math.floor(r.next() * 4294967296) >>> 0);
  const c = hex8(Math.floor(r.next() * 4294967296) >>> 0);
  const d = hex8(Math.floor(r.next() * 4294967296) >>> 0);
  const variant = ((parseInt(c.charAt(0), 16) & 3) | 8).toString(16);
  return `${a}-${b.slice(0, 4)}-3${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}
