import { decodeText } from '../../src/api/http.js';
import type { GameRows } from '../../src/db/queries/game-rows.js';

/** Rows with their COPY text as strings: a worker thread sends it as UTF-8 bytes. */
export function copyTextDecoded(rows: GameRows): GameRows {
  const copyText = Object.fromEntries(
    Object.entries(rows.copyText ?? {}).map(([k, e]) => [
      k,
      { ...e, text: typeof e.text === 'string' ? e.text : decodeText(e.text) },
    ]),
  );
  return { ...rows, copyText };
}
