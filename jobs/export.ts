import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import type { Logger } from '../src/logger.js';
import { UsageError } from '../src/errors.js';
import { type ExportResult, exportParquet, inspectExportFolder } from '../src/pipeline/export/parquet.js';
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

export async function runExportParquet(database: Database, input: ExportArgs, log?: Logger): Promise<ExportResult> {
  const parsed = exportArgs.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--${issue.path.join('.') || 'out'}: ${issue.message}`);
  }
  const args = parsed.data;
  return exportParquet(database, { out: args.out, season: args.season, tables: args.tables, log });
}

/**
 * Check `--out` before the database is opened: a folder that is new, empty or a previous export,
 * or a path whose nearest existing parent is a writable folder; anything else is a usage error of
 * one line. Creates and writes nothing.
 */
export function checkExportFolder(out: string): void {
  if (out.trim() === '') throw new UsageError('--out is empty: give the export folder');
  if (!exportArgs.shape.out.safeParse(out).success) throw new UsageError('--out: a path of at most 4096 characters');
  const folder = inspectExportFolder(out);
  if (folder.exists) return;
  let parent = path.dirname(folder.dir);
  while (!existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
  try {
    if (!statSync(parent).isDirectory()) throw new UsageError(`--out ${out}: ${parent} is not a folder`);
    accessSync(parent, constants.W_OK);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--out ${out}: cannot create the folder in ${parent}: permission denied`);
  }
}
