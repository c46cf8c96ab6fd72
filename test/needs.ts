import { describe, it } from 'vitest';

/**
 * What a test may need that a machine may lack. A block registered through {@link describeNeeds} or
 * {@link itNeeds} without it is skipped with `[needs …]` in its name, and the run's closing line
 * (test/setup/fixtures-reporter.ts) counts the skipped tests by cause. The recorded bodies have
 * their own helper (fixtures.ts: describeRecorded), with the same kind of mark.
 */
export const NEEDS = {
  PostgreSQL:
    'set TEST_DATABASE_URL to a PostgreSQL server (or start Docker); a few also need its server programs (initdb)',
  Prometheus: 'put prometheus on PATH',
  'a browser': 'install a headless Chromium',
} as const;

export type Need = keyof typeof NEEDS;

/** The mark in the name of a block skipped for want of `need`. */
export const needMark = (need: string): string => `[needs ${need}]`;

/** `describe` when `present`, else the same block skipped and marked with what it needs. */
export function describeNeeds(need: Need, present: boolean): typeof describe {
  if (present) return describe;
  return ((name: string, ...rest: unknown[]) =>
    (describe.skip as (...a: unknown[]) => void)(`${name} ${needMark(need)}`, ...rest)) as unknown as typeof describe;
}

/** `it` when `present`, else the same test skipped and marked with what it needs. */
export function itNeeds(need: Need, present: boolean): typeof it {
  if (present) return it;
  return ((name: string, ...rest: unknown[]) =>
    (it.skip as (...a: unknown[]) => void)(`${name} ${needMark(need)}`, ...rest)) as unknown as typeof it;
}
