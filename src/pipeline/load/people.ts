import { people } from '../../db/schema/index.js';
import { noticeBody } from '../new-fields.js';
import { DugoutError } from '../../errors.js';
import { bodySha256, type Extracted, extractPerson } from '../../extract/index.js';
import type { PipelineContext } from '../context.js';
import { upsertPeople } from '../../db/queries/people.js';
import { upsertPeopleBodies } from '../../db/queries/raw-bodies.js';
import { storeRejects } from '../../db/queries/rejects.js';
import { type ClaimedItem, completeWork, failWork } from '../../db/queries/work-items.js';
import { checkRows } from './checked-rows.js';
import type { PersonRow, RejectRow } from '../../db/schema/rows.js';

/** Ids per `/v1/people?personIds=` request (keeps the URL short). */
export const PEOPLE_BATCH = 100;

/**
 * The mlb.people rows of person objects (pure), checked against the table's columns: a bad value
 * of one person (a NUL in a name, a weight no integer column holds) is cleaned or nulled with a
 * reject, and the other people of the batch are not touched by it.
 */
export function personRows(persons: readonly unknown[]): Extracted<PersonRow[]> {
  const rows: PersonRow[] = [];
  const rejects: RejectRow[] = [];
  for (const person of persons) {
    const extracted = extractPerson(person);
    rejects.push(...extracted.rejects);
    if (extracted.rows) rows.push(extracted.rows);
  }
  const checked = checkRows(people, rows);
  return { rows: checked.rows, rejects: [...rejects, ...checked.rejects] };
}

/**
 * Load a batch of people with one `/v1/people?personIds=` request and, in one transaction, upsert
 * raw.people and mlb.people, store the rejects and mark the items done. An id the API does not
 * return is a failure of that item only; a bad value in one person is a reject of that person only.
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
  const extracted = personRows(found.map((i) => byId.get(Number(i.key))));
  await ctx.db.transaction(async (tx) => {
    const bodies = found.map((i) => {
      const body = byId.get(Number(i.key))!;
      return { id: Number(i.key), text: JSON.stringify(body), sha: bodySha256('person', body) };
    });
    await upsertPeopleBodies(tx, bodies, ctx.runId);
    await upsertPeople(tx, extracted.rows, ctx.runId);
    await storeRejects(tx, extracted.rejects, ctx.runId);
    for (const i of found) await completeWork(tx, i, ctx.runId, ctx.now());
  });
  await noticeBody(ctx, 'person', res.body, 'person', { personIds: ids });
  ctx.counts.fetched += found.length;
  ctx.counts.loaded += found.length;
  ctx.counts.peopleLoaded += found.length;
  ctx.counts.rejected += extracted.rejects.length;
  for (const i of missing) {
    const err = new DugoutError('E_PERSON_MISSING', `person ${i.key} not returned by /v1/people`, { retryable: true });
    await failWork(ctx.db, i, err, ctx.config.workMaxAttempts, ctx.runId);
    ctx.counts.failed++;
  }
  ctx.log.debug({ people: found.length, missing: missing.length }, 'people batch done');
}
