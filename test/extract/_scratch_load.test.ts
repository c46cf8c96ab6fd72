import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as x from '../../src/extract/index.js';
import { createTestDatabase } from '../helpers/db.js';
import { fixture, fixtureNames } from './fixtures.js';

it('loads rows through json_populate_recordset', async () => {
  const t = await createTestDatabase();
  const db = t.database.db;
  const load = async (table: string, rows: unknown[]) => {
    const json = JSON.stringify(rows);
    const r = await db.execute(sql.raw(`insert into ${table} select * from json_populate_recordset(null::${table}, '${json.replace(/'/g, "''")}') on conflict do nothing`));
    return r;
  };
  for (const f of fixtureNames('liveGameV1')) {
    const feed: any = fixture(f);
    const pbp = x.extractPlayByPlay(feed.gamePk, feed.liveData.plays).rows;
    const box = x.extractBoxscore(feed.gamePk, feed.liveData.boxscore).rows;
    await load('mlb.plays', pbp.plays);
    await load('mlb.pitches', pbp.pitches);
    await load('mlb.batting_lines', box.battingLines);
    await load('mlb.pitching_lines', box.pitchingLines);
    const g = x.gameFromFeed(feed).rows;
    await load('mlb.games', [g]);
  }
  for (const f of [...fixtureNames('schedule'), ...fixtureNames('game_changes')]) await load('mlb.games', x.extractScheduleGames(fixture(f)).rows);
  for (const f of fixtureNames('person')) await load('mlb.people', x.extractPeople(fixture(f)).rows);
  for (const f of fixtureNames('teams')) await load('mlb.teams', x.extractTeams(fixture(f)).rows.teams);
  await load('mlb.venues', x.extractVenues(fixture('venues/15.json')).rows);
  await load('mlb.reference_codes', x.extractReferenceList('gameTypes', fixture('config/gameTypes/gameTypes.json')));
  await load('ingest.rejects', [x.reject(1, 'plays', 'allPlays[0]', 'why', { a: 1 })]);
  const counts = await db.execute(sql.raw(`select (select count(*) from mlb.pitches) p, (select count(*) from mlb.games) g, (select count(*) from mlb.plays where end_time is not null) pe, (select min(official_date)::text from mlb.games) d, (select count(*) from ingest.rejects) r`));
  console.log(JSON.stringify((counts as any).rows ?? counts));
  await t.drop();
  expect(true).toBe(true);
}, 120_000);
