import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared real Stats API bodies (read in place, never copied into the repo). */
export const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/statsapi/', import.meta.url));

const cache = new Map<string, unknown>();

/** Parse a fixture once per test file (`kind/name.json`, relative to {@link FIXTURES}). */
export function fixture<T = unknown>(relative: string): T {
  if (!cache.has(relative)) cache.set(relative, JSON.parse(readFileSync(FIXTURES + relative, 'utf8')));
  return cache.get(relative) as T;
}

/** The `.json` fixtures of one operation folder, as `kind/name.json`, sorted. */
export function fixtureNames(kind: string): string[] {
  return readdirSync(FIXTURES + kind)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${kind}/${name}`);
}

/** A deep copy of a fixture, safe to break for malformed-input tests. */
// biome-ignore lint/suspicious/noExplicitAny: tests break untyped JSON on purpose
export function cloneFixture<T = any>(relative: string): T {
  return structuredClone(fixture(relative)) as T;
}

/** The gamePk a file name starts with (e.g. `747175_2024R_…`), or a stand-in for bodies that carry none. */
export function gamePkOf(relative: string, fallback = 1): number {
  const m = /\/(\d{5,})_/.exec(relative);
  return m ? Number(m[1]) : fallback;
}
