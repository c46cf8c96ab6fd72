/**
 * src/extract/known-paths.json: per body kind, every key path seen in the recorded Stats API bodies
 * (array indices folded, id-like keys as `*`), and a hand-written `simulatorOnly` section: the
 * paths only the shipped simulator sends, each with why it is excused, which this script keeps.
 * `npm run known-paths` rewrites the rest from the recorded
 * bodies in the folder `DUGOUT_FIXTURES_DIR` names; the file is committed because
 * users have no recordings, and a loaded body's paths outside it are the API's new fields.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_KINDS, type BodyKind, keyPathsOf, SIMULATOR_ONLY_KEY } from '../src/extract/new-paths.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const KNOWN_PATHS_FILE = path.join(ROOT, 'src', 'extract', 'known-paths.json');

/** Where each kind's recorded bodies are: an operation folder and which of its files. */
export const SOURCES: Record<BodyKind, { folder: string; files?: RegExp }> = {
  feed: { folder: 'liveGameV1' },
  boxscore: { folder: 'boxscore' },
  playByPlay: { folder: 'playByPlay' },
  person: { folder: 'person' },
  schedule: { folder: 'schedule' },
  changes: { folder: 'game_changes' },
  teams: { folder: 'teams' },
  roster: { folder: 'roster' },
  // The snapshot asks for season statistics only.
  stats: { folder: 'stats', files: /^season/ },
  staff: { folder: 'umpires' },
  awards: { folder: 'awards' },
};

/** The known paths of every kind, from the recorded bodies under `dir`. */
export function knownPathsFrom(dir: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const kind of BODY_KINDS) {
    const { folder, files } = SOURCES[kind];
    const paths = new Set<string>();
    const names = readdirSync(path.join(dir, folder)).filter((n) => n.endsWith('.json') && (!files || files.test(n)));
    if (names.length === 0) throw new Error(`no recorded ${kind} bodies in ${folder}/`);
    for (const name of names.sort()) keyPathsOf(JSON.parse(readFileSync(path.join(dir, folder, name), 'utf8')), paths);
    out[kind] = [...withSiblings(paths)].sort();
  }
  // A feed embeds a boxscore and a play-by-play: what one of them is seen with, the other may carry.
  for (const [kind, prefix] of EMBEDDED) {
    const feed = out.feed ?? [];
    const both = new Set([
      ...(out[kind] ?? []),
      ...feed.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)),
    ]);
    const merged = [...both].sort();
    out[kind] = merged;
    out.feed = [...new Set([...feed, ...merged.filter((p) => p !== 'copyright').map((p) => prefix + p)])].sort();
  }
  return out;
}

/**
 * Keys that name one of a set of places alike: what a body has for one side of a game (or one
 * base), it may have for the other. The recordings caught, say, `isWinner` of the away team's
 * linescore only (home lost each time) and a runner on first and second but never on third; a
 * path of one is known for its siblings, so a game the home team wins is nothing new.
 */
const SIBLINGS: ReadonlyArray<readonly string[]> = [
  ['away', 'home'],
  ['first', 'second', 'third'],
];

/** The paths with every sibling of each of their steps ({@link SIBLINGS}), to a fixed point. */
function withSiblings(paths: Set<string>): Set<string> {
  const out = new Set(paths);
  const todo = [...paths];
  for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
    const steps = path.split('.');
    steps.forEach((step, i) => {
      const name = step.replace(/(\[\])+$/, '');
      const group = SIBLINGS.find((g) => g.includes(name));
      if (!group) return;
      for (const other of group) {
        if (other === name) continue;
        const variant = [...steps.slice(0, i), other + step.slice(name.length), ...steps.slice(i + 1)].join('.');
        if (!out.has(variant)) {
          out.add(variant);
          todo.push(variant);
        }
      }
    });
  }
  return out;
}

/** Kinds a feed holds whole, with where (`liveData.boxscore` is a /boxscore body). */
const EMBEDDED: ReadonlyArray<[BodyKind, string]> = [
  ['boxscore', 'liveData.boxscore.'],
  ['playByPlay', 'liveData.plays.'],
];

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const configured = process.env.DUGOUT_FIXTURES_DIR?.trim();
  const dir = configured ? path.resolve(configured) : undefined;
  if (!dir || !existsSync(dir)) {
    process.stderr.write(
      `known-paths: ${dir ? `no recorded bodies at ${dir}` : 'DUGOUT_FIXTURES_DIR is not set'}: set it to a folder of recorded Stats API bodies laid out by operation\n`,
    );
    process.exit(2);
  }
  const known = knownPathsFrom(dir);
  // The simulator-only section is written by hand (each path with its reason): kept as it is.
  const excused = JSON.parse(readFileSync(KNOWN_PATHS_FILE, 'utf8'))[SIMULATOR_ONLY_KEY];
  writeFileSync(KNOWN_PATHS_FILE, `${JSON.stringify({ ...known, [SIMULATOR_ONLY_KEY]: excused }, null, 2)}\n`);
  const counts = Object.entries(known).map(([k, v]) => `${k} ${v.length}`);
  process.stdout.write(`known-paths: ${counts.join(', ')}\n`);
}
