import { createHash } from 'node:crypto';
import { createReadStream, renameSync, rmSync, statSync } from 'node:fs';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';
import type { ExportColumn } from '../../db/queries/export.js';

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];

/** A column as the file holds it: its PostgreSQL column, its Parquet schema element, its values' converter. */
export interface FileColumn {
  source: ExportColumn;
  element: SchemaElement;
  convert(value: unknown): unknown;
}

/** Bytes of a FIXED_LEN_BYTE_ARRAY holding any unscaled value of `precision` digits (two's complement). */
function decimalBytes(precision: number): number {
  let n = 1;
  while (2n ** BigInt(8 * n - 1) <= 10n ** BigInt(precision)) n++;
  return n;
}

/** The unscaled integer of a numeric's text at `scale` digits: exact, or an error (never rounded). */
export function unscaledDecimal(text: string, scale: number, precision: number, column: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`export: ${column}: "${text}" is not a finite number`);
  const frac = m[3] ?? '';
  if (frac.replace(/0+$/, '').length > scale)
    throw new Error(`export: ${column}: ${text} has more than ${scale} decimals`);
  const digits = `${m[2]}${frac.padEnd(scale, '0').slice(0, scale)}`.replace(/^0+(?=\d)/, '');
  if (digits.length > precision) throw new Error(`export: ${column}: ${text} has more than ${precision} digits`);
  const v = BigInt(digits);
  return m[1] === '-' ? -v : v;
}

/** The widest DECIMAL Parquet readers agree on (DuckDB, Spark, BigQuery's BIGNUMERIC aside). */
const MAX_DECIMAL_PRECISION = 38;

const nullOr =
  (f: (v: unknown) => unknown) =>
  (v: unknown): unknown =>
    v === null || v === undefined ? null : f(v);

/**
 * The Parquet type of a PostgreSQL column, exact: integers by width (bigint as INT64), numeric(p, s)
 * as DECIMAL(p, s) (an unconstrained numeric as DECIMAL(38, s), s its largest scale in the data),
 * timestamptz as TIMESTAMP(MICROS, UTC), timestamp as TIMESTAMP(MICROS, local), date as DATE, text
 * as STRING; json and jsonb as a STRING of their text (a JSON annotation alone makes DuckDB read
 * bytes, and the writer's JSON conversion would re-serialise the text); any other type as its text.
 */
export function fileColumn(source: ExportColumn, dataScale?: number): FileColumn {
  const base = { name: source.name, repetition_type: source.nullable ? 'OPTIONAL' : 'REQUIRED' } as const;
  switch (source.kind) {
    case 'int16':
      return {
        source,
        element: {
          ...base,
          type: 'INT32',
          converted_type: 'INT_16',
          logical_type: { type: 'INTEGER', bitWidth: 16, isSigned: true },
        },
        convert: nullOr(Number),
      };
    case 'int32':
      return { source, element: { ...base, type: 'INT32' }, convert: nullOr(Number) };
    case 'int64':
      return { source, element: { ...base, type: 'INT64' }, convert: nullOr((v) => BigInt(String(v))) };
    case 'float32':
      return { source, element: { ...base, type: 'FLOAT' }, convert: nullOr(Number) };
    case 'float64':
      return { source, element: { ...base, type: 'DOUBLE' }, convert: nullOr(Number) };
    case 'bool':
      return { source, element: { ...base, type: 'BOOLEAN' }, convert: nullOr((v) => v === true || v === 't') };
    case 'date':
      return {
        source,
        element: { ...base, type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } },
        convert: nullOr(Number),
      };
    case 'timestamptz':
      return {
        source,
        element: {
          ...base,
          type: 'INT64',
          converted_type: 'TIMESTAMP_MICROS',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' },
        },
        convert: nullOr((v) => BigInt(String(v))),
      };
    case 'timestamp':
      return {
        source,
        element: {
          ...base,
          type: 'INT64',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' },
        },
        convert: nullOr((v) => BigInt(String(v))),
      };
    case 'decimal': {
      const precision = source.precision ?? MAX_DECIMAL_PRECISION;
      const scale = source.scale ?? dataScale ?? 0;
      if (precision > MAX_DECIMAL_PRECISION || scale > precision)
        throw new Error(`export: ${source.name}: numeric(${precision}, ${scale}) does not fit a Parquet DECIMAL(38)`);
      const physical =
        precision <= 9
          ? ({ type: 'INT32' } as const)
          : precision <= 18
            ? ({ type: 'INT64' } as const)
            : ({ type: 'FIXED_LEN_BYTE_ARRAY', type_length: decimalBytes(precision) } as const);
      return {
        source,
        element: {
          ...base,
          ...physical,
          converted_type: 'DECIMAL',
          precision,
          scale,
          logical_type: { type: 'DECIMAL', precision, scale },
        },
        convert: nullOr((v) => unscaledDecimal(String(v), scale, precision, source.name)),
      };
    }
    default:
      return {
        source,
        element: { ...base, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } },
        convert: source.kind === 'text' ? (v: unknown) => v : nullOr(String),
      };
  }
}

