import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import {
  contentsOf,
  readStoredContents,
  StoredRevisionError,
  storeGameRevisions,
} from '../../../src/db/game-revisions.js';
import { readGameRevisions, readStoredGameBodies } from '../../../src/db/queries/revisions.js';
import { storeGame } from '../../../src/db/store-game.js';
import { applyRevisionPatch, canonicalBody } from '../../../src/extract/revision.js';
import { REVISION_RULES } from '../../../src/pipeline/load/revision-rules.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { revisionBody, storedTextShas } from '../../helpers/revision-body.js';
import { HISTORY_TABLES, tablesDigest } from '../../helpers/digest.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;

interface Rev {
  pk: number;
  kind: string;
  revision: number;
  encoding: string;
  chars: number;
  body: string;
  sha: string;
}

/**
 * A game's first revision of a kind is `stored`: it has no body, and stands for the canonical content
 * of the body raw.* keeps, until a later revision makes it whole (docs/history.md, "Small").
 */
describe('revision 1 stands for the body raw.* stores', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let day0: number[] = [];
  const deps = () => runDeps(t.database, h, { gameSource: 'boxscore' });
  const revs = async (where = ''): Promise<Rev[]> =>
    (
      await queryRows<Rev>(
        t.database.db,
        sql.raw(`select game_pk as pk, kind, revision, encoding, body_chars as chars, body::text as body,
                   content_sha256 as sha from raw.game_revisions ${where} order by 1, 2, 3`),
      )
    ).map((r) => ({ ...r, pk: Number(r.pk), revision: Number(r.revision), chars: Number(r.chars) }));
  const digest = (where?: string) => tablesDigest(t.database.db, HISTORY_TABLES, where);

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 11 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 11, now: new Date(Date.parse(`${addDays(d0, 1)}T14:00:00Z`)) });
    const run = await backfillJob.run(deps(), { range: { startDate: d0, endDate: d0 } });
    expect(run.status, String(run.error)).toBe('succeeded');
    day0 = h.sim
      .listGames()
      .filter((g) => g.officialDate === d0 && g.codedGameState === 'F')
      .map((g) => g.gamePk)
      .sort((a, b) => a - b);
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('keeps a new game revision 1 as `stored`, with no body, whose hash is the raw body canonical content', {
    timeout: 120_000,
  }, async () => {
    const all = await revs();
    expect(all.length).toBe(day0.length * 2);
    for (const r of all) {
      expect({ revision: r.revision, encoding: r.encoding, chars: r.chars, body: r.body }).toEqual({
        revision: 1,
        encoding: 'stored',
        chars: 0,
        body: 'null',
      });
    }
    const pk = day0[0]!;
    const stored = await readStoredContents(t.database.db, REVISION_RULES, pk);
    for (const r of all.filter((x) => x.pk === pk)) expect(stored.get(r.kind)?.sha).toBe(r.sha);
    // Their contents are the raw bodies'.
    const chain = contentsOf(await readGameRevisions(t.database.db, pk), applyRevisionPatch, stored);
    expect(chain.get('playByPlay')?.content).toEqual(stored.get('playByPlay')?.content);
    // Without the raw bodies, a `stored` revision has no content.
    const revisions = await readGameRevisions(t.database.db, pk);
    expect(() => contentsOf(revisions, applyRevisionPatch)).toThrow(StoredRevisionError);
    // Each records the hash of the text raw.* stored beside it, as the server hashes that text.
    expect(await storedTextShas(t.database.db)).toEqual({ stored: { n: all.length, matching: all.length, none: 0 } });
  });

  it('seeds a game stored before revisions were kept: an unchanged body `stored`, with the hash the server gives its text', {
    timeout: 120_000,
  }, async () => {
    const pk = day0[5]!;
    let seeded: Array<{ kind: string; revision: number; encoding: string; sha: string | null; served: string }> = [];
    let added = -1;
    // In a transaction rolled back at its end: the later tests see the game as the backfill left it.
    await expect(
      t.database.db.transaction(async (tx) => {
        // As a release that kept no revision left the game: its bodies in raw.*, no revision.
        await tx.execute(sql.raw(`delete from raw.game_revisions where game_pk = ${pk}`));
        const stored = await readStoredGameBodies(tx, pk);
        const box = JSON.parse(stored.find((b) => b.kind === 'boxscore')!.text);
        const pbp = JSON.parse(stored.find((b) => b.kind === 'playByPlay')!.text);
        // The boxscore fetched again as it was, the play-by-play with a new member.
        added = await storeGameRevisions(
          tx,
          REVISION_RULES,
          pk,
          [
            revisionBody('boxscore', box, 'boxscore'),
            revisionBody('playByPlay', { ...pbp, dugoutNote: 1 }, 'boxscore'),
          ],
          undefined,
          1,
          new Date(),
          true,
        );
        seeded = (
          await queryRows<{ kind: string; revision: number; encoding: string; sha: string | null; served: string }>(
            tx,
            sql.raw(`select r.kind, r.revision::int as revision, r.encoding, r.stored_text_sha256 as sha,
                       encode(sha256(convert_to(b.body::text, 'UTF8')), 'hex') as served
                     from raw.game_revisions r join raw.boxscores b using (game_pk)
                     where game_pk = ${pk} order by 1, 2`),
          )
        ).map((r) => ({ ...r, revision: Number(r.revision) }));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(added).toBe(1);
    const served = seeded[0]?.served;
    expect(served).toMatch(/^[0-9a-f]{64}$/);
    expect(seeded.map(({ served: _s, ...r }) => r)).toEqual([
      { kind: 'boxscore', revision: 1, encoding: 'stored', sha: served },
      { kind: 'playByPlay', revision: 1, encoding: 'whole', sha: null },
      { kind: 'playByPlay', revision: 2, encoding: 'patch', sha: null },
    ]);
    expect(await revs(`where game_pk = ${pk}`)).toHaveLength(2);
  });

  it('makes revision 1 whole from the raw body when a correction comes, then keeps the correction as a patch', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const corrected = day0[1]!;
    const oldBodies = await readStoredGameBodies(db, corrected);
    // The other games of the day (the sync also loads the next day's).
    const othersOfDay = `where game_pk <> ${corrected} and game_pk in (${day0.join(', ')})`;
    const others = await revs(othersOfDay);
    h.sim.advance(DAY);
    h.sim.correctGame(corrected);
    const run = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect(run.status, String(run.error)).toBe('succeeded');

    const mine = await revs(`where game_pk = ${corrected}`);
    const changedKinds = mine.filter((r) => r.revision === 2).map((r) => r.kind);
    expect(changedKinds).toContain('playByPlay');
    for (const kind of ['boxscore', 'playByPlay']) {
      const first = mine.find((r) => r.kind === kind && r.revision === 1)!;
      if (!changedKinds.includes(kind)) {
        expect(first.encoding).toBe('stored');
        continue;
      }
      // Revision 1 is now the canonical content of the raw body it stood for, whole.
      const old = oldBodies.find((b) => b.kind === kind)!;
      const canonical = canonicalBody(kind as 'boxscore', JSON.parse(old.text));
      expect(first.encoding).toBe('whole');
      expect(first.sha).toBe(canonical.sha);
      expect(JSON.parse(first.body)).toEqual(canonical.content);
      expect(first.chars).toBe(canonical.text.length);
      expect(mine.find((r) => r.kind === kind && r.revision === 2)?.encoding).toBe('patch');
    }
    // No other game's revisions moved.
    expect(await revs(othersOfDay)).toEqual(others);

    // The chain rebuilt is what the simulator serves now.
    const chain = contentsOf(
      await readGameRevisions(db, corrected),
      applyRevisionPatch,
      await readStoredContents(db, REVISION_RULES, corrected),
    );
    for (const kind of ['boxscore', 'playByPlay'] as const) {
      const served = await (await fetch(`${h.url}/v1/game/${corrected}/${kind}`)).json();
      const now = canonicalBody(kind, served);
      expect(chain.get(kind)?.sha).toBe(now.sha);
      expect(chain.get(kind)?.content).toEqual(now.content);
    }

    // An unchanged pass writes nothing.
    const before = await revs();
    const quiet = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect(quiet.status, String(quiet.error)).toBe('succeeded');
    expect(await revs()).toEqual(before);
  });

  it('replays `stored` revisions in the rebuild: the same rows, history and scoring changes, without a request', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const before = await digest();
    await db.execute(sql.raw('delete from mlb.plays_history'));
    await db.execute(sql.raw('delete from mlb.scoring_changes'));
    const requests = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ revisionRejects: 0 });
    expect(h.sim.requestLog.length).toBe(requests);
    expect(await digest()).toEqual(before);
  });

  it('leaves a game whose load is killed after its revision 1 was made whole as it was: still `stored`', {
    timeout: 60_000,
  }, async () => {
    const db = t.database.db;
    const pk = day0[2]!;
    const before = await revs(`where game_pk = ${pk}`);
    expect(before.every((r) => r.encoding === 'stored')).toBe(true);
    const stored = await readStoredGameBodies(db, pk);
    const body = (kind: string) => JSON.parse(stored.find((b) => b.kind === kind)!.text) as Record<string, unknown>;
    const box = { ...body('boxscore'), changed: 1 };
    const pbp = { ...body('playByPlay'), changed: 1 };
    let rowsAsked = false;
    await expect(
      db.transaction(async (tx) => {
        await storeGame(
          tx,
          {
            gamePk: pk,
            boxscore: { text: JSON.stringify(box), sha: 'a', canonicalSha: canonicalBody('boxscore', box).sha },
            playByPlay: { text: JSON.stringify(pbp), sha: 'b', canonicalSha: canonicalBody('playByPlay', pbp).sha },
            source: 'boxscore',
            feedTimestamp: null,
            revisionRules: REVISION_RULES,
          },
          () => {
            // Asked after the revisions were written (revision 1 made whole, revision 2 a patch).
            rowsAsked = true;
            throw new Error('killed before the rows');
          },
          1,
        );
      }),
    ).rejects.toThrow('killed before the rows');
    expect(rowsAsked).toBe(true);
    expect(await revs(`where game_pk = ${pk}`)).toEqual(before);
  });

  it('checks a raw body whose text changed but not its content by that content: the rebuild keeps the game', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const rewritten = day0[4]!;
    expect((await revs(`where game_pk = ${rewritten}`)).map((r) => r.encoding)).toEqual(['stored', 'stored']);
    // jsonb writes the same content again with its own key order and spacing: a new text, one content.
    await db.execute(sql.raw(`update raw.boxscores set body = body::jsonb::json where game_pk = ${rewritten}`));
    const byEncoding = await storedTextShas(db);
    expect(byEncoding.stored!.matching).toBe(byEncoding.stored!.n - 1);
    const before = await digest();
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ revisionRejects: 0 });
    expect(await digest()).toEqual(before);
  });

  it('refuses a raw body changed without a revision: the rebuild rejects the game and keeps its rows, a load throws', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const altered = day0[3]!;
    expect((await revs(`where game_pk = ${altered}`)).map((r) => r.encoding)).toEqual(['stored', 'stored']);
    // A field the extraction does not read: the rows stay, the canonical content does not.
    await db.execute(
      sql.raw(`update raw.play_by_play set body = ('{"alteredBehindDugout":true,' || substr(body::text, 2))::json
               where game_pk = ${altered}`),
    );
    const alteredBefore = await digest(`game_pk = ${altered}`);
    const othersBefore = await digest(`game_pk <> ${altered}`);
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ revisionRejects: 1 });
    expect(await digest(`game_pk = ${altered}`)).toEqual(alteredBefore);
    expect(await digest(`game_pk <> ${altered}`)).toEqual(othersBefore);
    const rejects = await queryRows<{ pk: number; path: string }>(
      db,
      sql`select game_pk as pk, path from ingest.rejects where target = 'game_revisions'`,
    );
    expect(rejects.map((r) => [Number(r.pk), r.path])).toEqual([[altered, 'raw.game_revisions[playByPlay,1]']]);
    // A correction of that game cannot make its revision 1 whole: the load refuses, and writes nothing.
    const before = await revs(`where game_pk = ${altered}`);
    const stored = await readStoredGameBodies(db, altered);
    const pbp = { ...(JSON.parse(stored.find((b) => b.kind === 'playByPlay')!.text) as object), changed: 1 };
    await expect(
      db.transaction((tx) =>
        storeGameRevisions(
          tx,
          REVISION_RULES,
          altered,
          [revisionBody('playByPlay', pbp, 'boxscore')],
          'repoll',
          1,
          new Date(),
          true,
        ),
      ),
    ).rejects.toBeInstanceOf(StoredRevisionError);
    expect(await revs(`where game_pk = ${altered}`)).toEqual(before);
  });
});
