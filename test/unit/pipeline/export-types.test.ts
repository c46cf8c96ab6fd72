import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../../src/db/queries/export.js';
import { fileColumn, unscaledDecimal } from '../../../src/pipeline/export/parquet-file.js';

const col = (kind: ExportColumn['kind'], extra: Partial<ExportColumn> = {}): ExportColumn => ({
  name: 'c',
  dataType: kind,
  kind,
  nullable: true,
  ...extra,
});

describe('the Parquet type of a PostgreSQL column', () => {
  it('keeps a numeric exact at its scale, and refuses what would be rounded', () => {
    expect(unscaledDecimal('0.812', 3, 38, 'ops')).toBe(812n);
    expect(unscaledDecimal('-12.5', 3, 38, 'x')).toBe(-12500n);
    expect(unscaledDecimal('7', 2, 4, 'x')).toBe(700n);
    expect(unscaledDecimal('1.500', 1, 4, 'x')).toBe(15n);
    expect(unscaledDecimal('123456789012345678901234567890.123', 3, 38, 'x')).toBe(123456789012345678901234567890123n);
    expect(() => unscaledDecimal('0.8125', 3, 38, 'ops')).toThrow(/more than 3 decimals/);
    expect(() => unscaledDecimal('100.0', 1, 3, 'x')).toThrow(/more than 3 digits/);
    expect(() => unscaledDecimal('NaN', 1, 3, 'x')).toThrow(/not a finite number/);
  });

  it('maps each kind to its physical and logical type', () => {
    expect(fileColumn(col('int64')).element).toMatchObject({ type: 'INT64' });
    expect(fileColumn(col('int64')).convert('9007199254740993')).toBe(9007199254740993n);
    expect(fileColumn(col('int16')).element.logical_type).toEqual({ type: 'INTEGER', bitWidth: 16, isSigned: true });
    expect(fileColumn(col('timestamptz')).element.logical_type).toEqual({
      type: 'TIMESTAMP',
      isAdjustedToUTC: true,
      unit: 'MICROS',
    });
    expect(fileColumn(col('timestamp')).element.logical_type).toMatchObject({ isAdjustedToUTC: false });
    expect(fileColumn(col('date')).element).toMatchObject({ type: 'INT32', converted_type: 'DATE' });
    expect(fileColumn(col('decimal', { precision: 4, scale: 3 })).element).toMatchObject({
      type: 'INT32',
      precision: 4,
      scale: 3,
    });
    expect(fileColumn(col('decimal', { precision: 12, scale: 1 })).element).toMatchObject({ type: 'INT64' });
    expect(fileColumn(col('decimal'), 3).element).toMatchObject({
      type: 'FIXED_LEN_BYTE_ARRAY',
      type_length: 16,
      precision: 38,
      scale: 3,
    });
    expect(fileColumn(col('json')).element).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8' });
    expect(fileColumn(col('bool', { nullable: false })).element.repetition_type).toBe('REQUIRED');
    for (const kind of ['int32', 'int64', 'decimal', 'date', 'timestamptz', 'text', 'bool'] as const)
      expect(fileColumn(col(kind), 0).convert(null), kind).toBeNull();
  });
});
