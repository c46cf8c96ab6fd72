import { addDays, DAY_MS, dayStartMs } from '../dates.js';
import { backfillJob } from '../../jobs/backfill.js';
import { checkJob } from '../../jobs/check.js';
import { registerJob } from '../../jobs/register.js';
import { syncJob } from '../../jobs/sync.js';
import { pregameJob } from '../../jobs/pregame.js';
import type { CheckResult } from '../db/queries/checks.js';
import {
  loadedByRuns,
  loadedGamePks,
  NEXT_QUERIES,
  opsLeaders,
  runExpectancyMatrix,
  warehouseCounts,
} from '../db/queries/demo.js';
import type { RunDeps, RunResult } from '../pipeline/run.js';
import { createConfiguredClient } from '../app/client.js';
import type { AppContext } from '../app/context.js';
import { createProgress } from '../app/progress.js';
import { formatTable } from './table.js';
import { countOf, describeRunWork } from './run-summary.js';

export interface DemoOptions {
  seed: number;
  season: number;
  /** Days of regular season to backfill. */
  days: number;
}

/**
 * The zero-setup demo: the simulator in-process on a free loopback port, the configured or embedded
 * database, a backfill of the first `days` of the simulated regular season, then one simulated day
 * later a `sync` that picks up the new finals, a scoring correction and a changed person, then the
 * checks, and a summary. Returns the exit code.
 */
