/**
 * Key paths of Stats API bodies, to notice fields the API adds: MLB grows its bodies every season
 * (ABS challenges in 2026, bat tracking before it) and a pipeline that ignores unknown keys loses
 * them silently.
 *
 * A path names a key by its place with array indices folded and id-like keys (`ID660271`, `"147"`)
 * as `*`: `liveData.plays.allPlays[].playEvents[].details.call.code`. A feed's `currentPlay` is one
 * of its `allPlays` (a /playByPlay body's too), so it is read as `allPlays[]`.
 */
import known from './known-paths.json' with { type: 'json' };
import type { NewFieldRow } from '../db/schema/rows.js';

/** Body kinds whose known paths are kept: the game bodies, people, schedule, changes, teams and the snapshots. */
export const BODY_KINDS = [
  'feed',
  'boxscore',
  'playByPlay',
  'person',
  'schedule',
  'changes',
  'teams',
  'roster',
  'stats',
  'staff',
  'awards',
] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

/** The known paths per body kind, as committed in `known-paths.json`. */
export type KnownPaths = Readonly<Record<string, readonly string[]>>;

/** The file's section of paths only the simulator sends: per kind, each path with why it is excused. */
export const SIMULATOR_ONLY_KEY = 'simulatorOnly';
type SimulatorOnly = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The paths of the recorded bodies, per kind: the file without its simulator-only section. */
export function recordedPaths(file: Readonly<Record<string, unknown>>): KnownPaths {
  return Object.fromEntries(Object.entries(file).filter(([k]) => k !== SIMULATOR_ONLY_KEY)) as KnownPaths;
}

/** The simulator-only paths of the file, per kind (its `_why` left out). */
export function simulatorOnlyPaths(file: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const section = (file[SIMULATOR_ONLY_KEY] ?? {}) as SimulatorOnly;
  return Object.fromEntries(
    Object.entries(section)
      .filter(([k]) => k !== '_why')
      .map(([kind, paths]) => [kind, Object.keys(paths)]),
  );
}

/**
 * The key paths dugout knows, per body kind: those of the recorded bodies (`npm run known-paths`
 * regenerates them) and those only the shipped simulator sends, excused in the same file with the
 * reason, so that the demo does not report the API as changed.
 */
export const KNOWN_PATHS: KnownPaths = (() => {
  const out: Record<string, string[]> = { ...(recordedPaths(known) as Record<string, string[]>) };
  for (const [kind, paths] of Object.entries(simulatorOnlyPaths(known))) out[kind] = [...(out[kind] ?? []), ...paths];
  return out;
})();

const ARRAY = '[]';
const CURRENT_PLAY = 'allPlays[]';

/** The step a key is named by under `path`: `*` for an id, `allPlays` for the plays' currentPlay. */
function stepAt(path: string, key: string): string {
  if (key === 'currentPlay' && (path === '' || path === 'liveData.plays')) return CURRENT_PLAY;
  return isIdKey(key) ? '*' : key;
}

/** Every key path of a body (the generator of the known sets), into `out`. */
export function keyPathsOf(body: unknown, out = new Set<string>()): Set<string> {
  walkAll(body, '', out);
  return out;
}

function walkAll(value: unknown, path: string, out: Set<string>): void {
  if (Array.isArray(value)) {
    const p = `${path}${ARRAY}`;
    out.add(p);
    for (const e of value) walkAll(e, p, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      const p = join(path, key);
      out.add(p);
      walkAll((value as Record<string, unknown>)[key], p, out);
    }
  }
}

function join(path: string, key: string): string {
  const step = stepAt(path, key);
  return path === '' ? step : `${path}.${step}`;
}

/** A known set as a tree of steps, walked beside a body so that only new paths cost a string. */
interface Node {
  next: Map<string, Node>;
  /**
   * The keys of the last object met here, in order, with the step and child each resolved to:
   * objects at one place mostly share their keys and order, and a key compared with the one at
   * its index (the same interned string) is cheaper than a lookup.
   */
  shape?: Shape;
}

interface Shape {
  keys: string[];
  steps: string[];
  children: Array<Node | undefined>;
}

const trees = new WeakMap<readonly string[], Node>();

function treeOf(paths: readonly string[]): Node {
  let root = trees.get(paths);
  if (root) return root;
  root = { next: new Map() };
  for (const path of paths) {
    let node = root;
    for (const step of splitPath(path)) {
      let child = node.next.get(step);
      if (!child) {
        child = { next: new Map() };
        node.next.set(step, child);
      }
      node = child;
    }
  }
  trees.set(paths, root);
  return root;
}

