import type { PgTable } from 'drizzle-orm/pg-core';
import { GAME_ROW_TABLES, type GameRows } from './queries/game-rows.js';
import { type EncodedRows, encodedAsBytes, encodeRows } from './rows.js';
import { playWinProbability } from './schema/index.js';
import type { RejectRow } from './schema/rows.js';

/** The row lists of a game that may be packed as COPY text: every list of {@link GameRows} and win probability. */
export type PackedList = keyof typeof GAME_ROW_TABLES | 'winProbability';

/** Every list of a game's rows with its table, in insert order: win probability last (when fetched). */
export const ROW_LISTS = [...Object.entries(GAME_ROW_TABLES), ['winProbability', playWinProbability]] as Array<
  [PackedList, PgTable]
>;

/**
 * A game's (or a batch's) list of at least this many rows is copied in where the driver allows:
 * COPY costs the server less per row than the JSON insert, but round trips of its own that are not
 * pipelined with the other statements, so short lists go with those.
 */
export const COPY_MIN_ROWS = 50;

/**
 * A game's rows as extraction hands them to the store, in one shape whatever the database and the
 * run ({@link packGameRows}): opaque outside `db/`, passed as it is from the thread that made it to
 * `storeGame`, `storeLiveGame` or `replaceGamesRows` (db/store-game.ts), which choose how each part
 * is written. No part names a run: the writing transaction gives the rows their `run_id`.
 */
export interface PackedGameRows {
  /** The lists left as objects (a packed list is empty here) and the game context. */
  readonly objects: Omit<GameRows, 'rejects'>;
  /** The long lists as COPY text in UTF-8 bytes, each with the columns it writes and its row count. */
  readonly copyText: Partial<Record<PackedList, EncodedRows & { text: Uint8Array }>>;
  /** The records extraction or validation rejected. */
  readonly rejects: readonly RejectRow[];
}

/**
 * A game's rows packed for storing: each list of at least {@link COPY_MIN_ROWS} rows becomes COPY
 * text in bytes of its own (what a worker thread transfers instead of cloning hundreds of objects,
 * and what COPY sends as it is); the rest stay rows. Pure: the same rows give the same package.
 */
export function packGameRows(rows: GameRows): PackedGameRows {
  const { rejects, ...objects } = rows;
  const copyText: PackedGameRows['copyText'] = {};
  for (const [key, table] of ROW_LISTS) {
    const list = rows[key] ?? [];
    const encoded = list.length >= COPY_MIN_ROWS ? encodeRows(table, list) : undefined;
    if (!encoded) continue;
    copyText[key] = encodedAsBytes(encoded);
    objects[key] = [];
  }
  return { objects, copyText, rejects };
}

/** The byte buffers packed rows hold: what a thread may transfer instead of copy. */
export function packedBuffers(rows: PackedGameRows | undefined): Uint8Array[] {
  return rows ? Object.values(rows.copyText).map((e) => e.text) : [];
}
