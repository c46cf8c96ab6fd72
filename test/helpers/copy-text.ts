import { decodeText } from '../../src/api/http.js';
import type { PackedGameRows, PackedList } from '../../src/db/packed-game-rows.js';

/**
 * Packed rows with their COPY text as strings (it travels as UTF-8 bytes), to compare: comparing
 * the strings is quick where comparing the bytes one by one is not.
 */
export function copyTextDecoded(rows: PackedGameRows) {
  const copyText = Object.fromEntries(
    Object.entries(rows.copyText).map(([k, e]) => [k, { ...e, text: decodeText(e.text) }]),
  );
  return { ...rows, copyText };
}

/** How many rows of a list packed rows hold: those left as objects and those written as COPY text. */
export function packedCount(rows: PackedGameRows, key: PackedList): number {
  return (rows.objects[key]?.length ?? 0) + (rows.copyText[key]?.count ?? 0);
}
