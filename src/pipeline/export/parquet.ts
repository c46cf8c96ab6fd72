import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { acquireDirLock } from '../../db/dir-lock.js';
import {
  type ExportRelation,
  listExportRelations,
  partitionFingerprints,
  streamExportRows,
  unconstrainedNumericScales,
  warehouseState,
  type WarehouseState,
} from '../../db/queries/export.js';
import { UsageError } from '../../errors.js';
import { readVersion } from '../../version.js';
import { type FileColumn, fileColumn, ParquetFile } from './parquet-file.js';

/** The manifest's name: a leading underscore, which Spark, Hive and Trino skip when they list a table's files. */
export const MANIFEST_NAME = '_manifest.json';
export const MANIFEST_FORMAT = 'dugout-parquet-export';
/** The folder of a partition without a season (Hive's name for a null partition value). */
export const NULL_PARTITION = '__HIVE_DEFAULT_PARTITION__';
const PART_FILE = 'part-0.parquet';

export interface ManifestFile {
  /** Relative to the export folder, with `/`. */
  path: string;
  rows: number;
  bytes: number;
  sha256: string;
}

export interface ManifestPartition {
  /** The season of the partition; null for the rows without one and for a table without seasons. */
  season: number | null;
  rows: number;
  /** The rows' digest in the warehouse when written (see db/queries/export.ts): unchanged, not rewritten. */
  rowsDigest: string;
  /** When the partition was written, and the latest ingest run then. */
  exportedAt: string;
  latestRunId: string | null;
  files: ManifestFile[];
}

export interface ManifestTable {
  relation: string;
  view: boolean;
  /** `season` when the folder holds season=YYYY partitions; the season of a game's rows is its game's. */
  partitionedBy: 'season' | null;
  columns: Array<{ name: string; postgres: string; parquet: string }>;
  /** A digest of the columns' Parquet types: when it changes, every partition is written again. */
  schemaDigest: string;
  /** The warehouse state this table's partitions were last compared with. */
  checkedAt: string;
  partitions: Record<string, ManifestPartition>;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  dugoutVersion: string;
  /** The state of the warehouse the latest export read (one snapshot for every table it checked). */
  warehouse: (WarehouseState & { database: 'postgres' | 'pglite' }) | null;
  exportedAt: string | null;
  tables: Record<string, ManifestTable>;
}

export interface ExportOptions {
  out: string;
  season?: number;
  /** Bare names (`games`, `season_batting`); every exported relation when absent. */
  tables?: readonly string[];
  /** Rows per Parquet row group: the bound of the export's memory. */
  rowGroupRows?: number;
  /** Rows fetched per round trip of the cursor. */
  batchRows?: number;
  log?: Logger;
}

export interface ExportResult {
  out: string;
  tables: number;
  /** Partitions (files) written, left as they were, and removed (their season has no rows any more). */
  written: number;
  unchanged: number;
  removed: number;
  rowsWritten: number;
  bytesWritten: number;
  manifest: Manifest;
}

const DEFAULT_ROW_GROUP_ROWS = 50_000;
const DEFAULT_BATCH_ROWS = 5_000;
/** The statement timeout of the export's session: per statement and per fetch of the cursor. */
const EXPORT_STATEMENT_TIMEOUT_MS = 3_600_000;

function emptyManifest(): Manifest {
  return {
    format: MANIFEST_FORMAT,
    version: 1,
    dugoutVersion: readVersion(),
    warehouse: null,
    exportedAt: null,
    tables: {},
  };
}

/**
 * Check `--out`: a folder (created when missing) that is empty or holds a previous export (its
 * manifest); anything else is refused with one line, writing nothing.
 */
export function openExportFolder(out: string): { dir: string; manifest: Manifest } {
  const dir = path.resolve(out);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new UsageError(`--out ${out} is not a folder`);
    const manifestPath = path.join(dir, MANIFEST_NAME);
    if (existsSync(manifestPath)) {
      let manifest: Manifest;
      try {
        manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      } catch {
        throw new UsageError(`--out ${out}: ${MANIFEST_NAME} is not a dugout export manifest (unreadable JSON)`);
      }
      if (manifest?.format !== MANIFEST_FORMAT || manifest.version !== 1 || typeof manifest.tables !== 'object')
        throw new UsageError(`--out ${out}: ${MANIFEST_NAME} is not a dugout export manifest of version 1`);
      return { dir, manifest };
    }
    const entries = readdirSync(dir).filter((e) => e !== '.dugout-export.lock');
    if (entries.length > 0)
      throw new UsageError(
        `--out ${out} is not empty and holds no dugout export (no ${MANIFEST_NAME}): give an empty or new folder`,
      );
  } else {
    mkdirSync(dir, { recursive: true });
  }
  return { dir, manifest: emptyManifest() };
}

