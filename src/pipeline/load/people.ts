import { upsertRows } from '../../db/rows.js';
import { people } from '../../db/schema/index.js';
import { DugoutError } from '../../errors.js';
import { bodySha256, extractPerson, type PersonRow } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { upsertPeopleBodies } from '../../db/queries/raw-bodies.js';
import { type ClaimedItem, completeWork, failWork } from '../../db/queries/work-items.js';

/** Ids per `/v1/people?personIds=` request (keeps the URL short). */
export const PEOPLE_BATCH = 100;

/**
 * Load a batch of people with one `/v1/people?personIds=` request and, in one transaction, upsert
 * raw.people and mlb.people and mark the items done. An id the API does not return is a failure
 * of that item only.
 */
export async function loadPeopleBatch(ctx: PipelineContext, items: ClaimedItem[]): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((i) => Number(i.key));
  const res = await ctx.client.call('person', { personIds: ids }, { signal: ctx.signal });
  ctx.counts.requests++;
  const list = ((res.body as { people?: unknown[] }).people ?? []) as Array<Record<string, unknown>>;
  const byId = new Map<number, Record<string, unknown>>();
  for (const p of list) if (typeof p?.id === 'number') byId.set(p.id, p);
  const found = items.filter((i) => byId.has(Number(i.key)));
  const missing = items.filter((i) => !byId.has(Number(i.key)));
  let rejects = 0;
  await ctx.db.transaction(async (tx) => {
    const bodies = found.map((i) => {
      const body = byId.get(Number(i.key))!;
      return { id: Number(i.key), text: JSON.stringify(body), sha: bodySha256('person', body) };
    });
    await upsertPeopleBodies(tx, bodies, ctx.runId);
    const rows: PersonRow[] = [];
    for (const i of found) {
      const extracted = extractPerson(byId.get(Number(i.key)));
      rejects += extracted.rejects.length;
      if (extracted.rows) rows.push(extracted.rows);
    }
    await upsertRows(tx, people, rows, { extra: { run_id: ctx.runId }, touch: 'updated_at' });
    for (const i of found) await completeWork(tx, i, ctx.runId, ctx.now());
  });
  ctx.counts.fetched += found.length;
  ctx.counts.loaded += found.length;
  ctx.counts.peopleLoaded += found.length;
  ctx.counts.rejected += rejects;
  for (const i of missing) {
    const err = new DugoutError('E_PERSON_MISSING', `person ${i.key} not returned by /v1/people`, { retryable: true });
    await failWork(ctx.db, i, err, ctx.config.workMaxAttempts, ctx.runId);
    ctx.counts.failed++;
  }
  ctx.log.debug({ people: found.length, missing: missing.length }, 'people batch done');
}
