import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import type { Logger } from '../src/logger.js';
import { type ExportResult, exportParquet, openExportFolder } from '../src/pipeline/export/parquet.js';
import { season } from './fields.js';

/** A bare relation name as the export names its folders (`games`, `season_batting`). */
export const exportTableName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'a table is a bare lower-case name');

/** Most tables one `--tables` list names (the warehouse has fewer relations than this). */
export const MAX_EXPORT_TABLES = 200;

/**
 * `dugout export parquet`'s arguments. Not a job of the run ledger: an export reads one snapshot
 * of the warehouse and writes files, never the database.
 */
export const exportArgs = z.object({
  out: z.string().min(1).max(4096),
  season: season.optional(),
  tables: z.array(exportTableName).min(1).max(MAX_EXPORT_TABLES).optional(),
});

export type ExportArgs = z.input<typeof exportArgs>;

export function runExportParquet(database: Database, input: ExportArgs, log?: Logger): Promise<ExportResult> {
  const args = exportArgs.parse(input);
  return exportParquet(database, { out: args.out, season: args.season, tables: args.tables, log });
}

/**
 * Check `--out` before the database is opened: a folder that is new, empty or a previous export
 * (created when missing); anything else is a usage error of one line.
 */
export function checkExportFolder(out: string): void {
  openExportFolder(exportArgs.shape.out.parse(out));
}
