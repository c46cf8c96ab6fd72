import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { contentsOf, readStoredContents, storeGameRevisions } from '../../../src/db/game-revisions.js';
import { readGameRevisions, readStoredGameBodies } from '../../../src/db/queries/revisions.js';
import { storeGame } from '../../../src/db/store-game.js';
import { splitFeedLive } from '../../../src/extract/index.js';
import { applyRevisionPatch, canonicalBody, RevisionPatchError } from '../../../src/extract/revision.js';
import { REVISION_RULES } from '../../../src/pipeline/load/revision-rules.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { revisionBody } from '../../helpers/revision-body.js';
import { scalar } from '../../helpers/digest.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;

/** The canonical contents the simulator serves for a game now, per revision kind. */
async function served(h: SimHarness, pk: number, source: 'boxscore' | 'feed') {
  if (source === 'feed') {
    const feed = await (await fetch(`${h.url}/v1.1/game/${pk}/feed/live`)).json();
    const parts = splitFeedLive(feed);
    return {
      boxscore: canonicalBody('boxscore', parts.boxscore),
      playByPlay: canonicalBody('playByPlay', parts.playByPlay),
    };
  }
  const box = await (await fetch(`${h.url}/v1/game/${pk}/boxscore`)).json();
  const pbp = await (await fetch(`${h.url}/v1/game/${pk}/playByPlay`)).json();
  return { boxscore: canonicalBody('boxscore', box), playByPlay: canonicalBody('playByPlay', pbp) };
}

interface Rev {
  pk: number;
  kind: string;
  revision: number;
  reason: string;
  encoding: string;
  source: string;
}