export async function runDemo(ctx: AppContext, opts: DemoOptions): Promise<number> {
  const started = Date.now();
  const { createSimulator } = await import('../sim/index.js');
  const config = ctx.config();
  const log = ['debug', 'trace'].includes(config.logLevel) ? ctx.log() : ctx.log().child({}, { level: 'warn' });
  // The database first: one that cannot be reached fails the demo before the season is simulated.
  const database = await ctx.database({ migrate: true });
  const sim = createSimulator({ seed: opts.seed, season: opts.season });
  const firstDay = sim
    .listGames()
    .filter((g) => g.gameType === 'R')
    .map((g) => g.officialDate)
    .sort()[0]!;
  const lastDay = addDays(firstDay, opts.days - 1);
  // Morning after the last backfilled day: every game of the range is final, the next day's are not.
  sim.setNow(new Date(dayStartMs(lastDay) + DAY_MS + 14 * 3_600_000));
  const server = await sim.listen(0, '127.0.0.1');
  try {
    // The simulator is our own process on loopback: no politeness budget is needed.
    // The simulator is local: the demo also loads every game's win probability (analytics.player_wpa).
    const demoConfig: typeof config = {
      ...config,
      statsapiBaseUrl: server.url,
      maxRps: 1000,
      concurrency: 8,
      gameExtras: ['winProbability'],
    };
    const client = createConfiguredClient(demoConfig, log);
    const deps: RunDeps = { database, client, config: demoConfig, log, now: () => sim.now() };
    ctx.out(`dugout demo: simulated season ${opts.season} served at ${server.url}; warehouse ${database.describe}`);

    ctx.out(`1. backfill ${firstDay} … ${lastDay} (${opts.days} simulated days)`);
    const backfill = await backfillJob.run(
      { ...deps, progress: createProgress('backfill', log) },
      { range: { startDate: firstDay, endDate: lastDay } },
    );
    ctx.out(`   ${runLine(backfill)}`);
    // What is announced of the games ahead (probables, lineups, crews, forecasts): analytics.pregame
    // compares it with the games the sync below loads.
    const pregame = await pregameJob.run(deps, { ifDue: false });
    ctx.out(`   pregame: ${runLine(pregame)}`);

    sim.advance(DAY_MS);
    const corrected = pickCorrection(await loadedGamePks(deps.database.db), sim);
    const changed = sim.changePerson();
    ctx.out(
      `2. one simulated day later (${sim.now().toISOString().slice(0, 16)}Z): scoring change on game ${corrected.gamePk} (${corrected.description}); person ${changed.personId}: ${changed.change}`,
    );
    const sync = await syncJob.run(deps, syncJob.args.parse({}));
    const r = sync.result as
      | { schedule?: { enqueued: number }; gameChanges?: { enqueued: number }; peopleChanges?: { people: number } }
      | undefined;
    ctx.out(
      `   sync: ${runLine(sync)}; schedule queued ${r?.schedule?.enqueued ?? 0}, change log queued ${r?.gameChanges?.enqueued ?? 0} (incl. the correction), people changed ${r?.peopleChanges?.people ?? 0}`,
    );

    // The register of ids beyond MLBAM's, as `dugout snapshot register` fetches the real one: here the
    // simulator's, generated for its own people in the Chadwick register's layout (offline, and
    // the real register's people would match none of the simulated ones).
    const { REGISTER_PATH } = await import('../sim/register.js');
    const register = await registerJob.run(
      { ...deps, config: { ...demoConfig, registerUrl: new URL(REGISTER_PATH, server.url).href } },
      registerJob.args.parse({}),
    );
    const registered = register.result as { loaded?: number } | undefined;
    ctx.out(
      `   register: run ${register.runId} ${register.status}: ${registered?.loaded ?? 0} people's Retrosheet, Baseball-Reference and FanGraphs ids (simulated, in the Chadwick register's layout) into mlb.person_ids`,
    );

    const check = await checkJob.run(deps, {});
    const checks = ((check.result as { checks?: CheckResult[] } | undefined)?.checks ?? []) as CheckResult[];
    ctx.out(
      `3. checks: ${checks.filter((c) => c.passed).length}/${checks.length} passed${
        checks.some((c) => !c.passed)
          ? ` (failed: ${checks
              .filter((c) => !c.passed)
              .map((c) => c.name)
              .join(', ')})`
          : ''
      }`,
    );

    // Each game and person once: the sync reloads the corrected game and the changed person.
    const did = await loadedByRuns(deps.database.db, [backfill.runId, sync.runId]);
    ctx.out(
      `\nthis demo loaded ${countOf(did.games, 'game')} and ${countOf(did.people, 'person', 'people')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await printSummary(ctx, deps, opts.season);
    const ok = [backfill, pregame, sync, register, check].every((x) => x.status === 'succeeded');
    return ok ? 0 : 1;
  } finally {
    await server.close();
  }
}

function runLine(r: RunResult<unknown>): string {
  return `run ${r.runId} ${r.status}: ${describeRunWork(r.counts)}`;
}

function pickCorrection(loaded: number[], sim: { correctGame(pk?: number): { gamePk: number; description: string } }) {
  // Correct a game the warehouse already holds, so the sync shows a correction replacing rows.
  return sim.correctGame(loaded[Math.floor(loaded.length / 2)]);
}

async function printSummary(ctx: AppContext, deps: RunDeps, season: number): Promise<void> {
  const db = deps.database.db;
  const counts = await warehouseCounts(db);
  const leaders = await opsLeaders(db);
  // What the warehouse holds (every demo so far), apart from what this one loaded.
  ctx.out(
    `the warehouse now holds ${Object.entries(counts ?? {})
      .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
      .join(', ')}`,
  );
  ctx.out(`\nOPS leaders (analytics.season_batting, PA >= 30):\n${formatTable(leaders)}`);
  ctx.out(
    `\nrun expectancy by base-out state (analytics.run_expectancy, RE24; bases 1 2 3, _ = empty):\n${formatTable(await runExpectancyMatrix(db))}`,
  );
  // The README's first query, word for word (the season is the demo's).
  const query = NEXT_QUERIES.opsLeaders(season);
  if (deps.database.kind === 'pglite') {
    ctx.out(`\nquery it next (embedded database ${deps.database.describe.replace(/^pglite:/, '')}):`);
    ctx.out(`  npx dugout sql "${query}"`);
    ctx.out(`  npx dugout sql "${NEXT_QUERIES.standings}"`);
  } else {
    ctx.out('\nquery it next:');
    ctx.out(`  psql "$DATABASE_URL" -c "${query}"`);
  }
  ctx.out('  npx dugout status    # runs, cursors, backlog');
}
