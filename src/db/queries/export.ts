import type { ReadOnlySession, Row } from '../adapter/index.js';
import { quoteIdent } from '../identifiers.js';

// The statements of `dugout export parquet`. They run inside one read-only REPEATABLE READ session
// (the adapter's `readOnlySession`, db/adapter/), so the catalogue, the fingerprints and every row read are one state of the
// warehouse. Each column is selected in a form both drivers hand over alike and exactly: 64-bit
// integers, numerics and instants as text (no float on the way), dates as days since 1970.

/** How a column's values arrive from {@link exportRowsQuery}, and what they are in PostgreSQL. */
export type ExportValueKind =
  | 'int16'
  | 'int32'
  /** text of a bigint */
  | 'int64'
  | 'float32'
  | 'float64'
  /** text of a numeric */
  | 'decimal'
  | 'bool'
  | 'text'
  /** text of a json or jsonb value */
  | 'json'
  /** integer: days since 1970-01-01 */
  | 'date'
  /** text of the microseconds since 1970-01-01 00:00 UTC */
  | 'timestamptz'
  /** text of the microseconds since 1970-01-01 00:00 of the wall-clock value */
  | 'timestamp'
  /** any other type, as PostgreSQL's text of it */
  | 'other';

export interface ExportColumn {
  name: string;
  /** information_schema's data_type */
  dataType: string;
  kind: ExportValueKind;
  nullable: boolean;
  /** numeric(p, s): the declared precision and scale; both undefined for an unconstrained numeric */
  precision?: number;
  scale?: number;
}

/**
 * How a relation's rows split into seasons: by its own `season` column, by the season of its game
 * (`game_pk` joined to mlb.games), or not at all.
 */
export type ExportPartitioning = 'season' | 'game' | 'none';

export interface ExportRelation {
  schema: 'mlb' | 'analytics';
  /** The bare name, unique across both schemas (the export's folder). */
  name: string;
  view: boolean;
  partitioning: ExportPartitioning;
  columns: ExportColumn[];
}

/**
 * analytics relations an export leaves out: the operational views (runs, backlog, workers, new API fields), the
 * games of today (live, changing by the minute) and the refresh bookkeeping. Every other relation of
 * `mlb` and `analytics` is exported, so a table added later is exported without a change here.
 */
export const EXPORT_LEFT_OUT: readonly string[] = [
  'analytics.live_games',
  'analytics.operations_backlog',
  'analytics.operations_new_fields',
  'analytics.operations_runs',
  'analytics.operations_workers',
  'analytics.stale_seasons',
];

const KIND_OF_TYPE: Record<string, ExportValueKind> = {
  smallint: 'int16',
  integer: 'int32',
  bigint: 'int64',
  real: 'float32',
  'double precision': 'float64',
  numeric: 'decimal',
  boolean: 'bool',
  text: 'text',
  'character varying': 'text',
  character: 'text',
  json: 'json',
  jsonb: 'json',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
};

async function allRows(session: ReadOnlySession, text: string): Promise<Row[]> {
  const out: Row[] = [];
  await session.stream(text, { cursor: false, batchRows: 1 }, async (rows) => {
    out.push(...rows);
    return undefined;
  });
  return out;
}

const relationSql = (r: Pick<ExportRelation, 'schema' | 'name'>) => `${quoteIdent(r.schema)}.${quoteIdent(r.name)}`;

/** The relations an export writes, with their columns in table order. */
export async function listExportRelations(session: ReadOnlySession): Promise<ExportRelation[]> {
  const rows = await allRows(
    session,
    `select c.table_schema as s, c.table_name as t, tb.table_type as tt, c.column_name as c, c.data_type as dt,
            c.is_nullable as nl, c.numeric_precision as p, c.numeric_scale as sc
       from information_schema.columns c
       join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema in ('mlb', 'analytics') and tb.table_type in ('BASE TABLE', 'VIEW')
      order by c.table_schema, c.table_name, c.ordinal_position`,
  );
  const byName = new Map<string, ExportRelation>();
  for (const r of rows) {
    const schema = String(r.s) as ExportRelation['schema'];
    const name = String(r.t);
    if (EXPORT_LEFT_OUT.includes(`${schema}.${name}`)) continue;
    let rel = byName.get(`${schema}.${name}`);
    if (!rel) {
      rel = { schema, name, view: r.tt === 'VIEW', partitioning: 'none', columns: [] };
      byName.set(`${schema}.${name}`, rel);
    }
    const dataType = String(r.dt);
    const constrained = dataType === 'numeric' && r.p !== null && r.p !== undefined;
    rel.columns.push({
      name: String(r.c),
      dataType,
      kind: KIND_OF_TYPE[dataType] ?? 'other',
      nullable: r.nl !== 'NO',
      ...(constrained ? { precision: Number(r.p), scale: Number(r.sc ?? 0) } : {}),
    });
  }
  const relations = [...byName.values()];
  for (const rel of relations) {
    const has = (c: string, kinds: ExportValueKind[]) =>
      rel.columns.some((x) => x.name === c && kinds.includes(x.kind));
    rel.partitioning = has('season', ['int16', 'int32'])
      ? 'season'
      : has('game_pk', ['int32', 'int64'])
        ? 'game'
        : 'none';
  }
  const names = new Set<string>();
  for (const rel of relations) {
    if (names.has(rel.name)) throw new Error(`export: ${rel.name} is a name in both mlb and analytics`);
    names.add(rel.name);
  }
  return relations;
}

