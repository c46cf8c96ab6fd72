import { type CopyIn, driverConnection, type Executor } from './adapter/index.js';

/**
 * Where COPY goes: the connection under a drizzle executor. Its `kind` says how the data travels:
 * postgres.js streams it to the server (`stream`); PGlite reads it whole from a Blob (`blob`).
 */
export type CopyTarget = CopyIn;

/**
 * The connection under a drizzle executor as a COPY target (a database or transaction the
 * adapter opened); undefined for anything else, whose rows then go by INSERT.
 */
export function copyTarget(tx: Executor): CopyTarget | undefined {
  return driverConnection(tx)?.copyIn;
}

/** How each column's values are written: JSON text for json/jsonb, a scalar's text otherwise. */
export type CopyColumnKind = 'json' | 'scalar';

/** Bytes of COPY text sent per CopyData message. */
const FLUSH_AT = 256 * 1024;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A string as a field of COPY's text format: backslash, tab, newline and return escaped. */
export function copyEscape(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPES, (c) => ESCAPED[c] ?? c) : s;
}

/**
 * One value as a field of COPY's text format, written as `json_populate_recordset` would read the
 * same value from the row's JSON: null, undefined and non-finite numbers (JSON has none) are NULL;
 * a json column gets the value's JSON text; an object in another column its JSON text.
 */
export function copyField(value: unknown, kind: CopyColumnKind): string {
  if (value === null || value === undefined) return '\\N';
  if (kind === 'json') {
    const json = JSON.stringify(value);
    return json === undefined ? '\\N' : copyEscape(json);
  }
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : '\\N';
    case 'string':
      return copyEscape(value);
    case 'boolean':
      // Boolean columns read these, and a text column gets what the JSON path gave it.
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    default: {
      // As the row's JSON carries it: a Date as its ISO text, an object or array as JSON.
      const json = JSON.stringify(value);
      if (json === undefined) return '\\N';
      const back: unknown = JSON.parse(json);
      return typeof back === 'object' && back !== null ? copyEscape(json) : copyField(back, kind);
    }
  }
}

/** A column written by COPY: its name (a row's key), its quoted name and how its values are written. */
export interface CopyColumn {
  name: string;
  quoted: string;
  kind: CopyColumnKind;
}

/** A scalar column's field ({@link copyField}), numbers and strings first: most fields are one of those. */
function scalarField(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (typeof value === 'string') return copyEscape(value);
  return copyField(value, 'scalar');
}

/**
 * A function writing one row as a line of COPY's text format (ending in a newline) for these
 * columns; `extra` values are the same for every row, written once here.
 */
export function copyLineEncoder(
  columns: readonly CopyColumn[],
  extra: Record<string, unknown>,
): (row: object) => string {
  // Each column is a fixed field (an extra value, already COPY text) or a column read from the row.
  const fixed: Array<string | undefined> = columns.map((c) =>
    Object.hasOwn(extra, c.name) ? copyField(extra[c.name], c.kind) : undefined,
  );
  const names = columns.map((c) => c.name);
  const json = columns.map((c) => c.kind === 'json');
  return (row: object): string => {
    const r = row as Record<string, unknown>;
    let line = '';
    for (let i = 0; i < names.length; i++) {
      if (i > 0) line += '\t';
      const f = fixed[i];
      if (f !== undefined) line += f;
      else if (json[i]) line += copyField(r[names[i] as string], 'json');
      else line += scalarField(r[names[i] as string]);
    }
    return `${line}\n`;
  };
}

/** Rows as COPY text, a line each ({@link copyLineEncoder}). */
export function copyText(
  columns: readonly CopyColumn[],
  extra: Record<string, unknown>,
  rows: readonly object[],
): string {
  const line = copyLineEncoder(columns, extra);
  let text = '';
  for (const row of rows) text += line(row);
  return text;
}

/**
 * Write rows into `table` with `COPY` (text format) on the transaction's connection: the server's
 * cheapest way in (no JSON to parse, no statement to plan). `columns` are the columns written, in
 * order, each with its kind; `extra` values are the same for every row. `encoded` is text already
 * in that format for the same columns (rows encoded on a worker thread, as a string or its UTF-8
 * bytes), sent first. On postgres.js the text is streamed (`FROM STDIN`), and nothing else may run
 * on the connection meanwhile (postgres.js refuses it), so call it with the connection otherwise
 * idle; PGlite reads it whole from a Blob. Resolves once the server has the rows; rejects with the
 * server's own error when it refuses them (the transaction is then aborted and must be rolled back,
 * as for any failed statement).
 */
export async function copyInto(
  target: CopyTarget,
  table: string,
  columns: readonly CopyColumn[],
  rows: readonly object[],
  extra: Record<string, unknown>,
  encoded: readonly (string | Uint8Array)[] = [],
): Promise<void> {
  const columnList = columns.map((c) => c.quoted).join(', ');
  await target.copyFrom(`copy ${table} (${columnList}) from`, '', async (write) => {
    for (const text of encoded) await write(text);
    const line = copyLineEncoder(columns, extra);
    let text = '';
    for (const row of rows) {
      text += line(row);
      if (text.length >= FLUSH_AT) {
        await write(text);
        text = '';
      }
    }
    await write(text);
  });
}
