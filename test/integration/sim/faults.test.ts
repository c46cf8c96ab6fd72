import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

let s: RunningSim;
const PATH = '/v1/teams/147';

beforeAll(async () => {
  s = await startSim({ seed: 2, now: new Date('2025-06-15T12:00:00Z') });
});

afterAll(() => s?.close());

describe('fault injection', () => {
  it('answers 429 with Retry-After in seconds', async () => {
    s.sim.setFaults({ scripted: [{ pathIncludes: '/teams/147', nth: 1, fault: '429' }], retryAfterSeconds: 7 });
    const res = await s.get(PATH);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect((await s.get(PATH)).status).toBe(200);
  });

  it('answers 500 and 503 with error bodies', async () => {
    s.sim.setFaults({
      scripted: [
        { pathIncludes: '/teams/', nth: 1, fault: '500' },
        { pathIncludes: '/teams/', nth: 2, fault: '503' },
      ],
    });
    const a = await s.get(PATH);
    expect(a.status).toBe(500);
    expect(await a.json()).toMatchObject({ messageNumber: 1, message: 'Internal error occurred' });
    const b = await s.get(PATH);
    expect(b.status).toBe(503);
    expect(b.headers.get('retry-after')).toBe('1');
    expect((await s.get(PATH)).status).toBe(200);
  });

  it('delays a slow response by slowMs: a request sent with it is answered first', async () => {
    s.sim.setFaults({ scripted: [{ pathIncludes: '/teams/147', fault: 'slow' }], slowMs: 300 });
    const order: string[] = [];
    const slow = s.get(PATH).then((res) => order.push(`slow ${res.status}`));
    const fast = s.get('/v1/teams/111').then((res) => order.push(`fast ${res.status}`));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast 200', 'slow 200']);
  });

  it('truncates a body: half the bytes under the full Content-Length, then the connection drops', async () => {
    s.sim.setFaults({ scripted: [{ pathIncludes: '/teams/147', nth: 1, fault: 'truncated' }] });
    const res = await s.get(PATH, { headers: { 'accept-encoding': 'identity' } });
    const declared = Number(res.headers.get('content-length'));
    expect(declared).toBeGreaterThan(100);
    await expect(res.text()).rejects.toThrow();
    const entry = s.sim.requestLog.at(-1);
    expect(entry?.bytes).toBe(Math.floor(declared / 2));
  });

  it('answers 404 for chosen games, scripted or by notFoundGamePks', async () => {
    const pk = (await s.json('/v1/schedule?sportId=1&startDate=2025-06-09&endDate=2025-06-12')).dates[0].games[0]
      .gamePk;
    s.sim.setFaults({ notFoundGamePks: [pk] });
    const res = await s.get(`/v1/game/${pk}/boxscore`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ messageNumber: 10, message: 'Object not found' });
    s.sim.setFaults({ scripted: [{ pathIncludes: 'feed/live', nth: 2, fault: '404' }] });
    expect((await s.get(`/v1.1/game/${pk}/feed/live`)).status).toBe(200);
    expect((await s.get(`/v1.1/game/${pk}/feed/live`)).status).toBe(404);
  });

  it('returns 200 carrying the messageNumber 13 body', async () => {
    s.sim.setFaults({ scripted: [{ pathIncludes: '/teams/147', nth: 1, fault: 'messageNumber' }] });
    const res = await s.get(PATH);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      messageNumber: 13,
      message: 'Operation taking longer than expected - please try again',
    });
  });

  it('draws seeded random faults reproducibly, only on /api paths', async () => {
    const run = async () => {
      s.sim.setFaults({ seed: 42, probabilities: { '500': 0.3, '429': 0.2 } });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await s.get(PATH)).status);
      const control = await fetch(s.url.replace(/\/api$/, '/__sim/clock'));
      expect(control.status).toBe(200);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(429);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
  });

  it('accepts a fault configuration over HTTP and logs every request', async () => {
    const res = await fetch(s.url.replace(/\/api$/, '/__sim/faults'), {
      method: 'POST',
      body: JSON.stringify({ scripted: [{ pathIncludes: '/venues', fault: '503' }] }),
    });
    expect(res.status).toBe(200);
    expect((await s.get('/v1/venues')).status).toBe(503);
    s.sim.setFaults({});
    const log = (await (await fetch(s.url.replace(/\/api$/, '/__sim/requests'))).json()) as Array<{
      path: string;
      status: number;
      bytes: number;
    }>;
    const last = log.filter((e) => e.path === '/api/v1/venues').pop();
    expect(last).toMatchObject({ method: 'GET', status: 503 });
    expect(last?.bytes).toBeGreaterThan(0);
    expect(s.sim.requestLog.length).toBe(log.length + 1);
  });
});