describe.each(['boxscore', 'feed'] as const)("revisions of a game's bodies (source %s)", (source) => {
  let t: TestDatabase;
  let h: SimHarness;
  let d0: string;
  const revs = async (): Promise<Rev[]> =>
    (
      await queryRows<{ pk: number; kind: string; revision: number; reason: string; encoding: string; source: string }>(
        t.database.db,
        sql`select game_pk as pk, kind, revision, reason, encoding, source from raw.game_revisions order by 1, 2, 3`,
      )
    ).map((r) => ({ ...r, pk: Number(r.pk), revision: Number(r.revision) }));
  const deps = () => runDeps(t.database, h, { gameSource: source });

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 5 });
    d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 5, now: new Date(Date.parse(`${addDays(d0, 2)}T14:00:00Z`)) });
    const run = await backfillJob.run(deps(), { range: { startDate: d0, endDate: addDays(d0, 1) } });
    if (run.status !== 'succeeded') {
      const errs = await queryRows(
        t.database.db,
        sql`select key, last_error from ingest.work_items where last_error is not null limit 3`,
      );
      throw new Error(JSON.stringify({ run, errs }).slice(0, 3000));
    }
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('keeps each distinct body once: whole first, a correction and a re-poll as patches that rebuild the served content', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const first = await revs();
    const games = [...new Set(first.map((r) => r.pk))];
    expect(games.length).toBeGreaterThan(4);
    // Every game: one boxscore and one play-by-play, new_final, from the source used, standing for
    // the bodies raw.* stores (`stored`: no body of their own).
    expect(first).toEqual(
      games.flatMap((pk) =>
        ['boxscore', 'playByPlay'].map((kind) => ({
          pk,
          kind,
          revision: 1,
          reason: 'new_final',
          encoding: 'stored',
          source,
        })),
      ),
    );

    // A pass with nothing new adds no revision and no re-poll is due yet.
    const quiet = await syncJob.run(deps(), { daysBack: 3, daysAhead: 0 });
    expect(quiet.status, String(quiet.error)).toBe('succeeded');
    expect(await revs()).toEqual(first);

    const day0 = h.sim
      .listGames()
      .filter((g) => g.officialDate === d0 && g.codedGameState === 'F')
      .map((g) => g.gamePk)
      .sort((a, b) => a - b);
    const listed = day0[0]!;
    const silent = day0[1]!;
    // d0+4 14:00: the 3-day re-poll of d0's games is due, and the 1-day one of d0+1's (they were
    // fetched at d0+2 14:00, before a day had passed since their end); the others not yet.
    h.sim.advance(2 * DAY);
    const fixes = [h.sim.correctGame(listed), h.sim.correctGame(silent, { silent: true })];
    const decided = day0[3]!;
    const decision = h.sim.correctGame(decided, { kind: 'decision' });
    const run = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect(run.status, String(run.error)).toBe('succeeded');
    expect((run.result as { repolls: { queued: number } }).repolls.queued).toBe(games.length);

    const after = await revs();
    const added = after.filter((r) => r.revision > 1);
    // The listed correction is a `correction` (found by the change log, or by its re-poll: the same
    // fetch), the silent one a `repoll`; no other game changed.
    // The decision moves between two boxscore lines (and the feed's decisions): the boxscore changes
    // with either source, the play-by-play only with the feed (which carries the boxscore too).
    expect(
      added
        .filter((r) => r.pk !== decided)
        .map((r) => r.pk)
        .sort(),
    ).toEqual([listed, listed, silent, silent].sort());
    expect(added.filter((r) => r.pk === decided).map((r) => r.kind)).toContain('boxscore');
    for (const r of added) expect(r.encoding).toBe('patch');
    // The revision 1 each patch follows was made whole from the raw body it stood for; the others stay.
    for (const r of after.filter((x) => x.revision === 1)) {
      const patched = added.some((a) => a.pk === r.pk && a.kind === r.kind);
      expect(r.encoding).toBe(patched ? 'whole' : 'stored');
    }
    expect(added.filter((r) => r.pk === silent).map((r) => r.reason)).toEqual(['repoll', 'repoll']);
    expect(added.filter((r) => r.pk === listed).every((r) => r.reason === 'correction' || r.reason === 'repoll')).toBe(
      true,
    );

    for (const pk of [listed, silent, day0[2]!]) {
      const chain = contentsOf(
        await readGameRevisions(db, pk),
        applyRevisionPatch,
        await readStoredContents(db, REVISION_RULES, pk),
      );
      const now = await served(h, pk, source);
      expect(chain.get('boxscore')?.content).toEqual(now.boxscore.content);
      expect(chain.get('playByPlay')?.content).toEqual(now.playByPlay.content);
      expect(chain.get('playByPlay')?.sha).toBe(now.playByPlay.sha);
    }
    const sizes = await queryRows<{ encoding: string; chars: number }>(
      db,
      sql`select encoding, max(body_chars)::int as chars from raw.game_revisions where kind = 'playByPlay' group by 1`,
    );
    const whole = sizes.find((s) => s.encoding === 'whole')!.chars;
    const patch = sizes.find((s) => s.encoding === 'patch')!.chars;
    expect(patch * 20).toBeLessThan(whole);

    // The scoring changes: on the two corrected games only, the corrected play's event as the
    // simulator described it, and the lines it moved.
    const changes = await queryRows<{ pk: number; fact: string; ab: number | null; before: string; after: string }>(
      db,
      sql`select game_pk as pk, fact, at_bat_index as ab, before, after from mlb.scoring_changes order by 1, 2, 3`,
    );
    expect([...new Set(changes.map((c) => Number(c.pk)))].sort()).toEqual([listed, silent, decided].sort());
    const [, to, from] = /win credited to (\d+) instead of (\d+)/.exec(decision.description)!.map(Number);
    const decisionChanges = await queryRows<{
      fact: string;
      person: number;
      before: string | null;
      after: string | null;
    }>(
      db,
      sql`select fact, person_id as person, before, after from mlb.scoring_changes where game_pk = ${decided} order by person_id`,
    );
    expect(decisionChanges.filter((c) => c.fact === 'pitching.decision')).toEqual(
      [
        { fact: 'pitching.decision', person: from, before: 'W', after: null },
        { fact: 'pitching.decision', person: to, before: null, after: 'W' },
      ].sort((a, b) => a.person! - b.person!),
    );
    expect(decisionChanges.filter((c) => c.fact.startsWith('play.') || c.fact.startsWith('batting.'))).toEqual([]);
    for (const fix of fixes) {
      if (fix.gamePk === decided) continue;
      const m = /atBatIndex (\d+) changed from (single|fielding error) to (single|fielding error)/.exec(
        fix.description,
      )!;
      const type = (s: string) => (s === 'single' ? 'single' : 'field_error');
      const mine = changes.filter((c) => Number(c.pk) === fix.gamePk);
      expect(mine.filter((c) => c.fact === 'play.event_type')).toEqual([
        { pk: fix.gamePk, fact: 'play.event_type', ab: Number(m[1]), before: type(m[2]!), after: type(m[3]!) },
      ]);
      expect(mine.some((c) => c.fact === 'batting.hits')).toBe(true);
      expect(mine.some((c) => c.fact === 'pitching.hits')).toBe(true);
      expect(mine.some((c) => c.fact === 'play.fielder_credits' && Number(c.ab) === Number(m[1]))).toBe(true);
      // The play's two versions: the first closed when the second was fetched.
      const versions = await queryRows<{ event_type: string; open: boolean }>(
        db,
        sql`select event_type, valid_to is null as open from mlb.plays_history
            where game_pk = ${fix.gamePk} and at_bat_index = ${Number(m[1])} order by valid_from`,
      );
      expect(versions).toEqual([
        { event_type: type(m[2]!), open: false },
        { event_type: type(m[3]!), open: true },
      ]);
    }
    // Every other game: one version of each row, all current.
    expect(
      await scalar(
        db,
        `select count(*) from mlb.plays_history where valid_to is not null and game_pk not in (${listed}, ${silent}, ${decided})`,
      ),
    ).toBe(0);
    expect(await scalar(db, 'select count(*) from mlb.plays_history where valid_to is null')).toBe(
      await scalar(db, 'select count(*) from mlb.plays'),
    );

    // The next pass: nothing due, nothing new.
    const again = await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 });
    expect((again.result as { repolls: { queued: number } }).repolls.queued).toBe(0);
    expect(await revs()).toEqual(after);
  });

  it("writes a revision in the game's transaction only: a load that does not commit leaves none", {
    timeout: 60_000,
  }, async () => {
    const db = t.database.db;
    const pk = Number(
      (await queryRows<{ pk: number }>(db, sql`select min(game_pk) as pk from raw.game_revisions`))[0]!.pk,
    );
    const count = () => scalar(db, `select count(*) from raw.game_revisions where game_pk = ${pk}`);
    const before = await count();
    const box = { copyright: 'x', teams: { away: { players: {} }, home: { players: {} } }, changed: 1 };
    const pbp = { allPlays: [] };
    await expect(
      db.transaction(async (tx) => {
        await storeGame(
          tx,
          {
            gamePk: pk,
            boxscore: { text: JSON.stringify(box), sha: 'a', canonicalSha: canonicalBody('boxscore', box).sha },
            playByPlay: { text: JSON.stringify(pbp), sha: 'b', canonicalSha: canonicalBody('playByPlay', pbp).sha },
            source,
            feedTimestamp: null,
            revisionRules: REVISION_RULES,
          },
          () => {
            throw new Error('killed before the rows');
          },
          1,
        );
      }),
    ).rejects.toThrow('killed before the rows');
    expect(await count()).toBe(before);
  });

  it("compares a body with its kind's latest revision by hash: an unchanged content reads no chain, a changed one folds it", {
    timeout: 60_000,
  }, async () => {
    const db = t.database.db;
    // A game with a patch revision (the first test's corrections), that patch made unusable.
    const [{ pk, kind }] = (await queryRows<{ pk: number; kind: string }>(
      db,
      sql`select game_pk as pk, kind from raw.game_revisions where encoding = 'patch' order by 1, 2 limit 1`,
    )) as [{ pk: number; kind: string }];
    const stored = await readStoredGameBodies(db, Number(pk));
    const bodies = stored
      .filter((b) => b.kind === 'boxscore' || b.kind === 'playByPlay')
      .map((b) => revisionBody(b.kind as 'boxscore' | 'playByPlay', JSON.parse(b.text), source));
    const rolledBack = new Error('rolled back');
    const storeWithBrokenPatch = (changed: boolean) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`update raw.game_revisions set body = '[{"op":"replace","path":"/no/such/path","value":1}]'
              where game_pk = ${pk} and kind = ${kind} and encoding = 'patch'`,
        );
        const incoming = bodies.map((b) =>
          changed && b.kind === kind
            ? revisionBody(b.kind, { ...(b.canonical().content as object), changed: 1 }, source)
            : b,
        );
        const n = await storeGameRevisions(tx, REVISION_RULES, Number(pk), incoming, 'repoll', 1, new Date(), true);
        expect(n).toBe(0);
        throw rolledBack;
      });
    // The content of every kind is its latest revision's: no chain is read, the broken patch unseen.
    await expect(storeWithBrokenPatch(false)).rejects.toBe(rolledBack);
    // A changed body needs the content before it: the chain is folded, and the broken patch refused.
    await expect(storeWithBrokenPatch(true)).rejects.toBeInstanceOf(RevisionPatchError);
  });
});
