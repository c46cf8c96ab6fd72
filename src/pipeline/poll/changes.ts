import { advanceCursor, GAME_CHANGES_CURSOR, PEOPLE_CHANGES_CURSOR, readCursor } from '../../db/queries/cursors.js';
import { recordNewPaths, requestKey } from '../new-fields.js';
import { newFieldRows } from '../../extract/new-paths.js';
import type { NewFieldRow } from '../../db/schema/rows.js';
import { storeResponse } from '../../db/queries/raw-bodies.js';
import { enqueueWork } from '../../db/queries/work-items.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import { DugoutError } from '../../errors.js';
import { bodySha256 } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { applyScheduleBody } from './schedule.js';

/** Page size of the change logs. */
export const CHANGES_PAGE_SIZE = 500;
/** Without a cursor, the first poll looks back this far. */
export const FIRST_POLL_LOOKBACK_MS = 24 * 60 * 60_000;
const MAX_PAGES = 200;
const MAX_RESTARTS = 3;

/** `YYYY-MM-DDTHH:MM:SSZ`, the change logs' `updatedSince` format. */
export function formatUpdatedSince(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

async function sinceFor(ctx: PipelineContext, cursorName: string, t0: Date): Promise<Date> {
  const cursor = await readCursor(ctx.db, cursorName);
  const overlapMs = ctx.config.cursorOverlapMinutes * 60_000;
  return cursor ? new Date(cursor.getTime() - overlapMs) : new Date(t0.getTime() - FIRST_POLL_LOOKBACK_MS);
}

interface ScheduleShape {
  totalItems?: number;
  dates?: Array<{ date?: string; games?: Array<{ gamePk?: number }> }>;
}

/**
 * Poll `/v1/game/changes`: T0 captured before the first page, pages of `limit` until a short page,
 * the pass restarted when `totalItems` changes between pages, gamePks deduped; then, in ONE
 * transaction, upsert the listed games, queue new finals and corrections, and advance the cursor
 * to T0. The next poll starts at cursor − overlap.
 */
export async function pollGameChanges(
  ctx: PipelineContext,
  sportIds: number[],
): Promise<{ games: number; enqueued: number }> {
  const t0 = ctx.now();
  const since = await sinceFor(ctx, GAME_CHANGES_CURSOR, t0);
  const updatedSince = formatUpdatedSince(since);
  for (let restart = 0; restart <= MAX_RESTARTS; restart++) {
    const merged: ScheduleShape = { dates: [] };
    const newFields: NewFieldRow[] = [];
    const seen = new Set<number>();
    let total: number | undefined;
    let consistent = true;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = { updatedSince, sportIds, limit: CHANGES_PAGE_SIZE, offset: page * CHANGES_PAGE_SIZE };
      const res = await ctx.client.call('game.currentGameStats', params, { signal: ctx.signal });
      ctx.counts.requests++;
      const body = res.body as ScheduleShape;
      newFields.push(...newFieldRows('changes', body, requestKey('game.currentGameStats', params)));
      if (total !== undefined && body.totalItems !== undefined && body.totalItems !== total) {
        consistent = false;
        break;
      }
      total ??= body.totalItems;
      let count = 0;
      for (const d of body.dates ?? []) {
        const games = (d.games ?? []).filter((g) => {
          count++;
          if (typeof g.gamePk !== 'number' || seen.has(g.gamePk)) return false;
          seen.add(g.gamePk);
          return true;
        });
        if (games.length) merged.dates!.push({ ...d, games });
      }
      if (count < CHANGES_PAGE_SIZE) break;
    }
    if (!consistent) {
      ctx.log.info({ restart }, 'game change log moved while paging; restarting the pass');
      continue;
    }
    // The merged, deduped pages are stored so `dugout rebuild` can re-derive these game rows.
    const result = await applyScheduleBody(ctx, merged, JSON.stringify(merged), {
      operation: 'game.currentGameStats',
      params: { updatedSince, sportIds },
      newReason: 'new_final',
      fromChangeLog: true,
      pollStartedAt: t0,
      inTransaction: (tx) => advanceCursor(tx, GAME_CHANGES_CURSOR, t0, ctx.runId, { updatedSince, games: seen.size }),
    });
    await recordNewPaths(ctx, newFields);
    ctx.log.info({ updatedSince, games: seen.size, enqueued: result.enqueued }, 'game change log polled');
    return result;
  }
  throw new DugoutError('E_CHANGES_UNSTABLE', 'the game change log kept changing while paging', { retryable: true });
}

/**
 * Poll `/v1/people/changes` the same way and queue every listed person for a batched
 * `/v1/people?personIds=` fetch; the cursor moves to T0 in the transaction that queued them.
 */
export async function pollPeopleChanges(ctx: PipelineContext): Promise<{ people: number; enqueued: number }> {
  const t0 = ctx.now();
  const since = await sinceFor(ctx, PEOPLE_CHANGES_CURSOR, t0);
  const updatedSince = formatUpdatedSince(since);
  const ids = new Set<number>();
  const pages: Array<{ params: Record<string, unknown>; text: string; body: unknown }> = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = { updatedSince, limit: CHANGES_PAGE_SIZE, offset: page * CHANGES_PAGE_SIZE };
    const res = await ctx.client.call('person.currentGameStats', params, { signal: ctx.signal });
    ctx.counts.requests++;
    const people = ((res.body as { people?: Array<{ id?: number }> }).people ?? []).filter(
      (p) => typeof p?.id === 'number',
    );
    for (const p of people) ids.add(p.id!);
    pages.push({ params, text: res.text, body: res.body });
    if (people.length < CHANGES_PAGE_SIZE) break;
  }
  let enqueued = 0;
  await transactionWithRetry(
    ctx.db,
    async (tx) => {
      for (const p of pages)
        await storeResponse(tx, 'person.currentGameStats', p.params, p.text, bodySha256('other', p.body), ctx.runId);
      enqueued = await enqueueWork(
        tx,
        [...ids]
          .sort((a, b) => a - b)
          .map((id) => ({ kind: 'person' as const, key: String(id), reason: 'person_changed' as const })),
        ctx.runId,
      );
      await advanceCursor(tx, PEOPLE_CHANGES_CURSOR, t0, ctx.runId, { updatedSince, people: ids.size });
    },
    { log: ctx.log, label: 'people changes' },
  );
  ctx.log.info({ updatedSince, people: ids.size }, 'people change log polled');
  return { people: ids.size, enqueued };
}
