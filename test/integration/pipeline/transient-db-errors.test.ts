import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { type ClaimedItem, claimWork, enqueueWork, failWork } from '../../../src/db/queries/work-items.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';
import { firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

/**
 * A database that fails for a while (disk full, out of memory, a lost or restarting server) fails
 * a work item as a 5xx does: retried with backoff, a dead letter only once its attempts are spent.
 * The errors are raised by the server itself, through the statements a load sends.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await t?.drop();
});

/** A statement the server fails with `code`, run in a transaction as a load runs its statements. */
async function failingTransaction(code: string): Promise<unknown> {
  try {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`do $$ begin raise exception 'injected' using errcode = '${code}'; end $$`));
    });
  } catch (err) {
    return err;
  }
  throw new Error(`no error raised for ${code}`);
}

async function claimOne(key: string): Promise<ClaimedItem> {
  await enqueueWork(t.database.db, [{ kind: 'game', key, reason: 'backfill' }], null);
  await t.database.db.execute(sql`update ingest.work_items set next_attempt_at = now() where key = ${key}`);
  const [item] = await claimWork(t.database.db, 'game', 1, 'test-owner');
  if (item?.key !== key) throw new Error(`could not claim ${key}`);
  return item;
}

describe('a failed database statement fails its work item by what the SQLSTATE says', () => {
  it.each([
    ['53000', 'insufficient_resources'],
    ['53100', 'disk_full'],
    ['53200', 'out_of_memory'],
    ['53300', 'too_many_connections'],
    ['08000', 'connection_exception'],
    ['08003', 'connection_does_not_exist'],
    ['08006', 'connection_failure'],
    ['08007', 'transaction_resolution_unknown'],
    ['57P01', 'admin_shutdown'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['40001', 'serialization_failure'],
    ['40P01', 'deadlock_detected'],
  ])('%s (%s) leaves the item pending for a later attempt', async (code) => {
    const item = await claimOne(`9${code}`);
    expect(await failWork(t.database.db, item, await failingTransaction(code), 5, 1)).toBe('pending');
  });

  it.each([
    ['22P05', 'untranslatable_character'],
    ['22003', 'numeric_value_out_of_range'],
    ['23505', 'unique_violation'],
    ['53400', 'configuration_limit_exceeded'],
    ['57P04', 'database_dropped'],
  ])('%s (%s) is a dead letter at once: trying again cannot help', async (code) => {
    const item = await claimOne(`8${code}`);
    expect(await failWork(t.database.db, item, await failingTransaction(code), 5, 1)).toBe('dead');
  });
});

describe('a game whose load hits a full disk', () => {
  let h: SimHarness;
  let finals: number[];
  let once: number;
  let always: number;
  beforeAll(async () => {
    h = await startSim({ seed: 11 });
    const date = firstRegularDate(h.sim);
    finals = h.sim
      .listGames()
      .filter((g) => g.officialDate === date && g.codedGameState === 'F')
      .map((g) => g.gamePk);
    [once, always] = [finals[0]!, finals[1]!];
    // The first insert of `once`'s pitches fails, then never again (a sequence is not rolled back);
    // every insert of `always`'s does.
    // One statement per call: PGlite prepares what it is sent, and a prepared statement holds one.
    await t.database.db.execute(sql.raw('create sequence public.disk_full_once'));
    await t.database.db.execute(
      sql.raw(`create function public.disk_full() returns trigger language plpgsql as $$
      begin
        if new.game_pk = ${always} or (new.game_pk = ${once} and nextval('public.disk_full_once') = 1) then
          raise exception 'could not extend file: No space left on device' using errcode = '53100';
        end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger disk_full before insert on mlb.pitches for each row execute function public.disk_full()'),
    );
    await t.database.db.execute(sql`delete from ingest.work_items`);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const items = () =>
    queryRows<{ key: string; status: string; attempts: number; last_error: string | null }>(
      t.database.db,
      sql`select key, status, attempts, last_error from ingest.work_items where kind = 'game'
          and key in (${String(once)}, ${String(always)}) order by key`,
    );

  it('is retried with backoff, loads on a later attempt, and is a dead letter only after DUGOUT_WORK_MAX_ATTEMPTS', {
    timeout: 240_000,
  }, async () => {
    const deps = () => runDeps(t.database, h, { workMaxAttempts: 2 });
    const date = firstRegularDate(h.sim);
    const first = await backfillJob.run(deps(), { range: { startDate: date, endDate: date } });
    // Two items failed an attempt (the run says so), none for good.
    expect(first.error).toBeUndefined();
    expect(first.counts.failed).toBe(2);
    const afterFirst = await items();
    expect(afterFirst).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, last_error: expect.stringContaining('53100') }),
      expect.objectContaining({ status: 'pending', attempts: 1, last_error: expect.stringContaining('53100') }),
    ]);
    expect(
      await scalar(t.database.db, "select count(*) from ingest.work_items where kind = 'game' and status = 'dead'"),
    ).toBe(0);

    // The backoff has run out.
    await t.database.db.execute(sql`update ingest.work_items set next_attempt_at = now() where status = 'pending'`);
    const second = await backfillJob.run(deps(), { range: { startDate: date, endDate: date } });
    expect(second.error).toBeUndefined();
    expect(second.counts.failed).toBe(1);
    const byKey = new Map((await items()).map((i) => [Number(i.key), i]));
    expect(byKey.get(once)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(byKey.get(always)).toMatchObject({ status: 'dead', attempts: 2 });
    expect(byKey.get(always)?.last_error).toContain('53100');
    expect(await scalar(t.database.db, `select count(*) from mlb.pitches where game_pk = ${once}`)).toBeGreaterThan(
      100,
    );
    expect(await scalar(t.database.db, 'select count(*) from raw.boxscores')).toBe(finals.length - 1);
  });
});
