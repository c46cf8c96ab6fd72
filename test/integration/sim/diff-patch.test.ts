import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/index.js';
import { applyLivePatch, parseLiveTimestamps } from '../../../src/extract/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';
import { createSimulator } from '../../../src/sim/index.js';
import { defined } from '../../helpers/defined.js';
import { type RunningSim, startSim } from '../../helpers/sim-server.js';

// biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
type J = any;

const SEED = 4;
const DAY = '2025-07-04';
const AFTER = new Date('2025-07-06T12:00:00Z');
let s: RunningSim;
let pk: number;
let stamps: string[];
let startMs: number;
/** The i-th timecode of the game's timestamps list (a missing one fails the test). */
const stamp = (i: number): string => defined(stamps[i], `timecode ${i}`);

const tc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
const ms = (t: string) =>
  Date.UTC(+t.slice(0, 4), +t.slice(4, 6) - 1, +t.slice(6, 8), +t.slice(9, 11), +t.slice(11, 13), +t.slice(13, 15));
const feedAt = (t: string): Promise<J> => s.json(`/v1.1/game/${pk}/feed/live?timecode=${t}`);
const diffPath = (start?: string, end?: string) =>
  `/v1.1/game/${pk}/feed/live/diffPatch${start ? `?startTimecode=${start}` : ''}${end ? `${start ? '&' : '?'}endTimecode=${end}` : ''}`;

beforeAll(async () => {
  s = await startSim({ seed: SEED, now: AFTER });
  pk = s.sim.listGames().find((g) => g.officialDate === DAY && g.gameType === 'R')!.gamePk;
  stamps = await s.json(`/v1.1/game/${pk}/feed/live/timestamps`);
  startMs = Date.parse((await s.json(`/v1.1/game/${pk}/feed/live`)).gameData.datetime.dateTime);
}, 60_000);

afterAll(() => s?.close());

