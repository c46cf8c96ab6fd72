import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable } from '../../../src/cli/table.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { CHECKS } from '../../../src/db/queries/checks.js';
import {
  listNewFields,
  NEW_FIELDS_PER_BODY,
  NEW_FIELDS_PER_KIND_PER_DAY,
  recordNewFields,
  summarizeNewFields,
} from '../../../src/db/queries/new-fields.js';
import { readStatus } from '../../../src/db/queries/status.js';
import { newFieldRows } from '../../../src/extract/new-paths.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { scalar } from '../../helpers/digest.js';

/** A feed whose gameData carries `n` keys the API never had. */
function flood(n: number, tag: string): unknown {
  const junk: Record<string, number> = {};
  for (let i = 0; i < n; i++) junk[`invented_${tag}_${i}`] = i;
  return { gameData: junk };
}

describe('ingest.new_fields cannot be flooded or blinded', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('bounds a flood per body and per kind and day, records keys of any length, and still records the real new fields', async () => {
    for (const tag of ['a', 'b']) {
      const rows = newFieldRows('feed', flood(50_000, tag), `70000${tag === 'a' ? 1 : 2}`);
      expect(rows.length).toBe(50_000);
      await recordNewFields(t.database.db, rows);
    }
    const afterFlood = Number(await scalar(t.database.db, 'select count(*) from ingest.new_fields'));
    expect(afterFlood).toBeLessThanOrEqual(2 * NEW_FIELDS_PER_BODY + 1);
    // The overflow is counted, in one row for the kind and day.
    const [overflow] = await queryRows<{ n: number; rows: number }>(
      t.database.db,
      sql`select sum(seen)::int as n, count(*)::int as rows from ingest.new_fields where path like '(overflow %'`,
    );
    expect(overflow).toEqual({ n: 100_000 - 2 * NEW_FIELDS_PER_BODY, rows: 1 });

    // A body with two real new fields beside an incompressible 3,001-character key and a 12,000-character one.
    const incompressible = randomBytes(2_400)
      .toString('base64')
      .replace(/[^a-zA-Z]/g, 'q')
      .slice(0, 3_001);
    const long = randomBytes(9_000)
      .toString('base64')
      .replace(/[^a-zA-Z]/g, 'q')
      .slice(0, 12_000);
    expect([incompressible.length, long.length]).toEqual([3_001, 12_000]);
    const body = {
      gameData: { pitchClock: { seconds: 15 }, [incompressible]: 1, [long]: 2 },
      liveData: { plays: { allPlays: [{ playEvents: [{ details: { batTrackingVersion: 2 } }] }] } },
    };
    const rows = newFieldRows('feed', body, '700003');
    expect(rows.map((r) => r.path)).toContain('gameData.pitchClock');
    await recordNewFields(t.database.db, rows);
    const paths = (await listNewFields(t.database.db)).map((f) => f.path);
    expect(paths).toContain('gameData.pitchClock');
    expect(paths).toContain('liveData.plays.allPlays[].playEvents[].details.batTrackingVersion');
    expect(paths).toContain(`gameData.${long}`);
    expect(paths).toContain(`gameData.${incompressible}`);
    // Met again: counted, not added.
    await recordNewFields(t.database.db, rows);
    const [again] = await queryRows<{ seen: number }>(
      t.database.db,
      sql`select seen::int as seen from ingest.new_fields where path = ${`gameData.${long}`}`,
    );
    expect(again!.seen).toBe(2);

    // Many bodies in a day: the kind's rows stop at the daily bound, the rest counted.
    for (let i = 0; i < NEW_FIELDS_PER_KIND_PER_DAY / NEW_FIELDS_PER_BODY + 2; i++)
      await recordNewFields(t.database.db, newFieldRows('feed', flood(NEW_FIELDS_PER_BODY, `d${i}`), `8000${i}`));
    const feedRows = Number(
      await scalar(
        t.database.db,
        `select count(*) from ingest.new_fields where body_kind = 'feed' and path not like '(overflow %'`,
      ),
    );
    expect(feedRows).toBe(NEW_FIELDS_PER_KIND_PER_DAY);
    // Another kind has a bound of its own.
    await recordNewFields(t.database.db, [{ body_kind: 'boxscore', path: 'teams.away.newThing', first_key: '700004' }]);
    expect((await listNewFields(t.database.db)).some((f) => f.path === 'teams.away.newThing')).toBe(true);
  });

  it('status and check show a screenful with counts; the report holds every row', async () => {
    const report = await readStatus(t.database.db, 'test');
    const total = Number(await scalar(t.database.db, 'select count(*) from ingest.new_fields'));
    expect(report.newFields.length).toBe(total);
    const { counts, shown, hidden } = summarizeNewFields(report.newFields);
    expect(shown.length).toBeLessThanOrEqual(20);
    expect(shown.length + hidden).toBe(total - 1);
    const feed = counts.find((c) => c.kind === 'feed')!;
    expect(feed.overflow).toBe(
      Number(await scalar(t.database.db, `select sum(seen) from ingest.new_fields where path like '(overflow %'`)),
    );
    const printed = formatTable(shown.map((f) => ({ kind: f.bodyKind, path: f.path, first: f.firstKey })));
    expect(printed.length).toBeLessThan(20 * 300);
    const check = CHECKS.find((c) => c.name === 'new_api_fields')!;
    const notes = await check.notices!(t.database.db);
    expect(notes.length).toBeLessThanOrEqual(23);
    expect(notes.join('\n').length).toBeLessThan(23 * 400);
    expect(notes.some((n) => /more new fields recorded: dugout status --json/.test(n))).toBe(true);
    expect(notes.some((n) => /more new paths in feed bodies were counted/.test(n))).toBe(true);
  });
});
