/**
 * Where the time of one `dugout sql` on the embedded database goes: the process's start, the
 * PGlite start on the data directory, the migrations check, the query, the close. Run it on a
 * migrated directory (after `npm run demo`):
 *   node --import tsx scripts/measure-sql-start.ts [dir]
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { createDatabase, queryRows, sql } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

const dir = process.argv[2] ?? '.dugout/pglite';
const config = loadConfig({ DUGOUT_PGLITE_DIR: dir });
const phases: Array<[string, number]> = [];
let t = performance.now();
const lap = (name: string) => {
  const now = performance.now();
  phases.push([name, now - t]);
  t = now;
};
phases.push(['node and module load until here', performance.now()]);
const database = await createDatabase(config, {});
lap('PGlite start (open the data directory)');
await runMigrations(database);
lap('migrations check (nothing to apply)');
await queryRows(database.db, sql`select count(*) from mlb.games`);
lap('the query');
await database.close();
lap('close (PGlite shutdown)');
for (const [name, ms] of phases) console.log(`${ms.toFixed(0).padStart(6)} ms  ${name}`);
