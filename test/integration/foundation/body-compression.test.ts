import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';

/**
 * Stored bodies are compressed with lz4 where the server has it (migrations 0001, 0008, 0017, and
 * 0041 for the live feeds, which had been missed, 0056 for the game revisions): it costs the server a fraction of pglz's CPU, the
 * default. The embedded PGlite has no lz4 and keeps pglz. Either way a body comes back as stored.
 */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

describe.each(BACKENDS)('a stored body, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
  });
  afterAll(() => t.drop());

  it('is compressed with lz4 in every raw body column where the server has it, pglz where not', async () => {
    const columns = await queryRows<{ col: string; compression: string }>(
      t.database.db,
      sql`select a.attrelid::regclass::text || '.' || a.attname as col, a.attcompression::text as compression
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relnamespace = 'raw'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and a.attname = 'body'
          order by 1`,
    );
    expect(columns.map((c) => c.col)).toEqual([
      'raw.boxscores.body',
      'raw.game_revisions.body',
      'raw.live_feeds.body',
      'raw.people.body',
      'raw.play_by_play.body',
      'raw.responses.body',
      'raw.snapshots.body',
      'raw.win_probability.body',
    ]);
    expect(new Set(columns.map((c) => c.compression))).toEqual(new Set([kind === 'postgres' ? 'l' : '']));
  });

  it('comes back as it was stored, the compression the column says', async () => {
    // Large and repetitive enough to be compressed: a play-by-play of many alike plays.
    const plays = Array.from({ length: 400 }, (_, i) => ({ atBatIndex: i, result: { event: 'Strikeout' } }));
    const text = JSON.stringify({ allPlays: plays, copyright: '©' });
    await t.database.db.execute(
      sql`insert into raw.play_by_play (game_pk, body, body_sha256) values (1, ${text}::json, 'x')`,
    );
    const [row] = await queryRows<{ body: string; method: string }>(
      t.database.db,
      sql`select body::text as body, pg_column_compression(body) as method from raw.play_by_play where game_pk = 1`,
    );
    expect(row?.body).toBe(text);
    expect(row?.method).toBe(kind === 'postgres' ? 'lz4' : 'pglz');
  });
});
