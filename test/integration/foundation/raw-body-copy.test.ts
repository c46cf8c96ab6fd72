import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../../src/db/client.js';
import { copyBinaryInto, copyTarget } from '../../../src/db/copy.js';
import { copyGameBody, deleteGameBodies, lockGame, readGameHashes } from '../../../src/db/queries/raw-bodies.js';
import { createTestDatabase, type TestDatabase, testBackend } from '../../helpers/db.js';
import { describeNeeds } from '../../needs.js';

/** The suite's back end, and PGlite too when that is Postgres: both take COPY's binary format. */
const BACKENDS = testBackend() === 'postgres' ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

/** A body as an API sends one: indented, escapes, characters of two, three and four bytes, over 16 KB. */
function awkwardBody(n: number): string {
  const plays = Array.from({ length: n }, (_, i) => ({
    i,
    description: `Peña (${i}) lines "out" to Núñez ⚾ 日本 🧢 back\\slash\ttab`,
  }));
  return `{\n  "copyright" : "Copyright",\n  "allPlays" : ${JSON.stringify(plays, null, 2)}\r\n}`;
}

describe.each(BACKENDS)('binary COPY on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind === 'pglite' ? { backend: 'pglite' } : {});
    await t.database.db.execute(
      sql`create table public.binary_probe (id integer primary key, big bigint, body json, note text, missing text default 'kept')`,
    );
  });
  afterAll(() => t.drop());

  it('stores every field as sent: integers, NULL, text and bytes, a large json value byte for byte', async () => {
    const large = awkwardBody(1000);
    const small = '{"a": [1, 2.50, "\\u00e9"]}';
    expect(Buffer.byteLength(large)).toBeGreaterThan(64 * 1024);
    await t.database.db.transaction(async (tx) => {
      const target = copyTarget(tx);
      if (!target) throw new Error('no COPY target');
      await copyBinaryInto(
        target,
        'public.binary_probe',
        ['id', 'big', 'body', 'note'],
        [
          [{ int4: 1 }, { int8: 2 ** 40 + 3 }, Buffer.from(large), 'Ñandú'],
          [{ int4: -2 }, null, new TextEncoder().encode(small), null],
        ],
      );
    });
    const rows = await queryRows<{
      id: number;
      big: string | null;
      body: string;
      note: string | null;
      missing: string;
    }>(
      t.database.db,
      sql`select id, big::text as big, body::text as body, note, missing from public.binary_probe order by id`,
    );
    expect(rows).toEqual([
      { id: -2, big: null, body: small, note: null, missing: 'kept' },
      { id: 1, big: String(2 ** 40 + 3), body: large, note: 'Ñandú', missing: 'kept' },
    ]);
    const [first] = await queryRows<{ d: string }>(
      t.database.db,
      sql`select body->'allPlays'->999->>'description' as d from public.binary_probe where id = 1`,
    );
    expect(first?.d).toBe('Peña (999) lines "out" to Núñez ⚾ 日本 🧢 back\\slash\ttab');
  });

  it('refuses a row of the wrong width before it starts, and the connection goes on', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        const target = copyTarget(tx);
        if (!target) throw new Error('no COPY target');
        await copyBinaryInto(target, 'public.binary_probe', ['id', 'note'], [[{ int4: 9 }]]);
      }),
    ).rejects.toThrow('a row of 1 fields for the 2 columns copied into public.binary_probe');
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from public.binary_probe`);
    expect(n?.n).toBe(2);
  });

  it('rolls back with its transaction when the server refuses the value (not JSON)', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        const target = copyTarget(tx);
        if (!target) throw new Error('no COPY target');
        await copyBinaryInto(target, 'public.binary_probe', ['id', 'body'], [[{ int4: 3 }, Buffer.from('{"cut": ')]]);
      }),
    ).rejects.toThrow(/json/i);
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from public.binary_probe`);
    expect(n?.n).toBe(2);
  });
});

describeNeeds('PostgreSQL', testBackend() === 'postgres')('a game body copied in (postgres.js)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  /** One load's writes of a game's play-by-play body, as loadGame makes them. */
  async function storeBody(gamePk: number, body: string, sha: string, runId: number, hold?: Promise<void>) {
    return t.database.db.transaction(async (tx) => {
      await lockGame(tx, gamePk);
      const before = await readGameHashes(tx, gamePk);
      await deleteGameBodies(tx, gamePk);
      const target = copyTarget(tx);
      if (target?.kind !== 'stream') throw new Error('no streaming COPY target');
      await copyGameBody(target, 'play_by_play', gamePk, Buffer.from(body), sha, runId);
      await hold;
      return before.playByPlay;
    });
  }

  it('replaces a stored body, with the upsert’s row: default fetched_at, source boxscore, no feed timestamp', async () => {
    const gamePk = 7001;
    await storeBody(gamePk, '{"allPlays": [1]}', 'one', 1);
    await storeBody(gamePk, awkwardBody(50), 'two', 2);
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select body::text as body, body_sha256, run_id::int as run_id, source, feed_timestamp,
                 fetched_at > now() - interval '1 minute' as recent
          from raw.play_by_play where game_pk = ${gamePk}`,
    );
    expect(rows).toEqual([
      { body: awkwardBody(50), body_sha256: 'two', run_id: 2, source: 'boxscore', feed_timestamp: null, recent: true },
    ]);
  });

  it('makes two loads of one new game wait for each other: the later one sees the first one’s hash', async () => {
    const gamePk = 7002;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first load has copied its body and holds its transaction open; the second starts then.
    const first = storeBody(gamePk, '{"allPlays": ["first"]}', 'first', 1, held);
    await new Promise((r) => setTimeout(r, 200));
    const second = storeBody(gamePk, '{"allPlays": ["second"]}', 'second', 2);
    await new Promise((r) => setTimeout(r, 200));
    release();
    // Without the lock both would find nothing to delete, and the second copy would fail on the
    // first one's key (23505) once the first committed.
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBe('first');
    const rows = await queryRows<{ sha: string }>(
      t.database.db,
      sql`select body_sha256 as sha from raw.play_by_play where game_pk = ${gamePk}`,
    );
    expect(rows).toEqual([{ sha: 'second' }]);
  });
});