function saveManifest(dir: string, manifest: Manifest): void {
  const file = path.join(dir, MANIFEST_NAME);
  const tmp = path.join(dir, `.${MANIFEST_NAME}.tmp-${process.pid}`);
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, file);
}

function parquetTypeName(c: FileColumn): string {
  const e = c.element;
  const lt = e.logical_type;
  if (lt?.type === 'DECIMAL') return `DECIMAL(${lt.precision},${lt.scale})`;
  if (lt?.type === 'TIMESTAMP') return `TIMESTAMP(${lt.unit},${lt.isAdjustedToUTC ? 'UTC' : 'local'})`;
  if (lt?.type === 'INTEGER') return `INT${lt.bitWidth}`;
  if (lt) return lt.type;
  return String(e.type);
}

const partitionKey = (season: number | null, partitioned: boolean) =>
  partitioned ? `season=${season === null ? NULL_PARTITION : season}` : '';

/**
 * Export the warehouse to Parquet under `out`: every mlb table and the analysts' analytics views,
 * one folder per relation (its bare name), split into `season=YYYY` folders where the rows have a
 * season (a game's rows take their game's), with `_manifest.json` (rows, bytes and SHA-256 of each
 * file, the warehouse state). A season whose rows have not changed since the previous export into
 * the same folder is not written again. Reads one snapshot of the warehouse, row group by row group.
 */
export async function exportParquet(database: Database, opts: ExportOptions): Promise<ExportResult> {
  const { dir, manifest } = openExportFolder(opts.out);
  const lock = acquireDirLock(
    path.join(dir, '.dugout-export'),
    (who) => `--out ${opts.out} is being written by another export (${who}); wait for it to end`,
  );
  const rowGroupRows = opts.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
  const batchRows = opts.batchRows ?? DEFAULT_BATCH_ROWS;
  const result: ExportResult = {
    out: dir,
    tables: 0,
    written: 0,
    unchanged: 0,
    removed: 0,
    rowsWritten: 0,
    bytesWritten: 0,
    manifest,
  };
  try {
    removeStaleTemporaries(dir);
    // The folder is an export from the first moment, so an interrupted first run can be run again.
    saveManifest(dir, manifest);
    await database.readOnlySession({ timeoutMs: EXPORT_STATEMENT_TIMEOUT_MS, snapshot: true }, async (session) => {
      const state = { ...(await warehouseState(session)), database: database.kind };
      let relations = await listExportRelations(session);
      if (opts.tables) {
        const known = new Set(relations.map((r) => r.name));
        const unknown = opts.tables.filter((t) => !known.has(t));
        if (unknown.length > 0)
          throw new UsageError(
            `--tables: no exported table named ${unknown.join(', ')} (there are: ${[...known].sort().join(', ')})`,
          );
        relations = relations.filter((r) => opts.tables!.includes(r.name));
      }
      for (const rel of relations) {
        await exportRelation(session, rel, {
          dir,
          manifest,
          state,
          season: opts.season,
          rowGroupRows,
          batchRows,
          result,
          log: opts.log,
        });
        result.tables++;
      }
      manifest.warehouse = state;
      manifest.exportedAt = new Date().toISOString();
      manifest.dugoutVersion = readVersion();
      saveManifest(dir, manifest);
    });
    return result;
  } finally {
    lock.release();
  }
}

interface RelationContext {
  dir: string;
  manifest: Manifest;
  state: WarehouseState;
  season: number | undefined;
  rowGroupRows: number;
  batchRows: number;
  result: ExportResult;
  log: Logger | undefined;
}

type Session = Parameters<Parameters<Database['readOnlySession']>[1]>[0];

