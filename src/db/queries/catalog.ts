import { queryRows, sql, type Db } from '../client.js';

/** The schemas of the warehouse, in the order a reader meets them. */
export const WAREHOUSE_SCHEMAS = ['mlb', 'analytics', 'raw', 'ingest'] as const;

export interface CatalogColumn {
  name: string;
  type: string;
  notNull: boolean;
  comment: string | null;
}

export interface CatalogRelation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  comment: string | null;
  primaryKey: string[];
  columns: CatalogColumn[];
}

/**
 * Every table and view of the warehouse's schemas with its columns, types, primary key and the
 * comments (`COMMENT ON`) the migrations give them: what docs/warehouse.md is generated from.
 */
export async function describeWarehouse(db: Db): Promise<CatalogRelation[]> {
  const schemas = sql.raw(WAREHOUSE_SCHEMAS.map((s) => `'${s}'`).join(', '));
  const relations = await queryRows<{
    schema: string;
    name: string;
    kind: string;
    comment: string | null;
    oid: number;
  }>(
    db,
    sql`select n.nspname as schema, c.relname as name, c.relkind as kind,
               obj_description(c.oid, 'pg_class') as comment, c.oid::int as oid
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in (${schemas}) and c.relkind in ('r', 'p', 'v', 'm')
          and not c.relispartition
        order by n.nspname, c.relname`,
  );
  const columns = await queryRows<{
    oid: number;
    name: string;
    type: string;
    notNull: boolean;
    comment: string | null;
    inKey: number | null;
  }>(
    db,
    sql`select a.attrelid::int as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attnotnull as "notNull", col_description(a.attrelid, a.attnum) as comment,
               array_position(k.conkey, a.attnum) as "inKey"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_constraint k on k.conrelid = c.oid and k.contype = 'p'
        where n.nspname in (${schemas}) and c.relkind in ('r', 'p', 'v', 'm')
          and a.attnum > 0 and not a.attisdropped
        order by a.attrelid, a.attnum`,
  );
  const byRelation = new Map<number, typeof columns>();
  for (const c of columns) {
    const list = byRelation.get(c.oid) ?? [];
    list.push(c);
    byRelation.set(c.oid, list);
  }
  return relations
    .map((r) => {
      const cols = byRelation.get(r.oid) ?? [];
      return {
        schema: r.schema,
        name: r.name,
        kind: r.kind === 'v' || r.kind === 'm' ? ('view' as const) : ('table' as const),
        comment: r.comment,
        primaryKey: cols
          .filter((c) => c.inKey !== null)
          .sort((a, b) => Number(a.inKey) - Number(b.inKey))
          .map((c) => c.name),
        columns: cols.map((c) => ({ name: c.name, type: c.type, notNull: c.notNull, comment: c.comment })),
      };
    })
    .sort(
      (a, b) =>
        WAREHOUSE_SCHEMAS.indexOf(a.schema as never) - WAREHOUSE_SCHEMAS.indexOf(b.schema as never) ||
        a.name.localeCompare(b.name),
    );
}
