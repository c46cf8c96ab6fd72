import { upsertPeople } from '../db/queries/people.js';
import { hasAutovacuum, refreshAfterLoad } from '../db/queries/maintenance.js';
import type { PipelineContext } from './context.js';
import { replaceGamesRows } from '../db/store-game.js';
import { createExtractPool, defaultExtractWorkers } from './extract-pool/pool.js';
import { upsertGames } from '../db/queries/games.js';
import {
  countStoredGames,
  listStoredRequests,
  readPeopleBodies,
  readResponseBody,
  readResponses,
  readStoredGamePks,
  readStoredGames,
} from '../db/queries/raw-bodies.js';
import type { ReadGame } from './extract-pool/messages.js';
import { REFERENCE_LISTS } from '../db/schema/index.js';
import { applyReferenceList, applyTeamsBody } from './load/reference.js';
import { personRows } from './load/people.js';
import { scheduleGameRows } from './poll/schedule.js';
import { rebuildSnapshots } from './load/snapshots.js';
import { applyTransactionsBody } from './poll/transactions.js';
import { rebuildHistory } from './rebuild-history.js';

/** Games re-derived per transaction (one delete and one insert per table for the batch). */
const REBUILD_BATCH = 25;
/**
 * Batches written at once, each in its own transaction on its own connection: the writes are the
 * database's work, and two keep both cores of a small machine busy (one leaves a core idle, three
 * only contend; see docs/performance.md).
 */
const REBUILD_WRITERS = 2;

/**
 * Re-derive every mlb.* table from raw.* without a request: games from the stored schedule and
 * change-log pages (oldest first), each game's rows from its stored bodies (one transaction per
 * batch of games, delete-and-insert), then the history of each game with revisions replayed from
 * them (raw.game_revisions: the history tables, scoring changes and the rows again), people, teams, reference lists and the snapshot tables
 * (rosters, official stats, staff) from the bodies in force in `raw.snapshots`.
 */
export async function runRebuild(ctx: PipelineContext): Promise<Record<string, number>> {
  const games = await rebuildGames(ctx);
  const gameRows = await rebuildGameRows(ctx);
  // Then each game with revisions is replayed from them: its history, scoring changes and rows.
  const history = await rebuildHistory(ctx);
  const persons = await rebuildPeople(ctx);
  const reference = await rebuildReference(ctx);
  const transactions = await rebuildTransactions(ctx);
  const snapshots = await rebuildSnapshots(ctx);
  const refreshedSeasons = await refreshAfterLoad(ctx.db, gameRows, {
    vacuum: false,
    autovacuum: hasAutovacuum(ctx.dbKind),
  });
  return {
    games,
    gameRows,
    historyGames: history.games,
    revisionRejects: history.rejected,
    people: persons,
    reference,
    transactions,
    snapshots,
    refreshedSeasons,
  };
}

async function rebuildGames(ctx: PipelineContext): Promise<number> {
  const pages = await listStoredRequests(ctx.db, ['schedule', 'game.currentGameStats']);
  let n = 0;
  for (const p of pages) {
    const body = await readResponseBody(ctx.db, p.operation, p.paramsKey);
    const sportId = /(?:^|&)sportId=(\d+)(?:&|$)/.exec(p.paramsKey)?.[1];
    const extracted = scheduleGameRows(JSON.parse(body!), sportId ? { sportId: Number(sportId) } : {});
    await ctx.db.transaction((tx) => upsertGames(tx, extracted.rows, ctx.runId));
    n += extracted.rows.length;
  }
  return n;
}

/** Mark a promise's rejection as handled now; it still rejects where it is awaited later. */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/**
 * Re-derive every stored game's rows in batches of {@link REBUILD_BATCH} games, keyset-paged by
 * game_pk (memory stays a few batches, whatever the warehouse holds), in overlapping stages: the
 * next batch is read while this one is extracted (on worker threads), and extracted while the
 * previous ones are written ({@link REBUILD_WRITERS} at once; batches hold disjoint games). Each
 * batch is one transaction: a game's rows are all old or all new. On postgres.js the workers read
 * the bodies themselves, each on its own connection, and this thread reads only the games' numbers:
 * decoding every body here, and cloning it to a worker, would be most of its work.
 */
