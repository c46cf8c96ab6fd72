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

/**
 * Encoded rows with their COPY text as strings (it travels as UTF-8 bytes), to compare: comparing
 * the strings is quick where comparing the bytes one by one is not.
 */
export function copyTextDecoded(rows: StorableRows) {
  const encoded = encodedRows(rows);
  const copyText = Object.fromEntries(
    Object.entries(encoded.copyText).map(([k, e]) => [k, { ...e, text: decodeText(e.text) }]),
  );
  return { ...encoded, copyText };
}