async function exportRelation(session: Session, rel: ExportRelation, ctx: RelationContext): Promise<void> {
  const { dir, manifest } = ctx;
  const partitioned = rel.partitioning !== 'none';
  const scales = await unconstrainedNumericScales(session, rel);
  // A season-partitioned file leaves the season out: the folder name carries it (Spark refuses a
  // column both in the files and in the path; DuckDB and Trino read it from the path).
  const sourceColumns = rel.columns.filter((c) => !(rel.partitioning === 'season' && c.name === 'season'));
  const columns = sourceColumns.map((c) => fileColumn(c, scales.get(c.name)));
  const described = columns.map((c) => ({
    name: c.source.name,
    postgres: c.source.dataType,
    parquet: parquetTypeName(c),
  }));
  const schemaDigest = createHash('sha256')
    .update(
      JSON.stringify(
        columns.map((c) => [c.element, c.source.kind]),
        (_k, v) => (typeof v === 'bigint' ? String(v) : v),
      ),
    )
    .digest('hex')
    .slice(0, 16);
  const prior = manifest.tables[rel.name];
  const partitionedBy = partitioned ? ('season' as const) : null;
  // The columns' types or the layout changed: every file of the table is written again.
  const layoutChanged =
    prior !== undefined && (prior.schemaDigest !== schemaDigest || prior.partitionedBy !== partitionedBy);
  if (layoutChanged) rmSync(path.join(dir, rel.name), { recursive: true, force: true });
  const table: ManifestTable = {
    relation: `${rel.schema}.${rel.name}`,
    view: rel.view,
    partitionedBy,
    columns: described,
    schemaDigest,
    checkedAt: ctx.state.takenAt,
    partitions: layoutChanged ? {} : { ...(prior?.partitions ?? {}) },
  };
  manifest.tables[rel.name] = table;

  const fingerprints = await partitionFingerprints(session, rel, partitioned ? ctx.season : undefined);
  const seen = new Set<string>();
  for (const fp of fingerprints) {
    const key = partitionKey(fp.season, partitioned);
    seen.add(key);
    const old = table.partitions[key];
    if (old && old.rowsDigest === fp.digest && old.rows === fp.rows && filesIntact(dir, old.files)) {
      ctx.result.unchanged++;
      continue;
    }
    const partDir = path.join(dir, rel.name, key);
    mkdirSync(partDir, { recursive: true });
    const file = new ParquetFile(
      path.join(partDir, PART_FILE),
      path.join(partDir, `.${PART_FILE}.tmp-${process.pid}`),
      columns,
      ctx.rowGroupRows,
      {
        'dugout.relation': `${rel.schema}.${rel.name}`,
        ...(partitioned ? { 'dugout.season': String(fp.season) } : {}),
      },
    );
    let written: Awaited<ReturnType<ParquetFile['finish']>>;
    try {
      await streamExportRows(
        session,
        rel,
        sourceColumns,
        partitioned ? fp.season : undefined,
        ctx.batchRows,
        async (rows) => file.append(rows),
      );
      written = await file.finish();
    } catch (err) {
      file.abandon();
      throw err;
    }
    if (written.rows !== fp.rows)
      throw new Error(`export: ${rel.name} ${key}: read ${written.rows} rows where the snapshot counted ${fp.rows}`);
    table.partitions[key] = {
      season: fp.season,
      rows: fp.rows,
      rowsDigest: fp.digest,
      exportedAt: new Date().toISOString(),
      latestRunId: ctx.state.latestRunId,
      files: [
        {
          path: [rel.name, key, PART_FILE].filter(Boolean).join('/'),
          rows: written.rows,
          bytes: written.bytes,
          sha256: written.sha256,
        },
      ],
    };
    // After each partition: an interrupted export keeps what it finished.
    saveManifest(dir, manifest);
    ctx.result.written++;
    ctx.result.rowsWritten += written.rows;
    ctx.result.bytesWritten += written.bytes;
    ctx.log?.info(
      { table: rel.name, partition: key || undefined, rows: written.rows, bytes: written.bytes },
      'exported',
    );
  }
  // Seasons (within what this export covered) whose rows are all gone: their folders go too.
  for (const [key, part] of Object.entries(table.partitions)) {
    if (seen.has(key)) continue;
    if (ctx.season !== undefined && partitioned && part.season !== ctx.season) continue;
    rmSync(path.join(dir, rel.name, key), { recursive: true, force: true });
    delete table.partitions[key];
    ctx.result.removed++;
  }
  saveManifest(dir, manifest);
}

/** Whether a partition's files are still there at their recorded size (a cheap check; the SHA-256 is for readers). */
function filesIntact(dir: string, files: readonly ManifestFile[]): boolean {
  return files.every((f) => {
    try {
      return statSync(path.join(dir, ...f.path.split('/'))).size === f.bytes;
    } catch {
      return false;
    }
  });
}

/** A temporary file of an export (a file or the manifest being written): hidden, named after its process. */
const TEMPORARY = /^\.(?:part-\d+\.parquet|_manifest\.json)\.tmp-\d+$/;

/**
 * Delete the temporary files an interrupted export left (under the lock, none is being written):
 * in the folder itself, a table's folder and a partition's.
 */
function removeStaleTemporaries(dir: string): void {
  const walk = (d: string, depth: number) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory() && depth < 2) walk(path.join(d, e.name), depth + 1);
      else if (e.isFile() && TEMPORARY.test(e.name)) rmSync(path.join(d, e.name), { force: true });
    }
  };
  walk(dir, 0);
}