/** `a.b[].c` → `a`, `b`, `[]`, `c`. */
function splitPath(path: string): string[] {
  const steps: string[] = [];
  for (const part of path.split('.')) {
    let name = part;
    let arrays = 0;
    while (name.endsWith(ARRAY)) {
      name = name.slice(0, -ARRAY.length);
      arrays += 1;
    }
    if (name !== '') steps.push(name);
    for (let i = 0; i < arrays; i++) steps.push(ARRAY);
  }
  return steps;
}

/**
 * The paths of `body` that its kind's known set lacks, sorted; only the outermost of a new branch
 * (a new object's own keys are new with it). A kind without a known set has none.
 */
export function newPaths(kind: string, body: unknown, known: KnownPaths): string[] {
  const paths = known[kind];
  if (!paths) return [];
  const found = new Set<string>();
  walkNew(body, treeOf(paths), [], found);
  return [...found].sort();
}

/**
 * Walks a body beside its known tree. The steps so far are kept on a stack and joined only for a
 * new path: this runs on every loaded body, and a string per object would cost more than the walk.
 */
function walkNew(value: unknown, node: Node, steps: string[], found: Set<string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) return;
    const child = node.next.get(ARRAY);
    steps.push(ARRAY);
    if (!child) found.add(pathOf(steps));
    else
      for (let i = 0; i < value.length; i++) {
        // A value that is no object has no key to check: no call for it.
        const e = value[i];
        if (typeof e === 'object' && e !== null) walkNew(e, child, steps, found);
      }
    steps.pop();
  } else if (typeof value === 'object' && value !== null) {
    // Only at the top and two steps down may a key be the plays' currentPlay.
    const mayHoldCurrentPlay = steps.length === 0 || steps.length === 2;
    const shape = node.shape;
    let same = shape !== undefined;
    let built: Shape | undefined;
    let i = 0;
    for (const key in value) {
      let step: string;
      let child: Node | undefined;
      if (same && shape && shape.keys[i] === key) {
        step = shape.steps[i] as string;
        child = shape.children[i];
      } else {
        if (same && shape) {
          // The object departs from the last one here: its shape is recorded from the start.
          built = {
            keys: shape.keys.slice(0, i),
            steps: shape.steps.slice(0, i),
            children: shape.children.slice(0, i),
          };
        }
        same = false;
        built ??= { keys: [], steps: [], children: [] };
        step = key;
        // A key is looked up as it is first: nearly all are known names, and only a miss is asked
        // whether it is an id (a known set holds ids as `*`, never as themselves).
        child = node.next.get(key);
        if (mayHoldCurrentPlay && key === 'currentPlay' && (steps.length === 0 || isPlaysOfFeed(steps))) {
          step = CURRENT_PLAY;
          child = node.next.get('allPlays')?.next.get(ARRAY);
        } else if (child === undefined && isIdKey(key)) {
          step = '*';
          child = node.next.get('*');
        }
      }
      if (built) {
        built.keys.push(key);
        built.steps.push(step);
        built.children.push(child);
      }
      i++;
      const next = (value as Record<string, unknown>)[key];
      if (child && (typeof next !== 'object' || next === null)) continue;
      steps.push(step);
      if (!child) found.add(pathOf(steps));
      else walkNew(next, child, steps, found);
      steps.pop();
    }
    // An object with a prefix of the last one's keys leaves the longer shape in place.
    if (built) node.shape = built;
  }
}

function isPlaysOfFeed(steps: string[]): boolean {
  return steps.length === 2 && steps[0] === 'liveData' && steps[1] === 'plays';
}

/** `ID660271` or `147`, without a regular expression (this is asked of every key of a body). */
function isIdKey(key: string): boolean {
  const n = key.length;
  if (n === 0) return false;
  let i = key.charCodeAt(0) === 73 && key.charCodeAt(1) === 68 ? 2 : 0; // "ID"
  if (i === n) return false;
  for (; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The steps as a path: `a.b[].c`. */
function pathOf(steps: string[]): string {
  let out = '';
  for (const step of steps) out = step === ARRAY ? out + ARRAY : out === '' ? step : `${out}.${step}`;
  return out;
}

/** The new paths of one body as rows of ingest.new_fields (none for a kind without a known set). */
export function newFieldRows(kind: string, body: unknown, firstKey: string): NewFieldRow[] {
  return newPaths(kind, body, KNOWN_PATHS).map((path) => ({ body_kind: kind, path, first_key: firstKey }));
}
