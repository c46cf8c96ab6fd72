import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../src/db/client.js';
import { dueRepolls } from '../../../src/db/queries/revisions.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Scheduled 17:05 UTC; the first pitch at 17:20, 2 h 20 min of play and a 40-minute rain delay: over at 20:20. */
const START = Date.parse('2025-06-01T17:05:00Z');
const PLAYED_END = Date.parse('2025-06-01T20:20:00Z');

describe('which final games are due a re-poll', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const game = (pk: number, firstPitch: string | null, duration: number | null, delay: number | null) => sql`
      insert into mlb.games (game_pk, season, game_type, sport_id, official_date, game_date, coded_game_state,
                             abstract_game_state, first_pitch, duration_minutes, delay_minutes)
      values (${pk}, 2025, 'R', 1, '2025-06-01', ${new Date(START).toISOString()}::timestamptz, 'F', 'Final',
              ${firstPitch}::timestamptz, ${duration}, ${delay})`;
    await t.database.db.execute(game(1, '2025-06-01T17:20:00Z', 140, 40));
    // A body that gave no first pitch or time of game: over four hours after the scheduled start.
    await t.database.db.execute(game(2, null, null, null));
    await t.database.db.execute(
      sql`insert into raw.game_checks (game_pk, checked_at) values (1, '2025-06-01T21:30:00Z'), (2, '2025-06-01T21:30:00Z')`,
    );
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('counts days from the end of play (first pitch, time of game, delays), else four hours after the start', async () => {
    const due = (at: number) => dueRepolls(t.database.db, new Date(at), [1, 3, 8], 100);
    expect(await due(PLAYED_END + DAY - 60_000)).toEqual([]);
    expect(await due(PLAYED_END + DAY + 60_000)).toEqual([1]);
    expect(await due(START + 4 * HOUR + DAY + 60_000)).toEqual([1, 2]);
  });
});
