import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { namesOneSeason } from '../../../src/bench/seasons.js';
import { statementRowsRead } from '../../../src/db/queries/bench.js';
import { analyzeAfterLargeLoad, hasAutovacuum } from '../../../src/db/queries/maintenance.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/** The README's example queries that name one season (all of 2025, the newest simulated season). */
const seasonQueries = readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).filter((q) =>
  namesOneSeason(q.sql),
);
const NEWEST = 2025;
const PAST = 9;
/**
 * Rows a query may read beyond twice its one-season count: a top-10 walk down an index (the
 * hardest-hit balls) passes other seasons' entries until it has ten of the season asked.
 */
const SLACK_ROWS = 1000;

// The goal of the ten-season bench, counted instead of timed: a query that names a season reads
// about that season's rows whether the warehouse holds it alone or ten seasons. Each season here is
// its opening day (a full season is the bench's): the plans' choice between reading a season's
// games through an index and scanning every season depends on the share of rows asked, not on size.
let t: TestDatabase;
let h: SimHarness;
const one = new Map<string, number>();
const all = new Map<string, number>();

const totalRead = async (sqlText: string) =>
  Object.values(await statementRowsRead(t.database.db, sqlText)).reduce((a, b) => a + b, 0);

async function loadFirstDays(season: number): Promise<void> {
  const first = h.sim
    .listGames()
    .filter((g) => g.season === season && g.gameType === 'R')
    .map((g) => g.officialDate)
    .sort()[0]!;
  const deps = runDeps(t.database, h, { gameExtras: ['winProbability'] });
  const run = await backfillJob.run(deps, {
    range: { startDate: first, endDate: first },
    gameTypes: ['R'],
  });
  expect(run.status).toBe('succeeded');
}

/** What a run that loaded a season leaves: fresh statistics, all-visible pages (an index-only read needs them). */
const settle = () =>
  analyzeAfterLargeLoad(t.database.db, 1000, { vacuum: true, autovacuum: hasAutovacuum(t.database.kind) });

beforeAll(async () => {
  t = await createTestDatabase();
  h = await startSim({ seed: 3, season: NEWEST, history: PAST });
  await loadFirstDays(NEWEST);
  await settle();
  for (const q of seasonQueries) one.set(q.label, await totalRead(q.sql));
  for (let s = NEWEST - 1; s >= NEWEST - PAST; s--) await loadFirstDays(s);
  await settle();
  for (const q of seasonQueries) all.set(q.label, await totalRead(q.sql));
}, 600_000);
afterAll(async () => {
  await h?.close();
  await t?.drop();
});

it('the README has queries that name a season, and each reads rows of it', () => {
  expect(seasonQueries.length).toBeGreaterThanOrEqual(6);
  for (const q of seasonQueries) expect(one.get(q.label), q.label).toBeGreaterThan(0);
});

it.each(seasonQueries.map((q) => [q.label]))(
  '"%s" reads at most twice as many rows on ten seasons as on the season alone',
  (label) => {
    const alone = one.get(label)!;
    const ten = all.get(label)!;
    expect(ten, `${ten} rows on ten seasons, ${alone} on one`).toBeLessThanOrEqual(2 * alone + SLACK_ROWS);
  },
);
