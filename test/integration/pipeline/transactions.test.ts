import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { drainWorklist } from '../../../src/pipeline/load/drain.js';
import { applyTransactionsBody, pollTransactions } from '../../../src/pipeline/poll/transactions.js';
import { withRun } from '../../../src/pipeline/run.js';
import { describeRecorded, fixtureBodies } from '../../fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { addDays, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const HOUR = 3_600_000;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('transactions and the injured list from the simulator', () => {
  let t: TestDatabase;
  let h: SimHarness;
  // 2025-04-01 is the README's date; the clock starts the morning after, before the day's moves.
  const start = Date.parse('2025-04-02T12:00:00Z');

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 5, season: 2025, now: new Date(start) });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  const deps = () => runDeps(t.database, h);

  it('loads every transaction listed so far, derives the stints the simulator made, and fetches the people named', {
    timeout: 120_000,
  }, async () => {
    const run = await withRun(deps(), 'test', {}, async (ctx) => {
      const r = await pollTransactions(ctx, { startDate: '2025-01-01', endDate: isoDay(start) });
      await drainWorklist(ctx);
      return r;
    });
    expect(run.status, String(run.error)).toBe('succeeded');
    const db = t.database.db;
    const listed = h.sim.transactions.transactions.filter((x) => x.atMs <= start);
    expect(listed.length).toBeGreaterThan(60);
    const stored = await queryRows<{ id: number; first: Date }>(
      db,
      sql`select transaction_id as id, first_seen_at as first from mlb.transactions order by 1`,
    );
    expect(stored.map((r) => Number(r.id))).toEqual(listed.map((x) => x.id).sort((a, b) => a - b));

    const stints = await queryRows<{ p: number; team: number; days: number; s: string; e: string | null }>(
      db,
      sql`select person_id as p, team_id as team, il_days as days, start_date::text as s, end_date::text as e
          from mlb.injured_list_stints order by person_id, start_date`,
    );
    const want = h.sim.transactions.stints
      .filter((s) => Date.parse(`${s.start}T14:00:00Z`) <= start)
      .map((s) => ({
        p: s.personId,
        team: s.teamId,
        days: s.days,
        s: s.start,
        e: s.end && Date.parse(`${s.end}T14:00:00Z`) <= start ? s.end : null,
      }))
      .sort((a, b) => a.p - b.p);
    expect(stints.map((r) => ({ ...r, p: Number(r.p), team: Number(r.team), days: Number(r.days) }))).toEqual(want);

    // Every person a transaction names was queued and fetched.
    const missing = await queryRows(
      db,
      sql`select t.person_id from mlb.transactions t where not exists (select 1 from mlb.people p where p.person_id = t.person_id)`,
    );
    expect(missing).toEqual([]);

    // The README's example: who was on each club's injured list on 2025-04-01.
    const example = readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).find((q) =>
      q.sql.includes('analytics.injured_list'),
    );
    expect(example).toBeDefined();
    const rows = await queryRows<{ full_name: string; start_date: string }>(db, sql.raw(example!.sql));
    const day = '2025-04-01';
    const on = h.sim.transactions.stints.filter((s) => s.start <= day && (!s.end || s.end > day));
    expect(rows.length).toBe(on.length);
    expect(rows.length).toBeGreaterThan(0);

    // `dugout rebuild` re-derives the rows from the stored bodies, without a request.
    const { rebuildJob } = await import('../../../jobs/rebuild.js');
    await db.execute(sql`delete from mlb.transactions`);
    const rebuilt = await rebuildJob.run(deps(), rebuildJob.args.parse({}));
    expect(rebuilt.status, String(rebuilt.error)).toBe('succeeded');
    expect(rebuilt.counts.requests).toBe(0);
    const again = await queryRows<{ id: number }>(
      db,
      sql`select transaction_id as id from mlb.transactions order by 1`,
    );
    expect(again.map((r) => Number(r.id))).toEqual(stored.map((r) => Number(r.id)));
  });

  it('agrees with the roster snapshots of a day the transactions cover (dugout check notes a disagreement)', {
    timeout: 120_000,
  }, async () => {
    const { snapshotJob } = await import('../../../jobs/snapshot.js');
    const { runChecks } = await import('../../../src/db/queries/checks.js');
    // The transactions so far (the first test loaded them too: the same rows again).
    await withRun(deps(), 'test', {}, (ctx) =>
      pollTransactions(ctx, { startDate: '2025-01-01', endDate: isoDay(start) }),
    );
    const snap = await snapshotJob.run(deps(), snapshotJob.args.parse({ name: 'roster', date: '2025-04-01' }));
    expect(snap.status, String(snap.error)).toBe('succeeded');
    const db = t.database.db;
    const notices = async () => (await runChecks(db)).find((c) => c.name === 'injured_list_vs_rosters')!;
    const agreed = await notices();
    expect(agreed.passed).toBe(true);
    expect(agreed.notices).toEqual([]);
    // Without a placement the warehouse no longer knows a listed player is on the list: a notice, not a failure.
    const stint = h.sim.transactions.stints.find((x) => x.start <= '2025-04-01' && (!x.end || x.end > '2025-04-01'))!;
    await db.execute(sql`delete from mlb.transactions where person_id = ${stint.personId} and il_action = 'placed'`);
    const disagreed = await notices();
    expect(disagreed.passed).toBe(true);
    expect(disagreed.notices).toHaveLength(1);
    expect(disagreed.notices[0]).toContain(
      `person ${stint.personId} on club ${stint.teamId}'s roster of 2025-04-01 as D${stint.days}`,
    );
    // Put it back as the next poll would (the simulator still lists it).
    await withRun(deps(), 'test', {}, (ctx) =>
      pollTransactions(ctx, { startDate: '2025-01-01', endDate: isoDay(start) }),
    );
    expect((await notices()).notices).toEqual([]);
  });

  it('records each new transaction within one poll of its listing over a week with the clock moving; a failed poll loses nothing', {
    timeout: 120_000,
  }, async () => {
    const pollEveryMs = 6 * HOUR;
    const polls: Array<{ at: number; ok: boolean }> = [];
    for (let at = start + pollEveryMs; at <= start + 7 * 24 * HOUR; at += pollEveryMs) {
      h.sim.setNow(new Date(at));
      // The seventh poll answers 500 to every try, the eleventh 429: each fails, the next records what it missed.
      const i = polls.length;
      h.sim.setFaults(
        i === 6
          ? { scripted: [{ pathIncludes: '/v1/transactions', fault: '500' }] }
          : i === 10
            ? { scripted: [{ pathIncludes: '/v1/transactions', fault: '429' }], retryAfterSeconds: 0 }
            : {},
      );
      const run = await withRun(deps(), 'test', {}, (ctx) =>
        pollTransactions(ctx, { startDate: addDays(isoDay(at), -1), endDate: isoDay(at) }),
      );
      polls.push({ at, ok: (run.result?.failed ?? 1) === 0 });
    }
    h.sim.setFaults({});
    expect(polls.filter((p) => !p.ok)).toHaveLength(2);
    const end = polls.at(-1)!.at;
    const listed = h.sim.transactions.transactions.filter((x) => x.atMs > start && x.atMs <= end);
    expect(listed.length).toBeGreaterThan(0);
    const stored = new Map(
      (
        await queryRows<{ id: number; first: Date | string }>(
          t.database.db,
          sql`select transaction_id as id, first_seen_at as first from mlb.transactions`,
        )
      ).map((r) => [Number(r.id), new Date(r.first).getTime()]),
    );
    for (const x of listed) {
      const firstPoll = polls.find((p) => p.ok && p.at >= x.atMs)!;
      expect(stored.get(x.id), `transaction ${x.id}`).toBe(firstPoll.at);
    }
  });
});

