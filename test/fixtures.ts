import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/**
 * The one home of the recorded Stats API bodies for the whole suite. They are other people's
 * recordings and are never committed: they are read from `DUGOUT_FIXTURES_DIR`, else from
 * `../shared/fixtures/statsapi` beside the repository when it exists. Without them every test that
 * needs them is skipped as a group (the run's closing line counts skips by cause), and the rest of
 * the suite runs on simulator bodies; under `CI=true` a missing folder fails the run instead
 * (test/setup/fixtures-check.ts).
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

function resolveDir(envVar: string, fallback: string): string {
  const configured = process.env[envVar];
  return path.resolve(configured && configured.trim() !== '' ? configured : path.join(REPO_ROOT, fallback));
}

/** Folder of recorded bodies laid out by operation (`liveGameV1/`, `boxscore/`, `schedule/`…). */
export const FIXTURES_DIR = resolveDir('DUGOUT_FIXTURES_DIR', '../shared/fixtures/statsapi');
export const HAVE_FIXTURES = existsSync(FIXTURES_DIR);

/** Folder of the interface specification (`stats-api-interface.md`, `openapi/`). */
export const SPEC_DIR = resolveDir('DUGOUT_SPEC_DIR', '../shared/spec');
export const HAVE_SPEC = existsSync(path.join(SPEC_DIR, 'stats-api-interface.md'));

/** Folder of the Chadwick register's sample (`people-sample.csv`, ODC-By 1.0: never copied into the repository). */
export const CHADWICK_DIR = resolveDir('DUGOUT_CHADWICK_DIR', '../shared/fixtures/chadwick');
export const HAVE_CHADWICK = existsSync(path.join(CHADWICK_DIR, 'people-sample.csv'));

/** What the run-end line says to do when the bodies are missing. */
export const FIXTURES_HINT =
  'set DUGOUT_FIXTURES_DIR to a folder of recorded Stats API bodies laid out by operation (liveGameV1/, boxscore/, schedule/…) to run them';

/** Marker in the names of the placeholder groups registered instead of recorded-body tests. */
export const SKIPPED_MARK = '[needs recorded bodies]';

/**
 * A describe block of tests that need the recorded bodies (or the spec, with `needs: 'spec'`). When
 * they are absent its body is never run (it would read missing files); one skipped placeholder
 * stands in for it, so the run can count and report what it skipped.
 */
export function describeRecorded(
  name: string,
  fn: () => void,
  opts: { needs?: 'fixtures' | 'spec' | 'chadwick' } = {},
): void {
  const present = opts.needs === 'spec' ? HAVE_SPEC : opts.needs === 'chadwick' ? HAVE_CHADWICK : HAVE_FIXTURES;
  if (present) {
    describe(name, fn);
    return;
  }
  describe.skip(`${name} ${SKIPPED_MARK}`, () => {
    it('runs when the recorded bodies are present', () => {});
  });
}

const cache = new Map<string, unknown>();

/** Parse a recorded body once per test file (`kind/name.json`, relative to {@link FIXTURES_DIR}). */
export function fixture<T = unknown>(relative: string): T {
  if (!cache.has(relative)) cache.set(relative, JSON.parse(fixtureText(relative)));
  return cache.get(relative) as T;
}

/** The text of a recorded body as stored. */
export function fixtureText(relative: string): string {
  return readFileSync(path.join(FIXTURES_DIR, relative), 'utf8');
}

/** The `.json` bodies of one operation folder, as `kind/name.json`, sorted; [] when absent. */
export function fixtureNames(kind: string): string[] {
  const dir = path.join(FIXTURES_DIR, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${kind}/${name}`);
}

/** Parsed bodies of every `.json` file of a folder. */
export function fixtureBodies(folder: string): Array<{ file: string; body: unknown }> {
  return fixtureNames(folder).map((relative) => ({ file: path.basename(relative), body: fixture(relative) }));
}

/** A deep copy of a recorded body, safe to break for malformed-input tests. */
// biome-ignore lint/suspicious/noExplicitAny: tests break untyped JSON on purpose
export function cloneFixture<T = any>(relative: string): T {
  return structuredClone(fixture(relative)) as T;
}

/** The gamePk a file name starts with (e.g. `747175_2024R_…`), or a stand-in for bodies that carry none. */
export function gamePkOf(relative: string, fallback = 1): number {
  const m = /\/(\d{5,})_/.exec(relative);
  return m ? Number(m[1]) : fallback;
}

/** Where a recorded game feed stands, read from its own `gameData.status`. */
export type FeedState = 'final' | 'game over' | 'in progress' | 'preview';

/**
 * The state of a recorded feed/live body: final (`F`), game over (`O`, just before final), in
 * progress (abstractGameState Live) or preview (not started). Tests take their expectations from it:
 * a game in progress has no final score yet, a preview has no plays. Any other state throws, so a
 * new kind of recorded body is looked at before a test assumes anything of it.
 */
export function feedState(feed: unknown): FeedState {
  const status = (feed as { gameData?: { status?: { codedGameState?: string; abstractGameState?: string } } })?.gameData
    ?.status;
  if (status?.codedGameState === 'F') return 'final';
  if (status?.codedGameState === 'O') return 'game over';
  if (status?.abstractGameState === 'Live') return 'in progress';
  if (status?.abstractGameState === 'Preview') return 'preview';
  throw new Error(`a recorded feed in a state no test expects: ${JSON.stringify(status)}`);
}
