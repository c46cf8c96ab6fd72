import type { ResultColumn, Row } from '../db/adapter/index.js';
import { formatCell, formatTable } from './table.js';

/** Type OIDs whose values `dugout sql` rewrites: date, timestamp, timestamp with time zone. */
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** The server's ISO text of a timestamp: date, time, and for timestamptz the zone as ±hh[:mm[:ss]]. */
const SERVER_TIMESTAMP = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}(?::\d{2}){0,2})?$/;

/**
 * A value as `dugout sql` prints it: a date as YYYY-MM-DD, a timestamp as ISO 8601
 * (`2025-03-27T18:05:00`), a timestamptz as ISO 8601 with its zone (`Z` for UTC, else `+05:30`),
 * each from the server's text so nothing is lost (microseconds, the zone). Text the pattern does
 * not cover (`infinity`, BC dates) prints as the server wrote it. Other values are unchanged.
 */
export function printableValue(value: unknown, typeOid: number): unknown {
  if (value instanceof Date) {
    return typeOid === DATE ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  if (typeof value !== 'string' || (typeOid !== TIMESTAMP && typeOid !== TIMESTAMPTZ)) return value;
  const m = SERVER_TIMESTAMP.exec(value);
  if (!m) return value;
  const [, day, time, zone] = m;
  if (typeOid === TIMESTAMP || zone === undefined) return `${day}T${time}`;
  if (/^[+-]00(:00){0,2}$/.test(zone)) return `${day}T${time}Z`;
  return `${day}T${time}${zone.length === 3 ? `${zone}:00` : zone}`;
}

/** Where output goes: resolves when the text may be followed by more (stdout's buffer drained). */
export type Write = (text: string) => Promise<void>;

/** Whoever read stdout closed it (`dugout sql … | head`): nothing more is wanted. */
export class StdoutClosedError extends Error {}

/**
 * Writes to `stream`, waiting for its buffer to drain when it is full, so a result larger than
 * memory flows at the pace of its reader. Rejects with {@link StdoutClosedError} once the reader is
 * gone (EPIPE), with the stream's error for any other failure.
 */
export function stdoutWrite(stream: NodeJS.WritableStream): Write {
  let failure: NodeJS.ErrnoException | undefined;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    failure ??= err;
  });
  const check = () => {
    if (failure) throw failure.code === 'EPIPE' ? new StdoutClosedError('stdout was closed') : failure;
  };
  return async (text) => {
    check();
    if (!stream.write(text)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('error', done);
      });
    }
    check();
  };
}

/** Receives a result's rows batch by batch; `rows` answers 'stop' when no more are wanted. */
export interface ResultWriter {
  rows(rows: Row[], columns: ResultColumn[]): Promise<'stop' | undefined>;
  /** After the last batch (or a stop): the columns, known even when no row came. */
  end(columns: ResultColumn[]): Promise<void>;
}

export interface WriterOptions {
  write: Write;
  /** Stop after this many rows; undefined = all. */
  maxRows: number | undefined;
  /** Called once when rows were left unfetched because of maxRows. */
  onTruncated?: (shown: number) => void;
}

const printableRow = (row: Row, columns: ResultColumn[]): Row => {
  const out: Row = {};
  for (const c of columns) out[c.name] = printableValue(row[c.name], c.typeOid);
  return out;
};

/** Counts rows against maxRows: how many of this batch to keep, and whether to stop after them. */
function rowBudget(maxRows: number | undefined, onTruncated?: (shown: number) => void) {
  let seen = 0;
  return (batch: number): { keep: number; stop: boolean } => {
    if (maxRows === undefined) return { keep: batch, stop: false };
    const keep = Math.min(batch, maxRows - seen);
    seen += keep;
    // A row beyond the limit was fetched: there is more than maxRows.
    const stop = keep < batch;
    if (stop) onTruncated?.(seen);
    return { keep, stop };
  };
}

/** Longest cell of a table, in characters; CSV and JSON print whole values. */
const MAX_TABLE_CELL = 1000;

const tableCell = (value: unknown): string => {
  const s = formatCell(value);
  return s.length > MAX_TABLE_CELL ? `${s.slice(0, MAX_TABLE_CELL - 1)}…` : s;
};

