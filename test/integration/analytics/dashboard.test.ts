import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ rawSql: string }>;
}

const dashboard = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'docker/grafana/provisioning/dashboards/dugout-overview.json'), 'utf8'),
) as { panels: Panel[] };
const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => [p.title, t.rawSql] as const));

/** Grafana's macro, as it expands it for a time range. */
const expand = (q: string) => q.replace(/\$__timeFilter\(([^()]+)\)/g, "$1 > now() - interval '7 days'");

// A role with the reader's grants (SELECT on analytics and mlb only) runs every panel's query.
describe.runIf(testBackend() === 'postgres')('the provisioned Grafana dashboard', () => {
  let t: TestDatabase;
  const role = `dugout_dash_${process.pid}`;
  let admin: postgres.Sql;
  beforeAll(async () => {
    t = await createTestDatabase();
    admin = postgres(t.url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop role if exists ${role}`);
    await admin.unsafe(`create role ${role} nologin`);
    for (const schema of ['analytics', 'mlb']) {
      await admin.unsafe(`grant usage on schema ${schema} to ${role}`);
      await admin.unsafe(`grant select on all tables in schema ${schema} to ${role}`);
    }
  }, 120_000);
  afterAll(async () => {
    await admin?.unsafe(`drop owned by ${role}`).catch(() => {});
    await admin?.end();
    await t?.drop();
    const a = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
      max: 1,
      onnotice: () => {},
    });
    await a.unsafe(`drop role if exists ${role}`).catch(() => {});
    await a.end();
  });

  it('has an operations row', () => {
    expect(dashboard.panels.some((p) => p.type === 'row' && /operations/i.test(p.title))).toBe(true);
  });

  it.each(queries)('panel "%s" runs as the reader role', async (_title, rawSql) => {
    await expect(t.database.readOnlyQuery(expand(rawSql), { timeoutMs: 10_000, role })).resolves.toBeInstanceOf(Array);
  });
});