describeRecorded('recorded transaction bodies', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  it('load without a reject and queue the people they name', async () => {
    let total = 0;
    for (const { body } of fixtureBodies('transactions')) {
      const done = await t.database.db.transaction((tx) =>
        applyTransactionsBody(tx, body, new Date('2026-01-01T00:00:00Z'), 0),
      );
      expect(done.rejects).toEqual([]);
      total += (body as { transactions: unknown[] }).transactions.length;
    }
    const [row] = await queryRows<{ n: number; q: number }>(
      t.database.db,
      sql`select (select count(*) from mlb.transactions)::int as n,
                 (select count(*) from ingest.work_items where reason = 'transaction_person')::int as q`,
    );
    const ids = new Set(
      fixtureBodies('transactions').flatMap((f) =>
        (f.body as { transactions: Array<{ id: number; person: { id: number } }> }).transactions.map((x) => x.id),
      ),
    );
    const people = new Set(
      fixtureBodies('transactions').flatMap((f) =>
        (f.body as { transactions: Array<{ person: { id: number } }> }).transactions.map((x) => x.person.id),
      ),
    );
    expect(total).toBeGreaterThanOrEqual(ids.size);
    expect(Number(row!.n)).toBe(ids.size);
    expect(Number(row!.q)).toBe(people.size);
  });
});
