import { sql } from 'drizzle-orm';
import type { Executor } from './adapter/index.js';

/*
 * The database as the rest of dugout sees it: the adapter's interface (db/adapter/), drizzle's `sql`,
 * and the few session settings dugout's writers use.
 */

export {
  createDatabase,
  executePrepared,
  queryRows,
  type Database,
  type Db,
  type Executor,
} from './adapter/index.js';

/**
 * `synchronous_commit = off` for the rest of a transaction: its commit returns before the WAL is on
 * disk. Only for work whose loss in a crash means it is simply done again (a game's load: its work
 * item is not done either).
 */
export async function relaxCommitDurability(tx: Executor): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

export { sql };
