import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { acquireDirLock } from '../../db/dir-lock.js';
import {
  type ExportColumn,
  type ExportRelation,
  listExportRelations,
  type PartitionFingerprint,
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
  /** Tables with no rows (in what this export covered): each is one file of its schema and no rows. */
  empty: string[];
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

/** Whether `--out` exists, and its previous export (validated) when it holds one. Writes nothing. */
export interface ExportFolder {
  dir: string;
  exists: boolean;
  manifest: Manifest;
}

/** A season as a partition names it: four digits, nothing else can reach a path. */
const SEASON_KEY = /^season=(?:\d{4}|__HIVE_DEFAULT_PARTITION__)$/;
const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** The names a partition's data file takes: the export alternates them, so the old file stays whole until the switch. */
const PART_FILES = ['part-0.parquet', 'part-1.parquet'] as const;

function fsReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOENT: 'a parent folder is missing or cannot hold folders',
    ENOTDIR: 'a parent is not a folder',
    ENOSPC: 'no space left on the device',
    EEXIST: 'already exists',
  };
  return e?.code ? `${words[e.code] ?? e.message} (${e.code})` : String(err);
}

/**
 * Check a manifest read from `--out` before anything is done with it: table names are bare names,
 * partition keys are `season=YYYY` (or Hive's null partition, or '' for a table without seasons),
 * and every file it lists is a part file inside its own partition's folder. A manifest that fails
 * is refused whole: the export never builds a path to write or remove from it otherwise.
 */
function checkManifest(out: string, m: Manifest): void {
  const bad = (what: string) =>
    new UsageError(`--out ${out}: ${MANIFEST_NAME} lists ${what}; it was not written by dugout: move it away`);
  if (m.tables === null || typeof m.tables !== 'object' || Array.isArray(m.tables)) throw bad('no tables object');
  for (const [name, table] of Object.entries(m.tables)) {
    if (!TABLE_NAME.test(name)) throw bad(`a table named ${JSON.stringify(name.slice(0, 80))}`);
    if (
      table === null ||
      typeof table !== 'object' ||
      table.partitions === null ||
      typeof table.partitions !== 'object'
    )
      throw bad(`table ${name} without partitions`);
    for (const [key, part] of Object.entries(table.partitions)) {
      if (key !== '' && !SEASON_KEY.test(key))
        throw bad(`a partition ${JSON.stringify(key.slice(0, 80))} of ${name} (a season is four digits)`);
      if (part === null || typeof part !== 'object' || !Array.isArray(part.files))
        throw bad(`partition ${key} of ${name} without files`);
      for (const f of part.files) {
        const expected = PART_FILES.map((file) => [name, key, file].filter(Boolean).join('/'));
        if (typeof f?.path !== 'string' || !expected.includes(f.path))
          throw bad(
            `a file ${JSON.stringify(String(f?.path).slice(0, 80))} outside ${[name, key].filter(Boolean).join('/')}`,
          );
      }
    }
  }
}

/**
 * Check `--out`: a folder (or a path to create) that is empty or holds a previous export (its
 * manifest, validated); anything else is refused with one line. Creates and writes nothing.
 */
export function inspectExportFolder(out: string): ExportFolder {
  if (out.trim() === '') throw new UsageError('--out is empty: give the export folder');
  const dir = path.resolve(out);
  let st: Stats | undefined;
  try {
    st = statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new UsageError(`--out ${out}: cannot read it: ${fsReason(err)}`);
  }
  if (!st) return { dir, exists: false, manifest: emptyManifest() };
  if (!st.isDirectory()) throw new UsageError(`--out ${out} is not a folder`);
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
    checkManifest(out, manifest);
    return { dir, exists: true, manifest };
  }
  const entries = readdirSync(dir).filter((e) => e !== '.dugout-export.lock');
  if (entries.length > 0)
    throw new UsageError(
      `--out ${out} is not empty and holds no dugout export (no ${MANIFEST_NAME}): give an empty or new folder`,
    );
  return { dir, exists: true, manifest: emptyManifest() };
}

