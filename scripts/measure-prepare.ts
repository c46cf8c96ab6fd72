/**
 * The extraction worker's cost of preparing a game fetched as one feed/live, step by step, on the
 * feed bodies of a directory (each a game of its own): the whole preparation, then each of its
 * steps alone (decoding and parsing, serializing the two parts to store, their raw fingerprints,
 * their canonical contents, the walk for new fields, the extraction of rows). Prints CPU
 * milliseconds per game of each, best of `--repeat` rounds, on this one thread.
 *   node --import tsx scripts/measure-prepare.ts <fixtures/statsapi/liveGameV1> [--repeat 3]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bodySha256, splitFeedLive } from '../src/extract/index.js';
import { newFieldRows } from '../src/extract/new-paths.js';
import { canonicalBody } from '../src/extract/revision.js';
import { extractPackedGameRows } from '../src/pipeline/load/game-rows.js';
import { prepareFetchedGame } from '../src/pipeline/load/prepare-game.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: measure-prepare.ts <directory of feed/live bodies> [--repeat N]\n');
  process.exit(2);
}
const repeatAt = process.argv.indexOf('--repeat');
const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 3;

const bodies = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readFileSync(path.join(dir, f)));
const parsed = bodies.map((b) => JSON.parse(b.toString('utf8')) as { gamePk: number });
const parts = parsed.map((p) => splitFeedLive(p));
const encoder = new TextEncoder();

/** CPU milliseconds a game of `step` over every body, best of the rounds. */
function perGame(step: () => void): string {
  let best = Infinity;
  for (let round = 0; round < repeat; round++) {
    const before = process.cpuUsage();
    step();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000 / bodies.length);
  }
  return `${best.toFixed(1)} ms`;
}

const kb = bodies.reduce((n, b) => n + b.length, 0) / bodies.length / 1024;
process.stdout.write(`${bodies.length} feeds, ${kb.toFixed(0)} KB each on average; CPU a game:\n`);
const steps: Array<[string, () => void]> = [
  [
    'the whole preparation',
    () => bodies.forEach((b, i) => prepareFetchedGame({ gamePk: parsed[i]!.gamePk, feed: { url: 'x', data: b } })),
  ],
  ['  decode and parse', () => bodies.forEach((b) => JSON.parse(new TextDecoder().decode(b)))],
  [
    '  the two parts serialized to store',
    () =>
      parts.forEach((p) => {
        encoder.encode(JSON.stringify(p.boxscore));
        encoder.encode(JSON.stringify(p.playByPlay));
      }),
  ],
  [
    "  the boxscore's raw fingerprint (serialized again)",
    () => parts.forEach((p) => bodySha256('boxscore', p.boxscore)),
  ],
  [
    '  their canonical contents (sorted keys) and hashes',
    () =>
      parts.forEach((p) => {
        canonicalBody('boxscore', p.boxscore);
        canonicalBody('playByPlay', p.playByPlay);
      }),
  ],
  ['  the walk for new fields', () => parsed.forEach((p, i) => newFieldRows('feed', p, String(i)))],
  ['  rows extracted and packed', () => parts.forEach((p, i) => extractPackedGameRows(i, p.boxscore, p.playByPlay))],
];
for (const [name, step] of steps) process.stdout.write(`${name.padEnd(52)} ${perGame(step)}\n`);
