// Where the pages' SQL runs: the PostgreSQL warehouse as the read-only login, or the Parquet export
// read with DuckDB. Both answer `query(text, values)` with { columns, rows } of plain JSON values.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STATEMENT_TIMEOUT_MS = Number(process.env.DASHBOARDS_STATEMENT_TIMEOUT_MS ?? 10_000);

/** A PostgreSQL source: every page's queries in one read-only transaction with a statement timeout. */
export async function postgresSource(url) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, {
    max: 4,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: 'dugout-dashboards' },
    types: {
      // numeric and bigint as numbers (the figures of a page are ratios and counts), dates as text.
      numeric: { to: 1700, from: [1700], serialize: String, parse: Number },
      bigint: { to: 20, from: [20], serialize: String, parse: Number },
      date: { to: 1082, from: [1082], serialize: String, parse: (s) => s },
    },
  });
  return {
    kind: 'postgres',
    describe: redact(url),
    live: true,
    has: () => true,
    async session(fn) {
      return sql.begin('read only', async (tx) => {
        await tx.unsafe(`set local statement_timeout = ${Math.trunc(STATEMENT_TIMEOUT_MS)}`);
        await tx.unsafe('set local search_path = analytics, mlb');
        return fn(async (text, values) => {
          // A savepoint each: a relation this warehouse lacks fails its block, not the page's others.
          const result = await tx.savepoint((sp) => sp.unsafe(text, values));
          return { columns: result.columns.map((c) => c.name), rows: result.map((r) => jsonRow(r)) };
        });
      });
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A Parquet source: one DuckDB view per exported table, named as the table (no schema). */
export async function parquetSource(folder) {
  const manifestPath = path.join(folder, '_manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${folder} holds no Parquet export (no _manifest.json): run \`npx dugout export parquet --out ${folder}\``);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  const tables = new Set();
  for (const [name, table] of Object.entries(manifest.tables ?? {})) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) continue;
    const files = Object.values(table.partitions ?? {}).flatMap((p) => p.files ?? []);
    const q = (s) => `'${s.replaceAll("'", "''")}'`;
    if (files.length > 0) {
      // A season-partitioned table with no rows is one file of its schema at the table's folder (its
      // partition key ''), the season a column of it: read flat, as an unpartitioned table.
      const seasonal = table.partitionedBy === 'season' && Object.keys(table.partitions ?? {}).some((k) => k !== '');
      const glob = path.join(folder, name, seasonal ? '*/*.parquet' : '*.parquet');
      const hive = seasonal ? "hive_partitioning = true, hive_types = {'season': INTEGER}" : 'hive_partitioning = false';
      // Loaded once into DuckDB's memory (columnar, compressed): each page's queries then read no file.
      // DASHBOARDS_PARQUET_LOAD=0 reads the files at each query instead (a warehouse larger than memory).
      const kind = process.env.DASHBOARDS_PARQUET_LOAD === '0' ? 'view' : 'table';
      await conn.run(`create ${kind} "${name}" as select * from read_parquet(${q(glob)}, ${hive})`);
    } else {
      // No rows: a view of no rows with the table's columns, so a page's SQL still binds.
      const cols = (table.columns ?? []).map((c) => `cast(null as ${duckType(c.postgres)}) as "${c.name}"`);
      if (table.partitionedBy === 'season' && !(table.columns ?? []).some((c) => c.name === 'season')) {
        cols.push('cast(null as integer) as season');
      }
      if (cols.length === 0) continue;
      await conn.run(`create view "${name}" as select ${cols.join(', ')} where false`);
    }
    tables.add(name);
  }
  let queue = Promise.resolve();
  return {
    kind: 'parquet',
    describe: `${folder} (export of ${manifest.warehouse?.takenAt ?? 'unknown time'})`,
    live: false,
    manifest,
    has: (name) => tables.has(name),
    async session(fn) {
      // One connection: the page's queries one after another.
      const run = queue.then(() =>
        fn(async (text, values) => {
          const reader = await conn.runAndReadAll(text, values);
          const columns = reader.columnNames();
          const types = reader.columnTypes().map((t) => String(t));
          const rows = reader.getRowObjectsJson().map((r) => {
            const out = {};
            columns.forEach((c, i) => {
              out[c] = fromDuck(r[c], types[i]);
            });
            return out;
          });
          return { columns, rows };
        }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

function fromDuck(v, type) {
  if (v === null || v === undefined) return null;
  if (/^(DECIMAL|BIGINT|HUGEINT|UBIGINT|INTEGER|SMALLINT|DOUBLE|FLOAT)/.test(type) && typeof v === 'string') {
    return Number(v);
  }
  // DuckDB writes a TIMESTAMPTZ's offset as `+00`, which Date does not read: `+00:00`.
  if (/^TIMESTAMP/.test(type) && typeof v === 'string') {
    return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
  }
  return v;
}

function duckType(pg) {
  const t = String(pg);
  if (/^(integer|smallint)/.test(t)) return 'INTEGER';
  if (/^bigint/.test(t)) return 'BIGINT';
  if (/^(numeric|double|real)/.test(t)) return 'DOUBLE';
  if (/^boolean/.test(t)) return 'BOOLEAN';
  if (/^date/.test(t)) return 'DATE';
  if (/^timestamp with time zone/.test(t)) return 'TIMESTAMPTZ';
  if (/^timestamp/.test(t)) return 'TIMESTAMP';
  return 'VARCHAR';
}

function jsonRow(r) {
  const out = {};
  for (const [k, v] of Object.entries(r)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
