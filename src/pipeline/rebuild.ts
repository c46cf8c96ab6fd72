import { queryRows, sql } from '../db/client.js';
import { upsertRows } from '../db/rows.js';
import { people } from '../db/schema/index.js';
import { extractPerson, extractScheduleGames } from '../extract/index.js';
import { refreshStaleSeasons } from './analytics.js';
import type { PipelineContext } from './context.js';
import { extractGameRows, replaceGamesRows } from './game-rows.js';
import { upsertGames } from './games-store.js';
import { applyReferenceList, applyTeamsBody, REFERENCE_LISTS } from './reference.js';
import { rebuildSnapshots } from './snapshots.js';

/** Games re-derived per transaction (one delete and one insert per table for the batch). */
const REBUILD_BATCH = 25;

/**
 * Re-derive every mlb.* table from raw.* without a request: games from the stored schedule and
 * change-log pages (oldest first), each game's rows from its stored bodies (one transaction per
 * batch of games, delete-and-insert), people, teams, reference lists and the snapshot tables
 * (rosters, official stats, staff) from the bodies in force in `raw.snapshots`.
 */
export async function runRebuild(ctx: PipelineContext): Promise<Record<string, number>> {
  const games = await rebuildGames(ctx);
  const gameRows = await rebuildGameRows(ctx);
  const persons = await rebuildPeople(ctx);
  const reference = await rebuildReference(ctx);
  const snapshots = await rebuildSnapshots(ctx);
  const refreshedSeasons = await refreshStaleSeasons(ctx.db);
  return { games, gameRows, people: persons, reference, snapshots, refreshedSeasons };
}

async function rebuildGames(ctx: PipelineContext): Promise<number> {
  const pages = await queryRows<{ operation: string; paramsKey: string }>(
    ctx.db,
    sql`select operation, params_key as "paramsKey" from raw.responses
        where operation in ('schedule', 'game.currentGameStats') order by fetched_at, operation, params_key`,
  );
  let n = 0;
  for (const p of pages) {
    const [row] = await queryRows<{ body: string }>(
      ctx.db,
      sql`select body::text as body from raw.responses where operation = ${p.operation} and params_key = ${p.paramsKey}`,
    );
    const sportId = /(?:^|&)sportId=(\d+)(?:&|$)/.exec(p.paramsKey)?.[1];
    const extracted = extractScheduleGames(JSON.parse(row!.body), sportId ? { sportId: Number(sportId) } : {});
    await ctx.db.transaction((tx) => upsertGames(tx, extracted.rows, ctx.runId));
    n += extracted.rows.length;
  }
  return n;
}

interface StoredGame {
  gamePk: number;
  box: string;
  pbp: string;
  /** The stored /winProbability body, when the game was loaded with that extra. */
  win: string | null;
}

/** Mark a promise's rejection as handled now; it still rejects where it is awaited later. */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/**
 * Re-derive every stored game's rows in batches of {@link REBUILD_BATCH} games, keyset-paged by
 * game_pk (memory stays one batch, whatever the warehouse holds), in three overlapping stages: the
 * next batch is read while this one is extracted, and extracted while the previous one is written.
 * Each batch is one transaction: a game's rows are all old or all new.
 */
async function rebuildGameRows(ctx: PipelineContext): Promise<number> {
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from raw.boxscores b join raw.play_by_play p using (game_pk)`,
  );
  const count = Number(total?.n ?? 0);
  ctx.progress?.start(count);
  const read = (after: number) =>
    handled(
      queryRows<StoredGame>(
        ctx.db,
        sql`select b.game_pk as "gamePk", b.body::text as box, p.body::text as pbp, w.body::text as win
            from raw.boxscores b join raw.play_by_play p using (game_pk)
            left join raw.win_probability w using (game_pk)
            where b.game_pk > ${after} order by b.game_pk limit ${REBUILD_BATCH}`,
      ),
    );
  let done = 0;
  let next = read(-1);
  let writing: Promise<void> = Promise.resolve();
  while (!ctx.signal.aborted) {
    const stored = await next;
    if (stored.length === 0) break;
    next = read(Number(stored[stored.length - 1]!.gamePk));
    const games = stored.map((b) => {
      const gamePk = Number(b.gamePk);
      const win = b.win === null ? undefined : JSON.parse(b.win);
      return { gamePk, rows: extractGameRows(gamePk, JSON.parse(b.box), JSON.parse(b.pbp), win) };
    });
    await writing;
    writing = handled(
      ctx.db
        .transaction((tx) => replaceGamesRows(tx, games, ctx.runId))
        .then(() => {
          for (const g of games) ctx.counts.rejected += g.rows.rejects.length;
          ctx.counts.loaded += games.length;
          done += games.length;
          ctx.progress?.update(done, count);
        }),
    );
  }
  await writing;
  ctx.progress?.stop();
  return done;
}

async function rebuildPeople(ctx: PipelineContext): Promise<number> {
  const rows = await queryRows<{ body: string }>(ctx.db, sql`select body::text as body from raw.people order by person_id`);
  const out: Record<string, unknown>[] = [];
  for (const r of rows) {
    const e = extractPerson(JSON.parse(r.body));
    if (e.rows) out.push(e.rows as unknown as Record<string, unknown>);
    ctx.counts.rejected += e.rejects.length;
  }
  await ctx.db.transaction((tx) => upsertRows(tx, people, out, { extra: { run_id: ctx.runId }, touch: 'updated_at' }));
  return out.length;
}

/** The `season` parameter of a stored request's params key, if any. */
function seasonOf(paramsKey: string): number | undefined {
  const m = /(?:^|&)season=(\d{4})(?:&|$)/.exec(paramsKey);
  return m ? Number(m[1]) : undefined;
}

async function rebuildReference(ctx: PipelineContext): Promise<number> {
  const rows = await queryRows<{ operation: string; paramsKey: string; body: string }>(
    ctx.db,
    sql`select operation, params_key as "paramsKey", body::text as body from raw.responses
        where operation = 'teams' or operation = any(string_to_array(${REFERENCE_LISTS.join(',')}, ','))
        order by fetched_at`,
  );
  let n = 0;
  for (const r of rows) {
    const body = JSON.parse(r.body);
    n += await ctx.db.transaction((tx) =>
      r.operation === 'teams'
        ? applyTeamsBody(tx, body, ctx.runId, seasonOf(r.paramsKey))
        : applyReferenceList(tx, r.operation, body, ctx.runId),
    );
  }
  return n;
}
