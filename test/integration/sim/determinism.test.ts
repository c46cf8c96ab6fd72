import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

const started: RunningSim[] = [];
afterAll(async () => {
  for (const s of started) await s.close();
});

async function sim(seed: number): Promise<RunningSim> {
  const s = await startSim({ seed, shareModel: false, now: new Date('2025-04-20T12:00:00Z') });
  started.push(s);
  return s;
}

const digest = async (s: RunningSim, path: string) => {
  const res = await s.get(path);
  expect(res.status).toBe(200);
  return createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');
};

describe('determinism', () => {
  it('the same seed yields the same bytes, whatever was generated before', async () => {
    const a = await sim(21);
    const b = await sim(21);
    const day = await a.json('/v1/schedule?sportId=1&startDate=2025-04-14&endDate=2025-04-16');
    const pks: number[] = day.dates.flatMap((d: { games: Array<{ gamePk: number }> }) => d.games.map((g) => g.gamePk));
    const target = pks[5];
    // Warm simulator b up with other games first: a game's content must not depend on it.
    for (const pk of pks.slice(10, 14)) await digest(b, `/v1/game/${pk}/playByPlay`);
    const paths = [
      '/v1/schedule?sportId=1&startDate=2025-04-14&endDate=2025-04-16',
      `/v1.1/game/${target}/feed/live`,
      `/v1/game/${target}/boxscore`,
      `/v1/game/${target}/playByPlay`,
      `/v1/game/${target}/linescore`,
      '/v1/teams/147/roster/40Man?hydrate=person',
      '/v1/people/changes?updatedSince=2025-01-01T00:00:00Z',
      '/v1/game/changes?updatedSince=2025-04-15T00:00:00Z&sportId=1',
    ];
    for (const p of paths) expect(await digest(b, p), p).toBe(await digest(a, p));
  }, 60_000);

  it('a different seed yields a different league and different games', async () => {
    const a = await sim(21);
    const c = await sim(22);
    expect(await digest(c, '/v1/teams/147/roster/40Man')).not.toBe(await digest(a, '/v1/teams/147/roster/40Man'));
    const day = '/v1/schedule?sportId=1&startDate=2025-04-14&endDate=2025-04-16';
    expect(await digest(c, day)).not.toBe(await digest(a, day));
  }, 60_000);
});