/**
 * For each unconstrained numeric column (a view's computed ratio), the largest scale its values
 * have: the export writes such a column as a DECIMAL of that scale.
 */
export async function unconstrainedNumericScales(
  session: ReadOnlySession,
  rel: ExportRelation,
): Promise<Map<string, number>> {
  const cols = rel.columns.filter((c) => c.kind === 'decimal' && c.precision === undefined);
  const out = new Map<string, number>();
  if (cols.length === 0) return out;
  const list = cols.map((c, i) => `coalesce(max(scale(${quoteIdent(c.name)})), 0)::int as s${i}`).join(', ');
  const [row] = await allRows(session, `select ${list} from ${relationSql(rel)}`);
  cols.forEach((c, i) => {
    out.set(c.name, Number(row?.[`s${i}`] ?? 0));
  });
  return out;
}

const seasonExpr = (rel: ExportRelation) =>
  rel.partitioning === 'season' ? 't."season"' : rel.partitioning === 'game' ? 'g.season' : 'null::int';

const fromClause = (rel: ExportRelation) =>
  rel.partitioning === 'game'
    ? `${relationSql(rel)} t left join mlb.games g on g.game_pk = t."game_pk"`
    : `${relationSql(rel)} t`;

/** A season to read: a year, `null` for the rows without one, `undefined` for every row. */
export type SeasonFilter = number | null | undefined;

function whereSeason(rel: ExportRelation, season: SeasonFilter): string {
  if (season === undefined || rel.partitioning === 'none') return '';
  if (season === null) return ` where ${seasonExpr(rel)} is null`;
  if (!Number.isSafeInteger(season)) throw new Error(`export: bad season ${season}`);
  return ` where ${seasonExpr(rel)} = ${season}`;
}

export interface PartitionFingerprint {
  /** The season, or null for rows without one (and for a relation without seasons). */
  season: number | null;
  rows: number;
  /** Order-free digest of the rows' text: the sum of a 64-bit hash of each row, as text. */
  digest: string;
}

/**
 * Count and digest the rows of a relation per season (one row for a relation without seasons), in
 * one scan. Any change of a row (a correction, a rebuild's new run_id, a deleted row) changes its
 * season's digest; unchanged seasons keep theirs.
 */
export async function partitionFingerprints(
  session: ReadOnlySession,
  rel: ExportRelation,
  season?: number,
): Promise<PartitionFingerprint[]> {
  const grouped = rel.partitioning !== 'none';
  const rows = await allRows(
    session,
    `select ${grouped ? `${seasonExpr(rel)}` : 'null::int'} as season, count(*)::text as n,
            coalesce(sum(hashtextextended(t::text, 0)), 0)::text as h
       from ${fromClause(rel)}${whereSeason(rel, season)}${grouped ? ' group by 1' : ''}`,
  );
  return rows.map((r) => ({
    season: r.season === null ? null : Number(r.season),
    rows: Number(r.n),
    digest: String(r.h),
  }));
}

function selectExpression(c: ExportColumn): string {
  const col = `t.${quoteIdent(c.name)}`;
  switch (c.kind) {
    case 'int64':
    case 'decimal':
    case 'json':
    case 'other':
      return `${col}::text`;
    case 'date':
      return `(${col} - date '1970-01-01')`;
    case 'timestamptz':
    case 'timestamp':
      return `(extract(epoch from ${col}) * 1000000)::int8::text`;
    default:
      return col;
  }
}

/**
 * The statement reading `columns` of a relation's rows of one season (or all of them), each column
 * in the form {@link ExportValueKind} describes, named c0, c1… in the order given.
 */
export function exportRowsQuery(rel: ExportRelation, columns: readonly ExportColumn[], season: SeasonFilter): string {
  const list = columns.map((c, i) => `${selectExpression(c)} as c${i}`).join(', ');
  return `select ${list} from ${fromClause(rel)}${whereSeason(rel, season)}`;
}

/** Stream the rows of {@link exportRowsQuery} through a cursor, `batchRows` at a time. */
export async function streamExportRows(
  session: ReadOnlySession,
  rel: ExportRelation,
  columns: readonly ExportColumn[],
  season: SeasonFilter,
  batchRows: number,
  onBatch: (rows: Row[]) => Promise<void>,
): Promise<void> {
  await session.stream(exportRowsQuery(rel, columns, season), { cursor: true, batchRows }, async (rows) => {
    await onBatch(rows);
    return undefined;
  });
}

export interface WarehouseState {
  /** The latest run of the ingest ledger (ingest.runs), if any. */
  latestRunId: string | null;
  /** Migrations applied, and the hash of the last one. */
  migrations: number;
  lastMigrationHash: string | null;
  /** The server's clock when the snapshot was taken. */
  takenAt: string;
}

/** What the warehouse was when the export's snapshot was taken. */
export async function warehouseState(session: ReadOnlySession): Promise<WarehouseState> {
  const [row] = await allRows(
    session,
    `select (select max(run_id) from ingest.runs)::text as run_id,
            (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
            (select hash from drizzle.__drizzle_migrations order by id desc limit 1) as hash,
            to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as taken_at`,
  );
  return {
    latestRunId: row?.run_id === null || row?.run_id === undefined ? null : String(row.run_id),
    migrations: Number(row?.migrations ?? 0),
    lastMigrationHash: row?.hash === null || row?.hash === undefined ? null : String(row.hash),
    takenAt: String(row?.taken_at),
  };
}
