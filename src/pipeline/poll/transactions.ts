import { addDays, isoDay } from '../../dates.js';
import type { Executor } from '../../db/client.js';
import { storeResponse } from '../../db/queries/raw-bodies.js';
import { storeRejects } from '../../db/queries/rejects.js';
import { peopleNotKnown, upsertTransactions } from '../../db/queries/transactions.js';
import { enqueueWork } from '../../db/queries/work-items.js';
import { transactionWithRetry } from '../../db/retry-transaction.js';
import { transactions } from '../../db/schema/index.js';
import { ApiUnreachableError, describeError } from '../../errors.js';
import { bodySha256 } from '../../extract/hash.js';
import { extractTransactions } from '../../extract/transactions.js';
import type { PipelineContext } from '../context.js';
import { checkRows } from '../load/checked-rows.js';
import { TRANSACTION_WINDOW_DAYS } from '../plan/backfill-estimate.js';
import type { Applied } from '../load/reference.js';

export { TRANSACTION_WINDOW_DAYS };

/** The windows of at most {@link TRANSACTION_WINDOW_DAYS} days covering start … end (both included). Pure. */
export function transactionWindows(startDate: string, endDate: string): Array<{ startDate: string; endDate: string }> {
  const out: Array<{ startDate: string; endDate: string }> = [];
  for (let s = startDate; s <= endDate; s = addDays(s, TRANSACTION_WINDOW_DAYS)) {
    const e = addDays(s, TRANSACTION_WINDOW_DAYS - 1);
    out.push({ startDate: s, endDate: e < endDate ? e : endDate });
  }
  return out;
}

/**
 * Upsert the transactions of one `/v1/transactions` body (checked against the table), first seen
 * at `seenAt`, and queue for a `/v1/people` fetch every person they name whom the warehouse does
 * not hold yet. Returns the rows and the rejects (stored by the caller).
 */
export async function applyTransactionsBody(
  tx: Executor,
  body: unknown,
  seenAt: Date,
  runId: number,
): Promise<Applied & { queued: number }> {
  const extracted = extractTransactions(body);
  const checked = checkRows(transactions, extracted.rows);
  await upsertTransactions(tx, checked.rows, seenAt, runId);
  const named = [...new Set(checked.rows.map((r) => r.person_id).filter((id): id is number => id !== null && id > 0))];
  const unknown = await peopleNotKnown(tx, named);
  await enqueueWork(
    tx,
    unknown.map((id) => ({ kind: 'person' as const, key: String(id), reason: 'transaction_person' as const })),
    runId,
  );
  return { rows: checked.rows.length, rejects: [...extracted.rejects, ...checked.rejects], queued: unknown.length };
}

/**
 * Fetch `/v1/transactions` for start … end in windows of a month, each body stored in
 * raw.responses and applied in its own transaction. A window that fails is logged and counted and
 * the others still load; the next poll over the same days records what it sees then (a row's
 * `first_seen_at` says when dugout first saw it).
 */
export async function pollTransactions(
  ctx: PipelineContext,
  range: { startDate: string; endDate: string },
): Promise<{ windows: number; transactions: number; queued: number; failed: number }> {
  const out = { windows: 0, transactions: 0, queued: 0, failed: 0 };
  for (const w of transactionWindows(range.startDate, range.endDate)) {
    if (ctx.signal.aborted) break;
    const seenAt = ctx.now();
    try {
      const res = await ctx.client.call('transactions', w, { signal: ctx.signal });
      ctx.counts.requests++;
      const applied = await transactionWithRetry(
        ctx.db,
        async (tx) => {
          await storeResponse(tx, 'transactions', w, res.text, bodySha256('other', res.body), ctx.runId);
          const done = await applyTransactionsBody(tx, res.body, seenAt, ctx.runId);
          await storeRejects(tx, done.rejects, ctx.runId);
          return done;
        },
        { log: ctx.log, label: 'transactions' },
      );
      ctx.counts.rejected += applied.rejects.length;
      out.windows++;
      out.transactions += applied.rows;
      out.queued += applied.queued;
    } catch (err) {
      if (err instanceof ApiUnreachableError) throw err;
      ctx.counts.failed++;
      out.failed++;
      ctx.log.warn({ ...w, err: describeError(err) }, 'transactions poll failed');
    }
  }
  ctx.log.info({ ...range, ...out }, 'transactions polled');
  return out;
}

/** The days a sync polls transactions for: the last `daysBack` days through today (dugout's clock). */
export function recentTransactionRange(now: Date, daysBack: number): { startDate: string; endDate: string } {
  const today = isoDay(now);
  return { startDate: addDays(today, -Math.max(0, daysBack)), endDate: today };
}
