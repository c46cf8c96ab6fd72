/**
 * The main thread's cost of storing a game (its load transaction: revisions, bodies, rows), on the
 * recorded feeds of a fixtures directory (each a game of its own), prepared beforehand as an
 * extraction worker prepares a fetched game. Three passes into a fresh Postgres database:
 *   - `new`: each game stored for the first time;
 *   - `same content`: stored again with its raw hashes changed but its content not (what a re-poll
 *     of a body that differs only where a revision does not look, seasonStats or key order, does);
 *   - `corrected`: stored again with one play of its play-by-play changed (a correction).
 * Prints the main thread's CPU (and wall) per game of each pass, best of `--repeat` rounds.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx scripts/measure-store-game.ts <fixtures/statsapi/liveGameV1> [--repeat 3]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../src/db/client.js';
import { type RevisionBody, storedTextSha256, storeGameRevisions } from '../src/db/game-revisions.js';
import { runMigrations } from '../src/db/migrate.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { type GameToStore, storeGame } from '../src/db/store-game.js';
import { type PreparedBody, type PreparedGame, prepareFetchedGame } from '../src/pipeline/load/prepare-game.js';
import { REVISION_RULES } from '../src/pipeline/load/revision-rules.js';

const dir = process.argv[2];
const repeatAt = process.argv.indexOf('--repeat');
const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 3;
const adminUrl = process.env.DATABASE_URL;
if (!dir || !adminUrl) throw new Error('usage: DATABASE_URL=… measure-store-game.ts <feeds directory> [--repeat n]');

const names = readdirSync(dir)
  .filter((n) => n.endsWith('.json') && !n.includes('_timecode-'))
  .sort();
const RUN = 1;

function revisionOf(kind: 'boxscore' | 'playByPlay', body: PreparedBody, source: string): RevisionBody {
  const canonical = () => REVISION_RULES.canonicalBody(kind, JSON.parse(new TextDecoder().decode(body.text)));
  const storedTextSha = () => storedTextSha256(body.text);
  return { kind, sha: body.canonicalSha, canonical, storedTextSha, source };
}

/** A feed with one play's description changed: a correction of its play-by-play. */
function corrected(text: string): string {
  const feed = JSON.parse(text);
  const play = feed.liveData?.plays?.allPlays?.[0];
  if (play?.result) play.result.description = `${play.result.description ?? ''} (corrected)`;
  return JSON.stringify(feed);
}

function prepare(gamePk: number, text: string): PreparedGame {
  const data = new TextEncoder().encode(text);
  return prepareFetchedGame({ gamePk, feed: { url: `fixture:${gamePk}`, data } });
}

function toStore(gamePk: number, p: PreparedGame, salt: string): GameToStore {
  return {
    gamePk,
    boxscore: { ...p.boxscore, sha: p.boxscore.sha + salt },
    playByPlay: { ...p.playByPlay, sha: p.playByPlay.sha + salt },
    source: p.source,
    feedTimestamp: p.feedTimestamp,
    ...(p.absChallenges === undefined ? {} : { absChallenges: p.absChallenges }),
    fetchReason: 'repoll',
    revisionRules: REVISION_RULES,
    fetchedAt: new Date(),
  };
}

/** storeGame's revisions step alone, as it calls it. */
async function revisionsOf(
  tx: Parameters<typeof storeGameRevisions>[0],
  gamePk: number,
  p: PreparedGame,
  bodiesStored: boolean,
) {
  await storeGameRevisions(
    tx,
    REVISION_RULES,
    gamePk,
    [revisionOf('boxscore', p.boxscore, p.source), revisionOf('playByPlay', p.playByPlay, p.source)],
    'repoll',
    RUN,
    new Date(),
    bodiesStored,
  );
}

const scratch = await createScratchDatabase(adminUrl, `dugout_store_game_${process.pid}`);
const database = await createDatabase({ databaseUrl: scratch.url, pgliteDir: '' }, { maxConnections: 1 });
try {
  await runMigrations(database);
  const games = names.map((n, i) => {
    const text = readFileSync(path.join(dir, n), 'utf8');
    return { gamePk: 900_000 + i, text };
  });
  const alone: Record<string, number[]> = { 'revisions, new': [], 'revisions, same': [] };
  const passes: Array<[string, number[], number[]]> = [
    ['new', [], []],
    ['same content', [], []],
    ['corrected', [], []],
  ];
  for (let round = 0; round < repeat; round++) {
    // Each round stores the games anew: its own game numbers.
    const base = round * 1000;
    const storePass = async (p: number) => {
      const [label, cpu, wall] = passes[p]!;
      let cpuSum = 0;
      let wallSum = 0;
      for (const g of games) {
        const gamePk = g.gamePk + base;
        // Prepared outside the timing (a worker's part), each time anew (its buffers are used up).
        const prepared = prepare(gamePk, p === 2 ? corrected(g.text) : g.text);
        const game = toStore(gamePk, prepared, p === 0 ? '' : `-${p}`);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await database.db.transaction((tx) => storeGame(tx, game, () => prepared.rows, RUN));
        wallSum += performance.now() - t0;
        const c = process.cpuUsage(c0);
        cpuSum += (c.user + c.system) / 1000;
      }
      cpu.push(cpuSum / games.length);
      wall.push(wallSum / games.length);
      void label;
    };
    await storePass(0);
    await storePass(1);
    // The revisions alone (rolled back): of a game not stored, and of a stored game unchanged.
    for (const [label, offset] of [
      ['revisions, new', 500],
      ['revisions, same', 0],
    ] as const) {
      let cpuSum = 0;
      for (const g of games) {
        const prepared = prepare(g.gamePk + base, g.text);
        const c0 = process.cpuUsage();
        await database.db
          .transaction(async (tx) => {
            await revisionsOf(tx, g.gamePk + base + offset, prepared, offset === 0);
            throw new Error('rolled back');
          })
          .catch(() => {});
        const c = process.cpuUsage(c0);
        cpuSum += (c.user + c.system) / 1000;
      }
      alone[label]!.push(cpuSum / games.length);
    }
    await storePass(2);
  }
  for (const [label, cpu] of Object.entries(alone)) passes.push([label, cpu, [Number.NaN]]);
  console.log(`${games.length} games, best of ${repeat} rounds (main thread CPU per game; wall per game)`);
  for (const [label, cpu, wall] of passes) {
    console.log(
      `${label.padEnd(14)} ${Math.min(...cpu)
        .toFixed(1)
        .padStart(6)} ms CPU  ${Math.min(...wall)
        .toFixed(1)
        .padStart(6)} ms wall`,
    );
  }
} finally {
  await database.close();
  await scratch.drop();
}
