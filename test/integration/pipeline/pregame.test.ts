import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillJob } from '../../../jobs/backfill.js';
import { readmeQueries } from '../../../src/bench/readme-queries.js';
import { queryRows, sql } from '../../../src/db/client.js';
import { runPregame } from '../../../src/pipeline/pregame.js';
import { withRun } from '../../../src/pipeline/run.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { runDeps, type SimHarness, startSim } from '../../helpers/run.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

describe('pregame announcements over a day and a half with the clock moving', () => {
  let t: TestDatabase;
  let h: SimHarness;
  const t0 = Date.parse('2025-05-10T06:00:00Z');
  const every = 30 * MIN;
  const polls: Array<{ at: number; ok: boolean }> = [];
  const day = '2025-05-10';

  beforeAll(async () => {
    t = await createTestDatabase();
    h = await startSim({ seed: 5, season: 2025, now: new Date(t0) });
    for (let at = t0; at <= t0 + 30 * HOUR; at += every) {
      h.sim.setNow(new Date(at));
      // One poll fails outright (500 on every try), one is refused (429): the next poll records what they missed.
      const i = polls.length;
      h.sim.setFaults(
        i === 20
          ? { scripted: [{ pathIncludes: '/v1/schedule', fault: '500' }] }
          : i === 30
            ? { scripted: [{ pathIncludes: '/v1/schedule', fault: '429' }], retryAfterSeconds: 0 }
            : {},
      );
      const run = await withRun(runDeps(t.database, h), 'pregame', {}, (ctx) => runPregame(ctx));
      polls.push({ at, ok: run.result !== undefined && run.result.failed === 0 });
    }
    h.sim.setFaults({});
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    await t?.drop();
  });

  /** The first poll that succeeded at or after a moment. */
  const firstPollAfter = (atMs: number) => polls.find((p) => p.ok && p.at >= atMs)?.at;
  const gamesOf = (date: string) => h.sim.listGames().filter((g) => g.officialDate === date && g.gameType === 'R');

  it('failed two polls and recorded every announcement, change and scratch at the first poll that could see it', async () => {
    expect(polls.filter((p) => !p.ok)).toHaveLength(2);
    const db = t.database.db;
    const probables = await queryRows<{ pk: number; side: string; id: number; a: Date; r: Date | null }>(
      db,
      sql`select game_pk as pk, side, pitcher_id as id, announced_at as a, replaced_at as r from mlb.pregame_probables`,
    );
    const lineups = await queryRows<{ pk: number; side: string; slot: number; id: number; f: Date; r: Date | null }>(
      db,
      sql`select game_pk as pk, side, batting_order as slot, person_id as id, first_seen_at as f, replaced_at as r from mlb.pregame_lineups`,
    );
    let changes = 0;
    let scratches = 0;
    let posted = 0;
    for (const d of ['2025-05-10', '2025-05-11', '2025-05-12', '2025-05-13']) {
      for (const g of gamesOf(d)) {
        const plan = h.sim.pregamePlan(g.gamePk)!;
        const last = polls.at(-1)!.at;
        const seenFrom = (at: number) => firstPollAfter(Math.max(at, t0));
        for (const side of ['away', 'home'] as const) {
          const rows = probables.filter((r) => Number(r.pk) === g.gamePk && r.side === side);
          const announced = seenFrom(plan.probableAt);
          if (announced === undefined || announced >= plan.startMs) {
            expect(rows, `${g.gamePk} ${side}`).toEqual([]);
            continue;
          }
          const c = plan.probableChange[side];
          const first = rows.find((r) => ms(r.a) === announced);
          expect(first, `${g.gamePk} ${side} announced`).toBeDefined();
          if (c && c.atMs > announced && c.atMs <= last && firstPollAfter(c.atMs)! < plan.startMs) {
            changes++;
            expect(Number(first!.id)).toBe(c.first);
            expect(ms(first!.r)).toBe(firstPollAfter(c.atMs));
            expect(rows.some((r) => ms(r.a) === firstPollAfter(c.atMs) && r.r === null)).toBe(true);
          }
        }
        const lineupSeen = seenFrom(plan.lineupAt);
        for (const side of ['away', 'home'] as const) {
          const rows = lineups.filter((r) => Number(r.pk) === g.gamePk && r.side === side);
          if (lineupSeen === undefined || lineupSeen >= plan.startMs) {
            expect(rows, `${g.gamePk} ${side} lineup`).toEqual([]);
            continue;
          }
          posted++;
          expect(rows.filter((r) => ms(r.f) === lineupSeen)).toHaveLength(9);
          const s = plan.scratch[side];
          const scratchSeen = s ? firstPollAfter(s.atMs) : undefined;
          if (s && scratchSeen !== undefined && s.atMs > lineupSeen && scratchSeen < plan.startMs) {
            scratches++;
            const slot = rows.filter((r) => Number(r.slot) === s.slot + 1).sort((a, b) => ms(a.f)! - ms(b.f)!);
            expect(slot.map((r) => [Number(r.id) === s.first, ms(r.f), ms(r.r)])).toEqual([
              [true, lineupSeen, scratchSeen],
              [false, scratchSeen, null],
            ]);
          } else expect(rows).toHaveLength(9);
        }
      }
    }
    expect(posted).toBeGreaterThan(10);
    expect(changes + scratches).toBeGreaterThan(0);
  });

  it('compares the announcements with the games as played (analytics.pregame and the README example)', {
    timeout: 240_000,
  }, async () => {
    h.sim.setNow(new Date(Date.parse(`${day}T00:00:00Z`) + 34 * HOUR));
    const run = await backfillJob.run(runDeps(t.database, h), { range: { startDate: day, endDate: day } });
    expect(run.status, String(run.error)).toBe('succeeded');
    const rows = await queryRows<{
      game_pk: number;
      away_probable_started: boolean | null;
      home_probable_started: boolean | null;
      away_lineup_as_posted: boolean | null;
      home_lineup_as_posted: boolean | null;
      umpires_changed: number;
      forecast_condition: string | null;
      forecast_temperature: number | null;
      recorded_temperature: number | null;
    }>(t.database.db, sql`select * from analytics.pregame where official_date = ${day}`);
    const games = gamesOf(day).filter((g) => g.codedGameState === 'F');
    expect(rows.length).toBe(games.length);
    for (const r of rows) {
      const plan = h.sim.pregamePlan(Number(r.game_pk))!;
      // The simulator's games start who it last announced, bat the lineup last posted and use the crew assigned.
      expect([r.away_probable_started, r.home_probable_started]).toEqual([true, true]);
      expect([r.away_lineup_as_posted, r.home_lineup_as_posted]).toEqual([true, true]);
      expect(Number(r.umpires_changed)).toBe(0);
      if (r.forecast_temperature !== null && r.recorded_temperature !== null)
        expect(Number(r.forecast_temperature) - Number(r.recorded_temperature)).toBe(
          r.forecast_condition === 'Dome' ? 0 : plan.forecastDelta,
        );
    }
    const example = readmeQueries(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).find((q) =>
      q.sql.includes('analytics.pregame'),
    );
    expect(example).toBeDefined();
    expect((await queryRows(t.database.db, sql.raw(example!.sql))).length).toBeGreaterThan(0);
  });
});

describe('dugout pregame --once --now T', () => {
  it('polls once, as documented, and says what it saw', { timeout: 120_000 }, async () => {
    const { runCliInProcess } = await import('../../helpers/cli.js');
    // The test database of this file (a template clone on Postgres; on PGlite a migrated directory, closed for the command).
    const db = await createTestDatabase({ onDisk: true });
    if (db.kind === 'pglite') await db.database.close();
    const sim = await startSim({ seed: 5, season: 2025, now: new Date('2025-05-10T20:00:00Z') });
    try {
      const r = await runCliInProcess(['pregame', '--once', '--now', '2025-05-10T20:00:00Z'], {
        ...db.env,
        STATSAPI_BASE_URL: sim.url,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/pregame run \d+ succeeded: 1 request\(s\), 0 failed; seen: [1-9]\d* probable/);
    } finally {
      await sim.close();
      await db.drop();
    }
  });
});