/** Create `--out` when missing (its parents too), one line when the file system refuses. */
function createExportFolder(out: string, folder: ExportFolder): void {
  if (folder.exists) return;
  try {
    // Folder by folder: Node's recursive mkdir loops for ever where a parent cannot hold folders (/proc).
    makeFolder(folder.dir, []);
  } catch (err) {
    throw new UsageError(`--out ${out}: cannot create the folder: ${fsReason(err)}`);
  }
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

const partitionKey = (season: number | null, partitioned: boolean) => {
  if (!partitioned) return '';
  if (season === null) return `season=${NULL_PARTITION}`;
  // A season reaches a path only as four digits.
  if (!Number.isInteger(season) || season < 1000 || season > 9999)
    throw new Error(`export: a season of ${season} is not a four-digit year`);
  return `season=${season}`;
};

/** A file written under a hidden name, made visible when the whole export has been written. */
interface StagedFile {
  staged: string;
  final: string;
}

/**
 * Export the warehouse to Parquet under `out`: every mlb table and the analysts' analytics views,
 * one folder per relation (its bare name), split into `season=YYYY` folders where the rows have a
 * season (a game's rows take their game's), with `_manifest.json` (rows, bytes and SHA-256 of each
 * file, the warehouse state). A season whose rows have not changed since the previous export into
 * the same folder is not written again. Reads one snapshot of the warehouse, row group by row group.
 *
 * All or nothing: the new files are written under hidden names beside the old ones (a partition's
 * file alternates between part-0 and part-1, so the old one is never overwritten), made visible
 * when every table is written, then the manifest is switched (one rename) and only then the files
 * the previous manifest listed and the new one does not are removed. A failure before the switch
 * leaves the previous export as it was (the hidden files are dropped); the export never removes a
 * file it did not list in its own manifest, and only by a path it validated.
 */
export async function exportParquet(database: Database, opts: ExportOptions): Promise<ExportResult> {
  inspectExportFolder(opts.out);
  const rowGroupRows = opts.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
  const batchRows = opts.batchRows ?? DEFAULT_BATCH_ROWS;
  return database.readOnlySession({ timeoutMs: EXPORT_STATEMENT_TIMEOUT_MS, snapshot: true }, async (session) => {
    const state = { ...(await warehouseState(session)), database: database.kind };
    let relations = await listExportRelations(session);
    // Every argument is checked before anything is written.
    if (opts.tables) {
      const known = new Set(relations.map((r) => r.name));
      const unknown = opts.tables.filter((t) => !known.has(t));
      if (unknown.length > 0)
        throw new UsageError(
          `--tables: no exported table named ${unknown.join(', ')} (there are: ${[...known].sort().join(', ')})`,
        );
      relations = relations.filter((r) => opts.tables!.includes(r.name));
    }
    createExportFolder(opts.out, inspectExportFolder(opts.out));
    const lock = acquireDirLock(
      path.join(path.resolve(opts.out), '.dugout-export'),
      (who) => `--out ${opts.out} is being written by another export (${who}); wait for it to end`,
    );
    try {
      // Read again under the lock: another export may have ended meanwhile.
      const { dir, manifest: previous } = inspectExportFolder(opts.out);
      const manifest = structuredClone(previous);
      const result: ExportResult = {
        out: dir,
        tables: 0,
        written: 0,
        unchanged: 0,
        removed: 0,
        rowsWritten: 0,
        bytesWritten: 0,
        empty: [],
        manifest,
      };
      removeStaleTemporaries(dir);
      removeUnlisted(dir, previous);
      // A new folder is an export from the first moment (an empty one), so an interrupted first
      // run can be run again.
      if (!existsSync(path.join(dir, MANIFEST_NAME))) saveManifest(dir, previous);
      const staged: StagedFile[] = [];
      const created: string[] = [];
      try {
        for (const rel of relations) {
          await exportRelation(session, rel, {
            dir,
            manifest,
            state,
            season: opts.season,
            rowGroupRows,
            batchRows,
            result,
            staged,
            created,
            log: opts.log,
          });
          result.tables++;
        }
        manifest.warehouse = state;
        manifest.exportedAt = new Date().toISOString();
        manifest.dugoutVersion = readVersion();
        for (const f of staged) renameSync(f.staged, f.final);
        saveManifest(dir, manifest);
      } catch (err) {
        // Not switched: the previous export stays as it was; what this one wrote goes.
        for (const f of staged) {
          rmSync(f.staged, { force: true });
          if (!listedPaths(previous).has(path.relative(dir, f.final).split(path.sep).join('/')))
            rmSync(f.final, { force: true });
        }
        for (const d of created.reverse()) removeEmptyFolder(d);
        throw err;
      }
      result.removed = removeReplaced(dir, previous, manifest);
      return result;
    } finally {
      lock.release();
    }
  });
}

interface RelationContext {
  dir: string;
  manifest: Manifest;
  state: WarehouseState;
  season: number | undefined;
  rowGroupRows: number;
  batchRows: number;
  result: ExportResult;
  staged: StagedFile[];
  /** Folders this export made (removed again when it fails). */
  created: string[];
  log: Logger | undefined;
}

type Session = Parameters<Parameters<Database['readOnlySession']>[1]>[0];

function makeFolder(d: string, created: string[]): void {
  if (existsSync(d)) return;
  const parent = path.dirname(d);
  makeFolder(parent, created);
  mkdirSync(d);
  created.push(d);
}

function removeEmptyFolder(d: string): void {
  try {
    rmdirSync(d);
  } catch {
    // not empty, or gone: left as it is
  }
}

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
  // The columns' types or the layout changed: every file of the table is written again (the old
  // ones go after the switch, as any replaced file).
  const layoutChanged =
    prior !== undefined && (prior.schemaDigest !== schemaDigest || prior.partitionedBy !== partitionedBy);
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
  // The empty table's file: every column, the season's too (no folder names it), and no rows.
  const seasonColumn: ExportColumn[] =
    partitioned && !rel.columns.some((c) => c.name === 'season')
      ? [{ name: 'season', dataType: 'integer', kind: 'int32', nullable: true }]
      : [];
  const emptyColumns = [...rel.columns, ...seasonColumn].map((c) => fileColumn(c, scales.get(c.name)));
  const writePartition = async (fp: PartitionFingerprint, empty = false): Promise<void> => {
    const key = empty ? '' : partitionKey(fp.season, partitioned);
    seen.add(key);
    const old = table.partitions[key];
    if (old && old.rowsDigest === fp.digest && old.rows === fp.rows && filesIntact(dir, old.files)) {
      ctx.result.unchanged++;
      return;
    }
    const partDir = path.join(dir, rel.name, key);
    makeFolder(partDir, ctx.created);
    // The other name than the file the previous export lists here (any of its files, any layout).
    const priorPaths = new Set((prior?.partitions[key]?.files ?? []).map((f) => f.path.split('/').pop() as string));
    const name = PART_FILES.find((n) => !priorPaths.has(n)) ?? PART_FILES[0];
    const finalPath = path.join(partDir, name);
    const stagedPath = path.join(partDir, `.${name}.staged-${process.pid}`);
    const file = new ParquetFile(
      stagedPath,
      path.join(partDir, `.${name}.tmp-${process.pid}`),
      empty ? emptyColumns : columns,
      ctx.rowGroupRows,
      {
        'dugout.relation': `${rel.schema}.${rel.name}`,
        ...(partitioned && !empty ? { 'dugout.season': String(fp.season) } : {}),
      },
    );
    let written: Awaited<ReturnType<ParquetFile['finish']>>;
    try {
      if (!empty)
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
    ctx.staged.push({ staged: stagedPath, final: finalPath });
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
          path: [rel.name, key, name].filter(Boolean).join('/'),
          rows: written.rows,
          bytes: written.bytes,
          sha256: written.sha256,
        },
      ],
    };
    ctx.result.written++;
    ctx.result.rowsWritten += written.rows;
    ctx.result.bytesWritten += written.bytes;
    ctx.log?.info(
      { table: rel.name, partition: key || undefined, rows: written.rows, bytes: written.bytes },
      'exported',
    );
  };
  for (const fp of fingerprints) if (fp.rows > 0) await writePartition(fp);
  // Seasons (within what this export covered) whose rows are all gone leave the manifest; their
  // files go after the switch.
  const placeholder = '';
  for (const [key, part] of Object.entries(table.partitions)) {
    if (seen.has(key)) continue;
    // The empty table's file: kept or removed below.
    if (key === placeholder && part.rows === 0) continue;
    if (ctx.season !== undefined && partitioned && part.season !== ctx.season) continue;
    delete table.partitions[key];
  }
  // A table with no rows is still one file: its schema and no rows, at the table's folder (a
  // reader's glob finds it); a season-partitioned table's has the season as a column of its type,
  // since no folder names one. It goes again as soon as the table has rows.
  const holdsRows = Object.values(table.partitions).some((p) => p.rows > 0);
  if (!holdsRows) {
    for (const key of Object.keys(table.partitions)) if (key !== placeholder) delete table.partitions[key];
    await writePartition({ season: null, rows: 0, digest: '0' }, true);
    ctx.result.empty.push(rel.name);
  } else if (partitioned && table.partitions[placeholder]?.rows === 0) {
    delete table.partitions[placeholder];
  }
}

