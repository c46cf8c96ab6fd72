import { sleep } from '../sleep.js';
import type { Logger } from 'pino';
import { databaseCause } from '../errors.js';
import type { Db } from './client.js';

/** SQLSTATEs that abort a transaction only because another one got in its way: running it again is the remedy. */
const CONFLICTS = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** The SQLSTATE of a transaction conflict, in the error or the driver error it wraps; else undefined. */
export function conflictCode(err: unknown): string | undefined {
  const code = databaseCause(err)?.code;
  return code !== undefined && CONFLICTS.has(code) ? code : undefined;
}

export interface RetryTransactionOptions {
  /** Attempts in all (default 5). */
  attempts?: number;
  /** The first wait, doubled each time and jittered (default 50 ms). */
  baseDelayMs?: number;
  log?: Logger;
  /** What the transaction does, for the log line of a retry. */
  label?: string;
}

/**
 * `db.transaction(fn)`, run again when the server aborted it for a deadlock or a serialization
 * failure (with several workers on one database, a poll and another process's load can take the
 * same rows in different orders). The whole transaction is rolled back before each retry, so `fn`
 * must keep its effects outside the database until it has returned. Other errors, and a conflict
 * on the last attempt, are thrown as they came.
 */
export async function transactionWithRetry<T>(
  db: Db,
  fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
  opts: RetryTransactionOptions = {},
): Promise<T> {
  const attempts = opts.attempts ?? 5;
  const base = opts.baseDelayMs ?? 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const code = conflictCode(err);
      if (code === undefined || attempt >= attempts) throw err;
      const delayMs = Math.round(base * 2 ** (attempt - 1) * (0.5 + Math.random()));
      opts.log?.warn({ code, attempt, delayMs, transaction: opts.label }, 'transaction conflict: running it again');
      await sleep(delayMs);
    }
  }
}
