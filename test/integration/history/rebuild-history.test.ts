import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { rebuildJob } from '../../../jobs/rebuild.js';
import { syncJob } from '../../../jobs/sync.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { HISTORY_TABLES, tablesDigest } from '../../helpers/digest.js';
import { storedTextShas } from '../../helpers/revision-body.js';
import { addDays, firstRegularDate, runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const DAY = 86_400_000;

describe('dugout rebuild replays the stored revisions', () => {
  let t: TestDatabase;
  let h: SimHarness;
  let corrected: number[] = [];

  const digest = (where?: string) => tablesDigest(t.database.db, HISTORY_TABLES, where);

  beforeAll(async () => {
    t = await createTestDatabase();
    const probe = await startSim({ seed: 7 });
    const d0 = firstRegularDate(probe.sim);
    await probe.close();
    h = await startSim({ seed: 7, now: new Date(Date.parse(`${addDays(d0, 1)}T14:00:00Z`)) });
    const deps = () => runDeps(t.database, h);
    expect((await backfillJob.run(deps(), { range: { startDate: d0, endDate: d0 } })).status).toBe('succeeded');
    const finals = h.sim
      .listGames()
      .filter((g) => g.officialDate === d0 && g.codedGameState === 'F')
      .map((g) => g.gamePk)
      .sort((a, b) => a - b);
    corrected = [finals[0]!, finals[1]!, finals[2]!];
    h.sim.advance(DAY);
    h.sim.correctGame(corrected[0]);
    h.sim.correctGame(corrected[1], { silent: true });
    expect((await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 })).status).toBe('succeeded');
    h.sim.advance(DAY);
    h.sim.correctGame(corrected[0]);
    h.sim.correctGame(corrected[2]);
    expect((await syncJob.run(deps(), { daysBack: 1, daysAhead: 0 })).status).toBe('succeeded');
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  it('records with each `stored` revision the hash of the raw text it stands for, and with no other', async () => {
    const byEncoding = await storedTextShas(t.database.db);
    expect(byEncoding.stored!.n).toBeGreaterThan(0);
    expect(byEncoding.stored).toMatchObject({ matching: byEncoding.stored!.n, none: 0 });
    for (const encoding of ['whole', 'patch']) expect(byEncoding[encoding]?.none).toBe(byEncoding[encoding]?.n);
  });

  it("opens a version of every current row equal to it in every column (mlb.record_game_history's lists)", async () => {
    for (const [table, key] of [
      ['plays', ['at_bat_index']],
      ['batting_lines', ['team_id', 'person_id']],
      ['pitching_lines', ['team_id', 'person_id']],
    ] as const) {
      const sameKey = key.map((k) => `h.${k} = c.${k}`).join(' and ');
      const [row] = await queryRows<{ current: number; open: number; unequal: number }>(
        t.database.db,
        sql.raw(`select (select count(*)::int from mlb.${table}) as current,
            (select count(*)::int from mlb.${table}_history where valid_to is null) as open,
            (select count(*)::int from mlb.${table} c where not exists (
              select 1 from mlb.${table}_history h where h.game_pk = c.game_pk and ${sameKey} and h.valid_to is null
                and to_jsonb(c) - 'run_id' = to_jsonb(h) - 'run_id' - 'valid_from' - 'valid_to')) as unequal`),
      );
      expect(row!.current, table).toBeGreaterThan(0);
      expect(row, table).toEqual({ current: row!.current, open: row!.current, unequal: 0 });
    }
  });

  it('gives back the current rows, the history and the scoring changes, without a request', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const before = await digest();
    expect(before['mlb.scoring_changes']!.startsWith('0:')).toBe(false);
    // The history and the changes gone, a corrected game's rows damaged: all come back from the revisions.
    for (const table of [
      'mlb.plays_history',
      'mlb.batting_lines_history',
      'mlb.pitching_lines_history',
      'mlb.scoring_changes',
    ])
      await db.execute(sql.raw(`delete from ${table}`));
    await db.execute(sql.raw(`update mlb.batting_lines set hits = 99 where game_pk = ${corrected[0]}`));
    const requests = h.sim.requestLog.length;
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(h.sim.requestLog.length).toBe(requests);
    expect(run.result).toMatchObject({ revisionRejects: 0 });
    expect(await digest()).toEqual(before);
    // Every current row is the rebuild's: rebuilt in a batch (whose lists are long enough to be
    // copied in) or replayed from a corrected game's revisions (its few linescore innings inserted).
    for (const table of ['mlb.plays', 'mlb.linescore_innings']) {
      const runs = await queryRows<{ run_id: number | null }>(
        db,
        sql.raw(`select distinct run_id::int as run_id from ${table}`),
      );
      expect(runs, table).toEqual([{ run_id: run.runId }]);
    }
  });

  it('refuses a patch that no longer applies and a revision older than the one before: the game keeps its rows', {
    timeout: 300_000,
  }, async () => {
    const db = t.database.db;
    const [broken, older] = [corrected[0]!, corrected[2]!];
    await db.execute(
      sql.raw(`update raw.game_revisions set body = '[{"op":"replace","path":"/no/such/path","value":1}]'
               where game_pk = ${broken} and kind = 'playByPlay' and revision = 2`),
    );
    await db.execute(
      sql.raw(`update raw.game_revisions set fetched_at = fetched_at - interval '30 days'
               where game_pk = ${older} and kind = 'boxscore' and revision = 2`),
    );
    const brokenBefore = await digest(`game_pk = ${broken}`);
    const olderBefore = await digest(`game_pk = ${older}`);
    const othersBefore = await digest(`game_pk not in (${broken}, ${older})`);
    const run = await rebuildJob.run(runDeps(t.database, h), {});
    expect(run.status, String(run.error)).toBe('succeeded');
    expect(run.result).toMatchObject({ revisionRejects: 2 });
    expect(await digest(`game_pk = ${broken}`)).toEqual(brokenBefore);
    expect(await digest(`game_pk = ${older}`)).toEqual(olderBefore);
    expect(await digest(`game_pk not in (${broken}, ${older})`)).toEqual(othersBefore);
    const rejects = await queryRows<{ pk: number; path: string }>(
      db,
      sql`select game_pk as pk, path from ingest.rejects where target = 'game_revisions' order by 1`,
    );
    expect(rejects.map((r) => Number(r.pk)).sort()).toEqual([broken, older].sort());
  });
});
