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

it('documents every table and view of the warehouse', async () => {
  const relations = await describeWarehouse(t.database.db);
  expect(relations.length).toBeGreaterThan(40);
  const doc = readFileSync(WAREHOUSE_DOC, 'utf8');
  for (const r of relations) expect(doc).toContain(`### \`${r.schema}.${r.name}\``);
});
