/**
 * The live loop's peak memory with every level live: a simulator serving MLB and the four minor
 * leagues (sportIds 1, 11-14) at a mid-season evening, and a real `dugout live --once` process per
 * pass (the first one fetches every followed game's full feed, the next ones patches), its peak RSS
 * read as it exits (test/helpers/max-rss.mjs). The figure is in docs/limits.md.
 *
 *   DATABASE_URL=postgres://…/scratch node --import tsx scripts/live-memory.ts [passes=3]
 *   (LIVE_MEMORY_SPORTS=1 … the same with MLB alone)
 *
 * Without DATABASE_URL it uses a PGlite directory in a temp dir (its server then runs inside the
 * process measured). The database is migrated first; use a scratch one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '../src/sim/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The levels followed (LIVE_MEMORY_SPORTS=1 for MLB alone, to compare). */
const SPORTS = (process.env.LIVE_MEMORY_SPORTS ?? '1,11,12,13,14').split(',').map(Number);
const passes = Number(process.argv[2] ?? 3);
const START = new Date('2025-06-11T00:30:00Z');

const sim = createSimulator({ seed: 1, sportIds: SPORTS, now: START });
const server = await sim.listen(0, '127.0.0.1');
const live = sim.listGames().filter((g) => g.codedGameState === 'I' || g.codedGameState === 'P');
const bySport = Object.fromEntries(SPORTS.map((s) => [s, live.filter((g) => g.sportId === s).length]));
console.log(`at ${START.toISOString()}: games in progress or warm-up by sportId ${JSON.stringify(bySport)}`);

const dir = mkdtempSync(path.join(tmpdir(), 'dugout-live-memory-'));
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  STATSAPI_BASE_URL: server.url,
  STATSAPI_MAX_RPS: '500',
  DUGOUT_SPORT_IDS: SPORTS.join(','),
  LOG_LEVEL: 'warn',
  ...(process.env.DATABASE_URL ? {} : { DUGOUT_PGLITE_DIR: path.join(dir, 'pglite') }),
};
/** Run the CLI (asynchronously: the simulator answers from this process meanwhile); its stdout. */
const dugout = (args: string[], extra: Record<string, string> = {}) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/dugout.mjs'), ...args], {
      cwd: ROOT,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`dugout ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`)),
    );
  });
try {
  await dugout(['migrate']);
  for (let pass = 1; pass <= passes; pass++) {
    const rssFile = path.join(dir, `rss-${pass}`);
    const out = await dugout(['live', '--once', '--json', '--now', sim.now().toISOString()], {
      NODE_OPTIONS: `--import=${path.join(ROOT, 'test/helpers/max-rss.mjs')}`,
      DUGOUT_TEST_MAX_RSS_FILE: rssFile,
    });
    const last = JSON.parse(out).result.last;
    const rss = Number(readFileSync(rssFile, 'utf8'));
    console.log(
      `pass ${pass}: ${last.followed} games followed, ${last.fullFetches} full feeds (${(last.fullBytes / 1e6).toFixed(1)} MB), ` +
        `${last.patchFetches} patches; peak RSS ${(rss / 1024 / 1024).toFixed(0)} MiB`,
    );
    sim.advance(60_000);
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