describe('feed/live/diffPatch on the simulator', () => {
  it('lists timecodes whose feeds carry exactly that timecode', async () => {
    expect(stamps.length).toBeGreaterThan(150);
    expect([...stamps].sort()).toEqual(stamps);
    for (let i = 0; i < stamps.length; i += 9) expect((await feedAt(stamp(i))).metaData.timeStamp).toBe(stamp(i));
    expect((await feedAt(stamps.at(-1)!)).gameData.status.codedGameState).toBe('F');
  });

  it('turns the feed at the start into exactly the feed at the end, for pairs of timecodes across the game', async () => {
    const n = stamps.length;
    const pairs: Array<[number, number]> = [
      [0, 1],
      [0, n - 1],
      [n - 3, n - 1],
      [n - 6, n - 2],
      [Math.floor(n / 2), Math.floor(n / 2) + 1],
    ];
    let x = 17;
    while (pairs.length < 20) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const a = x % (n - 1);
      pairs.push([a, Math.min(n - 1, a + 1 + (x % 25))]);
    }
    for (const [a, b] of pairs) {
      const base = await feedAt(stamp(a));
      const body = await s.json(diffPath(stamp(a), stamp(b)));
      expect(Array.isArray(body), `${stamp(a)}..${stamp(b)}`).toBe(true);
      expect(body).toHaveLength(1);
      const result = applyLivePatch(base, body, stamp(a));
      if (!result.ok) throw new Error(`${stamp(a)}..${stamp(b)}: ${result.failure.message}`);
      expect(result.timeStamp).toBe(stamp(b));
      expect(result.feed, `${stamp(a)}..${stamp(b)}`).toEqual(await feedAt(stamp(b)));
    }
  });

  it('answers [] when nothing changed between the two timecodes', async () => {
    const i = stamps.findIndex((t, k) => k > 10 && ms(stamps[k + 1] ?? t) - ms(t) >= 3000);
    expect(await s.json(diffPath(stamp(i), stamp(i)))).toEqual([]);
    expect(await s.json(diffPath(stamp(i), tc(ms(stamp(i)) + 2000)))).toEqual([]);
    expect(await s.json(diffPath(stamps.at(-1)))).toEqual([]); // the final feed, up to now
  });

  it('answers the full feed without a start, or with one before the first timecode', async () => {
    const early = tc(ms(stamp(0)) - 1000);
    const mid = stamp(Math.floor(stamps.length / 3));
    expect(await s.json(diffPath(early, mid))).toEqual(await feedAt(mid));
    expect(await s.json(diffPath('20250101_000000'))).toEqual(await s.json(`/v1.1/game/${pk}/feed/live`));
    expect(await s.json(diffPath(undefined, mid))).toEqual(await feedAt(mid));
    const first = await s.json(diffPath(stamp(0), mid));
    expect(Array.isArray(first)).toBe(true);
  });

  it('takes timecodes as metaData.timeStamp writes them, the MMDDYYYY form too, and refuses malformed ones', async () => {
    const [a, b] = [stamp(40), stamp(44)];
    const mdy = (t: string) => `${t.slice(4, 8)}${t.slice(0, 4)}${t.slice(8)}`;
    const text = await (await s.get(diffPath(a, b))).text();
    expect(await (await s.get(diffPath(mdy(a), mdy(b)))).text()).toBe(text);
    for (const bad of ['20250704', '20250231_120000', '2025-07-04T17:00:00Z', '20250704_250000']) {
      const res = await s.get(diffPath(bad));
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ messageNumber: 11 });
    }
  });

  it('gives the same bytes for the same seed', async () => {
    const twin = createSimulator({ seed: SEED, now: AFTER });
    for (const [a, b] of [
      [3, 9],
      [100, 101],
      [0, stamps.length - 1],
    ] as const) {
      const path = diffPath(stamp(a), stamp(b));
      expect(twin.render(`/api${path}`).text).toBe(await (await s.get(path)).text());
    }
  });

  it("the typed client asks for it with a feed's own timeStamp and reads the timestamps list", async () => {
    const log = createSilentLogger();
    const queue = createRequestQueue({
      maxRps: 1000,
      concurrency: 2,
      maxAttempts: 1,
      retryAfterCapMs: 1000,
      baseDelayMs: 10,
      windowMarginMs: 0,
      log,
    });
    const client = createApiClient({ baseUrl: s.url, timeoutMs: 10_000, queue, log });
    const listed = await client.call('liveTimestampv11', { game_pk: pk });
    expect(parseLiveTimestamps(listed.body)).toEqual(stamps);
    const base = await client.call('liveGameV1', { game_pk: pk, timecode: stamp(60) });
    const answer = await client.call('liveGameDiffPatchV1', {
      game_pk: pk,
      startTimecode: (base.body as J).metaData.timeStamp,
      endTimecode: stamp(75),
    });
    const result = applyLivePatch(base.body, answer.body, stamp(60));
    expect(result).toMatchObject({ ok: true, timeStamp: stamp(75) });
    if (result.ok) expect(result.feed).toEqual(await feedAt(stamp(75)));
  });

  it('faults apply to it like to every other path', async () => {
    const path = diffPath(stamp(5));
    s.sim.setFaults({
      scripted: [
        { pathIncludes: '/diffPatch', nth: 1, fault: '500' },
        { pathIncludes: '/diffPatch', nth: 2, fault: '429' },
      ],
    });
    expect((await s.get(path)).status).toBe(500);
    expect((await s.get(path)).status).toBe(429);
    expect((await s.get(path)).status).toBe(200);
    s.sim.setFaults({ notFoundGamePks: [pk] });
    expect((await s.get(path)).status).toBe(404);
    s.sim.setFaults({});
  });

  it('followed live every metaData.wait seconds, the patched feed is always the feed of the moment', async () => {
    s.sim.setNow(new Date(startMs - 2 * 60_000));
    let doc: J = await s.json(`/v1.1/game/${pk}/feed/live`);
    let patchBytes = 0;
    let fullBytes = 0;
    let changes = 0;
    try {
      for (let poll = 0; poll < 60; poll++) {
        s.sim.advance(doc.metaData.wait * 1000);
        const text = await (await s.get(diffPath(doc.metaData.timeStamp))).text();
        const full = await (await s.get(`/v1.1/game/${pk}/feed/live`)).text();
        patchBytes += Buffer.byteLength(text);
        fullBytes += Buffer.byteLength(full);
        const result = applyLivePatch(doc, JSON.parse(text), doc.metaData.timeStamp);
        if (!result.ok) throw new Error(`${s.sim.now().toISOString()}: ${result.failure.message}`);
        if (result.changed) changes++;
        doc = result.feed;
        expect(doc, s.sim.now().toISOString()).toEqual(JSON.parse(full));
      }
    } finally {
      s.sim.setNow(AFTER);
    }
    expect(doc.gameData.status.codedGameState).toBe('I');
    expect(changes).toBeGreaterThan(10);
    expect(patchBytes).toBeLessThan(fullBytes / 20);
  });
});