export interface WrittenFile {
  rows: number;
  bytes: number;
  sha256: string;
}

/**
 * One Parquet file written row group by row group: `append` takes a batch of rows (values in the
 * order of `columns`, keyed c0, c1…), `finish` closes the file. The file is written under a hidden
 * temporary name in the same folder and renamed over `path` only when whole, so a reader or an
 * interrupted export never sees half a file. Memory is bounded by one row group.
 */
export class ParquetFile {
  private readonly writer: ParquetWriter;
  private readonly pending: unknown[][];
  private readonly keys: readonly string[];
  private readonly converters: ReadonlyArray<(v: unknown) => unknown>;
  private pendingRows = 0;
  private rows = 0;

  constructor(
    private readonly path: string,
    private readonly tmpPath: string,
    private readonly columns: readonly FileColumn[],
    private readonly rowGroupRows: number,
    kv: Record<string, string>,
  ) {
    this.writer = new ParquetWriter({
      writer: fileWriter(tmpPath),
      schema: [{ name: 'schema', num_children: columns.length }, ...columns.map((c) => c.element)],
      kvMetadata: Object.entries(kv).map(([key, value]) => ({ key, value })),
      createdBy: 'dugout (hyparquet-writer)',
    });
    this.pending = columns.map(() => []);
    this.keys = columns.map((_, i) => `c${i}`);
    this.converters = columns.map((c) => c.convert);
  }

  /** Add rows; a full row group is encoded and flushed to the file at once. */
  append(rows: readonly Record<string, unknown>[]): void {
    const n = this.columns.length;
    for (const row of rows) {
      for (let i = 0; i < n; i++) this.pending[i]!.push(this.converters[i]!(row[this.keys[i]!]));
      this.pendingRows++;
      if (this.pendingRows >= this.rowGroupRows) this.flushGroup();
    }
  }

  private flushGroup(): void {
    if (this.pendingRows === 0) return;
    const columnData = this.columns.map((c, i) => ({ name: c.element.name, data: this.pending[i]! }));
    const done = this.writer.write({ columnData, rowGroupSize: this.pendingRows });
    if (done) throw new Error('export: the Parquet writer flushed asynchronously');
    this.rows += this.pendingRows;
    this.pendingRows = 0;
    for (let i = 0; i < this.pending.length; i++) this.pending[i] = [];
  }

  /** Close the file, move it into place and return its rows, bytes and SHA-256. */
  async finish(): Promise<WrittenFile> {
    this.flushGroup();
    this.writer.finish();
    const sha256 = await sha256File(this.tmpPath);
    const bytes = statSync(this.tmpPath).size;
    renameSync(this.tmpPath, this.path);
    return { rows: this.rows, bytes, sha256 };
  }

  /** Drop the temporary file (after an error). */
  abandon(): void {
    rmSync(this.tmpPath, { force: true });
  }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
