import { queryRows, sql } from '../db/client.js';
import { upsertRows } from '../db/rows.js';
import { people } from '../db/schema/index.js';
import { extractPerson, extractScheduleGames } from '../extract/index.js';
import type { PipelineContext } from './context.js';
import { extractGameRows, replaceGameRows } from './game-rows.js';
import { upsertGames } from './games-store.js';
import { applyReferenceList, applyTeamsBody, REFERENCE_LISTS } from './reference.js';

/** Games re-derived per transaction. */
const REBUILD_BATCH = 10;

/**
 * Re-derive every mlb.* table from raw.* without a request: games from the stored schedule and
 * change-log pages (oldest first), each game's rows from its two stored bodies (one transaction per
 * batch of games, delete-and-insert), people, teams and reference lists.
 */
export async function runRebuild(ctx: PipelineContext): Promise<Record<string, number>> {
  const games = await rebuildGames(ctx);
  const gameRows = await rebuildGameRows(ctx);
  const persons = await rebuildPeople(ctx);
  const reference = await rebuildReference(ctx);
  return { games, gameRows, people: persons, reference };
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

async function rebuildGameRows(ctx: PipelineContext): Promise<number> {
  const pks = await queryRows<{ gamePk: number }>(
    ctx.db,
    sql`select b.game_pk as "gamePk" from raw.boxscores b join raw.play_by_play p using (game_pk) order by 1`,
  );
  ctx.progress?.start(pks.length);
  let done = 0;
  for (let i = 0; i < pks.length && !ctx.signal.aborted; i += REBUILD_BATCH) {
    const batch = pks.slice(i, i + REBUILD_BATCH).map((r) => Number(r.gamePk));
    const bodies = await queryRows<{ gamePk: number; box: string; pbp: string }>(
      ctx.db,
      sql`select b.game_pk as "gamePk", b.body::text as box, p.body::text as pbp
          from raw.boxscores b join raw.play_by_play p using (game_pk)
          where b.game_pk = any(string_to_array(${batch.join(',')}, ',')::int[])`,
    );
    await ctx.db.transaction(async (tx) => {
      for (const b of bodies) {
        const rows = extractGameRows(Number(b.gamePk), JSON.parse(b.box), JSON.parse(b.pbp));
        await replaceGameRows(tx, Number(b.gamePk), rows, ctx.runId);
        ctx.counts.rejected += rows.rejects.length;
        ctx.counts.loaded++;
      }
    });
    done += batch.length;
    ctx.progress?.update(done, pks.length);
  }
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

async function rebuildReference(ctx: PipelineContext): Promise<number> {
  const rows = await queryRows<{ operation: string; body: string }>(
    ctx.db,
    sql`select operation, body::text as body from raw.responses
        where operation = 'teams' or operation = any(string_to_array(${REFERENCE_LISTS.join(',')}, ','))
        order by fetched_at`,
  );
  let n = 0;
  for (const r of rows) {
    const body = JSON.parse(r.body);
    n += await ctx.db.transaction((tx) =>
      r.operation === 'teams' ? applyTeamsBody(tx, body, ctx.runId) : applyReferenceList(tx, r.operation, body, ctx.runId),
    );
  }
  return n;
}
