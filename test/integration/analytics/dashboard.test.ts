import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/db/client.js';
import { applyReaderRole } from '../../../src/db/reader-role.js';
import { scramSha256Verifier } from '../../../src/db/scram.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

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

// The role `dugout reader-role` makes, logged in as, runs every panel's query (Grafana's data source).
describeNeeds('PostgreSQL', testBackend() === 'postgres')('the provisioned Grafana dashboard', () => {
  let t: TestDatabase;
  let reader: Database;
  const role = `dugout_dash_${process.pid}`;
  beforeAll(async () => {
    t = await createTestDatabase();
    const { problems } = await applyReaderRole(t.database, {
      role,
      passwordVerifier: scramSha256Verifier('dashboard-reader'),
      statementTimeoutMs: 10_000,
      idleInTransactionTimeoutMs: 10_000,
      connectionLimit: 2,
      tempFileLimitKb: 1024 * 1024,
    });
    expect(problems).toEqual([]);
    const url = new URL(t.url!);
    url.username = role;
    reader = await createDatabase({ databaseUrl: url.toString(), pgliteDir: '' }, { maxConnections: 1 });
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
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
    const ran = await reader.readOnlySession({ timeoutMs: 10_000 }, async (session) => {
      await session.stream(expand(rawSql), { cursor: true, batchRows: 100 }, async () => undefined);
      return session.login;
    });
    expect(ran).toBe(role);
  });
});