/**
 * An aligned table. It holds the rows it prints (its widths need them all), so it stops at
 * maxRows and says so in its last line, and cuts cells longer than {@link MAX_TABLE_CELL}.
 */
export function tableWriter(opts: WriterOptions & { maxRows: number }): ResultWriter {
  const kept: Row[] = [];
  let truncated = false;
  const budget = rowBudget(opts.maxRows, (shown) => {
    truncated = true;
    opts.onTruncated?.(shown);
  });
  return {
    async rows(rows, columns) {
      const { keep, stop } = budget(rows.length);
      for (const row of rows.slice(0, keep)) {
        const cells: Row = {};
        for (const c of columns) cells[c.name] = tableCell(printableValue(row[c.name], c.typeOid));
        kept.push(cells);
      }
      return stop ? 'stop' : undefined;
    },
    async end(columns) {
      const names = columns.map((c) => c.name);
      if (names.length === 0) return opts.write('(no columns)\n');
      const table = formatTable(kept, names);
      if (!truncated) return opts.write(`${table}\n`);
      const lines = table.split('\n');
      lines[lines.length - 1] =
        `(first ${kept.length} rows: the query returns more; raise --max-rows, or use --csv or --json for all of them)`;
      return opts.write(`${lines.join('\n')}\n`);
    },
  };
}

/** RFC 4180 CSV, written batch by batch. */
export function csvWriter(opts: WriterOptions): ResultWriter {
  const budget = rowBudget(opts.maxRows, opts.onTruncated);
  let started = false;
  const header = (columns: ResultColumn[]) => `${columns.map((c) => csvField(c.name)).join(',')}\n`;
  return {
    async rows(rows, columns) {
      const { keep, stop } = budget(rows.length);
      let text = started ? '' : header(columns);
      started = true;
      for (const row of rows.slice(0, keep)) {
        text += `${columns.map((c) => csvField(printableValue(row[c.name], c.typeOid))).join(',')}\n`;
      }
      await opts.write(text);
      return stop ? 'stop' : undefined;
    },
    async end(columns) {
      if (!started) await opts.write(header(columns));
    },
  };
}

function csvField(value: unknown): string {
  const s = value === null || value === undefined ? '' : formatCell(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A JSON array of row objects (indented by two spaces), written batch by batch. */
export function jsonWriter(opts: WriterOptions): ResultWriter {
  const budget = rowBudget(opts.maxRows, opts.onTruncated);
  let count = 0;
  return {
    async rows(rows, columns) {
      const { keep, stop } = budget(rows.length);
      let text = '';
      for (const row of rows.slice(0, keep)) {
        const json = jsonRow(printableRow(row, columns), columns);
        text += `${count++ === 0 ? '[\n  ' : ',\n  '}${json}`;
      }
      if (text) await opts.write(text);
      return stop ? 'stop' : undefined;
    },
    async end() {
      await opts.write(count === 0 ? '[]\n' : '\n]\n');
    },
  };
}

const jsonValue = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Type OID of numeric, whose values come as the server's decimal text. */
const NUMERIC = 1700;
/** A decimal as PostgreSQL writes a finite numeric, which is also a JSON number as it stands. */
const JSON_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * One row as a JSON object, indented to sit in the array: a numeric is written as a JSON number
 * with the server's digits, exactly (`0.333`, `1.50`; NaN and infinities stay strings), a bigint
 * as a number too; every other value as JSON.stringify writes it.
 */
function jsonRow(row: Row, columns: ResultColumn[]): string {
  // One key per name, as an object holds it (printableRow kept the last column of a repeated name).
  const byName = new Map(columns.map((c) => [c.name, c]));
  const entries = [...byName.values()].map((c) => {
    const v = row[c.name];
    const text =
      (c.typeOid === NUMERIC && typeof v === 'string' && JSON_DECIMAL.test(v)) || typeof v === 'bigint'
        ? String(v)
        : (JSON.stringify(v, jsonValue, 2) ?? 'null').replace(/\n/g, '\n    ');
    return `    ${JSON.stringify(c.name)}: ${text}`;
  });
  return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n  }`;
}
