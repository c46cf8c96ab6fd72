/**
 * The history step of `dugout rebuild` (pipeline/rebuild-history.ts) alone, on the recorded feeds of
 * a fixtures directory stored as games (each `--copies` times, under numbers of its own) into a fresh
 * Postgres database: its games per second and the main thread's CPU per game, best of `--repeat`
 * runs. `--module` names another build of the step to time on the same database (alternated).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx scripts/measure-rebuild-history.ts <fixtures/statsapi/liveGameV1> [--copies 3] [--repeat 3] [--module path]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { storeGame } from '../src/db/store-game.js';
import { createLogger } from '../src/logger.js';
import type { PipelineContext } from '../src/pipeline/context.js';
import { prepareFetchedGame } from '../src/pipeline/load/prepare-game.js';
import { REVISION_RULES } from '../src/pipeline/load/revision-rules.js';
import { rebuildHistory } from '../src/pipeline/rebuild-history.js';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const dir = process.argv[2];
const copies = Number(arg('copies') ?? 3);
const repeat = Number(arg('repeat') ?? 3);
const other = arg('module');
const adminUrl = process.env.DATABASE_URL;
if (!dir || !adminUrl) throw new Error('usage: DATABASE_URL=… measure-rebuild-history.ts <feeds directory> [options]');
const RUN = 1;

const steps: Array<[string, typeof rebuildHistory]> = [['this build', rebuildHistory]];
if (other) {
  const mod = (await import(pathToFileURL(path.resolve(other)).href)) as { rebuildHistory: typeof rebuildHistory };
  steps.push([other, mod.rebuildHistory]);
}

const scratch = await createScratchDatabase(adminUrl, `dugout_rebuild_history_${process.pid}`);
const database = await createDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
try {
  await runMigrations(database);
  const names = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.includes('_timecode-'));
  let gamePk = 900_000;
  for (let c = 0; c < copies; c++) {
    for (const n of names) {
      gamePk++;
      const data = readFileSync(path.join(dir, n));
      const p = prepareFetchedGame({ gamePk, feed: { url: `fixture:${gamePk}`, data: new Uint8Array(data) } });
      const game = { gamePk, ...p, revisionRules: REVISION_RULES, fetchedAt: new Date() };
      await database.db.transaction((tx) => storeGame(tx, game, () => p.rows, RUN));
    }
  }
  const ctx = {
    db: database.db,
    runId: RUN,
    signal: new AbortController().signal,
    log: createLogger({ logLevel: 'warn', logPretty: false }),
  } as unknown as PipelineContext;
  const best = new Map<string, { rate: number; cpu: number }>();
  for (let r = 0; r < repeat; r++) {
    for (const [label, step] of steps) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const { games } = await step(ctx);
      const s = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const rate = games / s;
      const cpu = (c.user + c.system) / 1000 / games;
      const b = best.get(label);
      if (!b || rate > b.rate) best.set(label, { rate, cpu });
    }
  }
  console.log(`${gamePk - 900_000} games, best of ${repeat} runs`);
  for (const [label, b] of best) {
    console.log(
      `${label.padEnd(40)} ${b.rate.toFixed(1).padStart(6)} games/s  ${b.cpu.toFixed(1).padStart(6)} ms CPU a game`,
    );
  }
} finally {
  await database.close();
  await scratch.drop();
}