async function rebuildGameRows(ctx: PipelineContext): Promise<number> {
  const count = await countStoredGames(ctx.db);
  ctx.progress?.start(count);
  const workers = ctx.config.extractWorkers ?? defaultExtractWorkers();
  const workersRead = workers > 0 && ctx.databaseUrl !== undefined;
  const pool = createExtractPool(workers, ctx.log, workersRead ? { databaseUrl: ctx.databaseUrl } : {});
  // A page: its last game number (undefined when there is none) and its games' rows, extracted
  // while the loop below writes the pages before it.
  const readPage = async (after: number): Promise<{ last?: number; games: Promise<ReadGame[]> }> => {
    if (workersRead) {
      const pks = await readStoredGamePks(ctx.db, after, REBUILD_BATCH);
      // A game whose bodies went meanwhile is left out: it has nothing to rebuild.
      return { last: pks.at(-1), games: handled(pool.extractStored(pks)) };
    }
    const stored = await readStoredGames(ctx.db, after, REBUILD_BATCH);
    const games = Promise.all(
      stored.map(async (b) => {
        const gamePk = Number(b.gamePk);
        return {
          gamePk,
          rows: await pool.extract(gamePk, b.box, b.pbp, {
            ...(b.win === null ? {} : { win: b.win }),
            ...(b.abs === null ? {} : { abs: b.abs }),
          }),
        };
      }),
    );
    const last = stored.at(-1)?.gamePk;
    return { last: last === undefined ? undefined : Number(last), games: handled(games) };
  };
  let done = 0;
  let next = handled(readPage(-1));
  const writing: Array<Promise<void>> = [];
  try {
    while (!ctx.signal.aborted) {
      const page = await next;
      if (page.last === undefined) break;
      next = handled(readPage(page.last));
      const games = await page.games;
      while (writing.length >= REBUILD_WRITERS) await writing.shift();
      writing.push(
        handled(
          ctx.db
            .transaction((tx) => replaceGamesRows(tx, games, ctx.runId))
            .then(() => {
              for (const g of games) ctx.counts.rejected += g.rows.rejects.length;
              ctx.counts.loaded += games.length;
              done += games.length;
              ctx.progress?.update(done, count);
            }),
        ),
      );
    }
    for (const w of writing) await w;
  } catch (err) {
    // A failed batch: let the other batch in flight finish (commit or roll back) before reporting.
    await Promise.allSettled(writing);
    throw err;
  } finally {
    await pool.close();
  }
  ctx.progress?.stop();
  return done;
}

async function rebuildPeople(ctx: PipelineContext): Promise<number> {
  const bodies = await readPeopleBodies(ctx.db);
  // Rejects are counted, not stored again (the load that received the body stored them).
  const { rows, rejects } = personRows(bodies.map((body) => JSON.parse(body) as unknown));
  ctx.counts.rejected += rejects.length;
  await ctx.db.transaction((tx) => upsertPeople(tx, rows, ctx.runId));
  return rows.length;
}

/** The `season` parameter of a stored request's params key, if any. */
function seasonOf(paramsKey: string): number | undefined {
  const m = /(?:^|&)season=(\d{4})(?:&|$)/.exec(paramsKey);
  return m ? Number(m[1]) : undefined;
}

/**
 * mlb.transactions from the stored `/v1/transactions` bodies (the latest of each window), first
 * seen when the body was received unless the row was seen earlier. The pregame tables are not
 * rebuilt: they record when each announcement was seen, which no single stored body says.
 */
async function rebuildTransactions(ctx: PipelineContext): Promise<number> {
  let n = 0;
  for (const r of await readResponses(ctx.db, ['transactions'])) {
    const applied = await ctx.db.transaction((tx) =>
      applyTransactionsBody(tx, JSON.parse(r.body), new Date(r.fetchedAt), ctx.runId),
    );
    ctx.counts.rejected += applied.rejects.length;
    n += applied.rows;
  }
  return n;
}

async function rebuildReference(ctx: PipelineContext): Promise<number> {
  const rows = await readResponses(ctx.db, ['teams', ...REFERENCE_LISTS]);
  let n = 0;
  for (const r of rows) {
    const body = JSON.parse(r.body);
    const applied = await ctx.db.transaction((tx) =>
      r.operation === 'teams'
        ? applyTeamsBody(tx, body, ctx.runId, seasonOf(r.paramsKey))
        : applyReferenceList(tx, r.operation, body, ctx.runId),
    );
    // Counted, not stored again (the load that received the body stored them).
    ctx.counts.rejected += applied.rejects.length;
    n += applied.rows;
  }
  return n;
}
