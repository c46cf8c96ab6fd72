import { sql } from 'drizzle-orm';
import { bigint } from 'drizzle-orm/pg-core';

/**
 * The transaction setting that names the run writing a game's rows: set once per transaction by
 * `setGameRowsRun` (db/queries/game-rows.ts), read by the `run_id` default of
 * {@link gameRowRunId}. Local to the transaction, so it never outlives the writes it is for.
 */
export const GAME_ROWS_RUN_SETTING = 'dugout.run_id';

/**
 * `run_id` of a table holding a game's derived rows: its default is the run the writing transaction
 * named ({@link GAME_ROWS_RUN_SETTING}), so the rows themselves never carry it and a game's rows
 * packed as COPY text on a worker thread (db/packed-game-rows.ts) are the same for whichever run stores
 * them. Null where no run was named (a setting never set is null; one set in an earlier
 * transaction of the session reads as the empty string).
 */
export const gameRowRunId = () =>
  bigint('run_id', { mode: 'number' }).default(
    sql`nullif(current_setting(${sql.raw(`'${GAME_ROWS_RUN_SETTING}'`)}, true), '')::bigint`,
  );
