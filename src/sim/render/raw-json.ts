/**
 * Pre-serialized JSON fragments inside rendered bodies. Pitch events are written straight to JSON
 * text (the hot path of play-by-play bodies); `stringifyBody` splices such fragments into the
 * surrounding JSON produced by JSON.stringify.
 */

import { present } from '../checked.js';

const OPEN = '\u0000R';
const CLOSE = '\u0000';
let registry: string[] | undefined;

/** A JSON fragment to be emitted verbatim. */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): string {
    if (!registry) throw new Error('RawJson serialized outside stringifyBody');
    registry.push(this.text);
    return `${OPEN}${registry.length - 1}${CLOSE}`;
  }
}

// How a placeholder looks once JSON.stringify has escaped it: "\u0000R12\u0000".
const ESCAPED_OPEN = '"\\u0000R';
const ESCAPED_CLOSE = '\\u0000"';

/** JSON.stringify that understands RawJson fragments (compact output). */
export function stringifyBody(value: unknown): string {
  const texts: string[] = [];
  registry = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    registry = undefined;
  }
  if (texts.length === 0) return json;
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = json.indexOf(ESCAPED_OPEN, from);
    if (at < 0) break;
    const end = json.indexOf(ESCAPED_CLOSE, at + ESCAPED_OPEN.length);
    const index = Number(json.slice(at + ESCAPED_OPEN.length, end));
    parts.push(json.slice(from, at), present(texts[index], 'the raw text of a placeholder'));
    from = end + ESCAPED_CLOSE.length;
  }
  parts.push(json.slice(from));
  return parts.join('');
}

const SCALES = [1, 10, 100, 1000, 10_000];
const FRACTIONS: string[][] = [];

/** ".5", ".05", ".125"… for every fraction of 10^decimals, without trailing zeros (built on first use). */
function fractions(decimals: number): string[] {
  let table = FRACTIONS[decimals];
  if (!table) {
    table = [''];
    const scale = present(SCALES[decimals], 'the scale of these decimals');
    for (let f = 1; f < scale; f++) table.push(`.${String(f).padStart(decimals, '0').replace(/0+$/, '')}`);
    FRACTIONS[decimals] = table;
  }
  return table;
}

/** Fast decimal formatting of a number rounded to `decimals` (1-4) places: no exponent, no trailing zeros. */
export function num(x: number, decimals: number): string {
  const scale = present(SCALES[decimals], 'the scale of these decimals');
  let n = Math.round(x * scale);
  if (n === 0) return '0';
  const neg = n < 0;
  if (neg) n = -n;
  const int = Math.floor(n / scale);
  const s = `${int}${fractions(decimals)[n - int * scale]}`;
  return neg ? `-${s}` : s;
}
