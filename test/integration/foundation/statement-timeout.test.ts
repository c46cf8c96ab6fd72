import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, queryRows, sql } from '../../../src/db/client.js';
import { describeError } from '../../../src/errors.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** Issue 36 §3: the pipeline's own statements ran with no statement_timeout at all. */
describeNeeds('PostgreSQL', testBackend() === 'postgres')("dugout's own database sessions", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  const settings = async (url: string) => {
    const database = await createDatabase({ databaseUrl: url, pgliteDir: '' });
    try {
      return (
        await queryRows<{ statement: string; idle: string }>(
          database.db,
          sql`select current_setting('statement_timeout') as statement,
                     current_setting('idle_in_transaction_session_timeout') as idle`,
        )
      )[0];
    } finally {
      await database.close();
    }
  };

  it('run under a statement timeout and end when left idle inside a transaction', async () => {
    expect(await settings(t.url!)).toEqual({ statement: '10min', idle: '5min' });
  });

  it("take the URL's statement_timeout instead, and the server cancels a statement past it", async () => {
    const url = new URL(t.url!);
    url.searchParams.set('statement_timeout', '200');
    expect(await settings(url.toString())).toEqual({ statement: '200ms', idle: '5min' });
    const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
    try {
      const err = await queryRows(database.db, sql`select pg_sleep(2)`).catch((e: unknown) => e);
      expect(describeError(err)).toBe('database error 57014: canceling statement due to statement timeout');
    } finally {
      await database.close();
    }
  });
});
