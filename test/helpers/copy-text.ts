import { decodeText } from '../../src/api/http.js';
import type { GameRows } from '../../src/db/queries/game-rows.js';
import type { EncodedGameRows, StorableRows } from '../../src/db/store-game.js';

/** Rows as extracted: fails the test when they came back encoded. */
export function plainRows(rows: StorableRows): GameRows {
  if ('encodedFor' in rows) throw new Error('expected rows as extracted, got encoded rows');
  return rows;
}

/** Rows encoded for storing: fails the test when they came back as extracted. */
export function encodedRows(rows: StorableRows): EncodedGameRows {
  if (!('encodedFor' in rows)) throw new Error('expected encoded rows, got rows as extracted');
  return rows;
}

/** Encoded rows' COPY text as strings: a worker thread sends it as UTF-8 bytes. */
export function copyTextDecoded(rows: StorableRows): Record<string, { count: number; text: string }> {
  return Object.fromEntries(
    Object.entries(encodedRows(rows).copyText).map(([k, e]) => [k, { count: e.count, text: decodeText(e.text) }]),
  );
}
