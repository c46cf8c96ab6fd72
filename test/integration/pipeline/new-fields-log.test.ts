import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import type { PipelineContext } from '../../../src/pipeline/context.js';
import { newFieldRows } from '../../../src/extract/new-paths.js';
import { recordNewPaths } from '../../../src/pipeline/new-fields.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

describe('new fields in the log', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('are logged once per process each, while ingest.new_fields counts every sighting', async () => {
    const lines: Array<{ msg: string; paths?: string[] }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const ctx = { db: t.database.db, log: pino({ level: 'info' }, sink) } as unknown as PipelineContext;
    const body = (extra: Record<string, unknown>) => ({ copyright: 'x', totalItems: 0, ...extra });
    // A daemon's passes meet the same new field again and again; a second one later.
    for (let pass = 0; pass < 3; pass++) await recordNewPaths(ctx, newFieldRows('schedule', body({ addedA: 1 }), 'p'));
    await recordNewPaths(ctx, newFieldRows('schedule', body({ addedA: 1, addedB: 2 }), 'q'));
    const logged = lines.filter((l) => l.msg === 'new fields');
    expect(logged.map((l) => l.paths)).toEqual([['schedule:addedA'], ['schedule:addedB']]);
    const rows = await queryRows<{ path: string; seen: number }>(
      t.database.db,
      sql`select path, seen::int as seen from ingest.new_fields where path like 'added%' order by path`,
    );
    expect(rows).toEqual([
      { path: 'addedA', seen: 4 },
      { path: 'addedB', seen: 1 },
    ]);
  });
});