/** The files a manifest lists, by their relative path with `/`. */
function listedPaths(m: Manifest): Set<string> {
  const out = new Set<string>();
  for (const table of Object.values(m.tables))
    for (const part of Object.values(table.partitions)) for (const f of part.files) out.add(f.path);
  return out;
}

/** `rel` (validated by checkManifest or built here) as a path inside `dir`, or null when it would leave it. */
function inside(dir: string, rel: string): string | null {
  const p = path.resolve(dir, ...rel.split('/'));
  const r = path.relative(dir, p);
  return r === '' || r.startsWith('..') || path.isAbsolute(r) ? null : p;
}

/**
 * After the switch: remove the files the previous manifest listed and the new one does not (a
 * replaced partition's old file, a season whose rows are gone), then their folders when empty.
 * Returns the partitions removed whole.
 */
function removeReplaced(dir: string, previous: Manifest, next: Manifest): number {
  const keep = listedPaths(next);
  let removedPartitions = 0;
  for (const [name, table] of Object.entries(previous.tables))
    for (const [key, part] of Object.entries(table.partitions)) {
      if (!next.tables[name]?.partitions[key]) removedPartitions++;
      for (const f of part.files) {
        if (keep.has(f.path)) continue;
        const file = inside(dir, f.path);
        if (!file) continue;
        try {
          if (lstatSync(file).isFile()) rmSync(file, { force: true });
        } catch {
          // already gone
        }
        if (key !== '') removeEmptyFolder(path.dirname(file));
      }
    }
  return removedPartitions;
}

/**
 * Before an export: part files in the previous export's partition folders that its manifest does
 * not list (an export that failed while making its files visible) are this program's and go, so a
 * reader listing the folder sees the previous export alone.
 */
function removeUnlisted(dir: string, m: Manifest): void {
  const listed = listedPaths(m);
  for (const [name, table] of Object.entries(m.tables))
    for (const key of Object.keys(table.partitions))
      for (const n of PART_FILES) {
        const rel = [name, key, n].filter(Boolean).join('/');
        const file = inside(dir, rel);
        if (!file || listed.has(rel)) continue;
        try {
          if (lstatSync(file).isFile()) rmSync(file, { force: true });
        } catch {
          // not there
        }
      }
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
const TEMPORARY = /^\.(?:part-\d+\.parquet\.(?:tmp|staged)|_manifest\.json\.tmp)-\d+$/;

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
