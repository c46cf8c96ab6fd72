import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWarehouse } from '../../../src/db/queries/catalog.js';
import { renderWarehouseDoc, WAREHOUSE_DOC } from '../../../scripts/warehouse-doc.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

it('docs/warehouse.md is what the migrated schema and its comments generate (run `npm run docs:warehouse`)', async () => {
  const generated = renderWarehouseDoc(await describeWarehouse(t.database.db));
  expect(readFileSync(WAREHOUSE_DOC, 'utf8')).toBe(generated);
});

it('describes every table, view and column of the warehouse (a COMMENT ON each)', async () => {
  const relations = await describeWarehouse(t.database.db);
  expect(relations.length).toBeGreaterThan(40);
  expect(relations.filter((r) => !r.comment).map((r) => `${r.schema}.${r.name}`)).toEqual([]);
  const bare = relations.flatMap((r) =>
    r.columns.filter((c) => !c.comment).map((c) => `${r.schema}.${r.name}.${c.name}`),
  );
  expect(bare).toEqual([]);
});
