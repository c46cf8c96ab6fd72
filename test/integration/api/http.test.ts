import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createApiClient, decodeText, parseOperationBody } from '../../../src/api/index.js';
import {
  AbortedError,
  ApiMessageError,
  BadBodyError,
  HttpStatusError,
  NetworkError,
  RequestTimeoutError,
} from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import {
  type Clock,
  createRequestQueue,
  type RequestQueue,
  type RequestQueueOptions,
} from '../../../src/queue/index.js';
import { readVersion } from '../../../src/version.js';
import { createJumpingClock } from '../../helpers/clocks.js';
import { golden, type Reply, startTestServer, type TestServer } from '../../helpers/test-server.js';

const log = createSilentLogger();
const BOX = golden('boxscore.json');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Answer the requests in turn with the given replies (the last one repeats). */
function script(...replies: Reply[]) {
  const start = server.seen.length;
  server.handle((_url, index) => replies[Math.min(index - start, replies.length - 1)]!);
  return () => server.seen.slice(start);
}

function setup(over: Partial<RequestQueueOptions> & { timeoutMs?: number } = {}): {
  client: ApiClient;
  queue: RequestQueue;
  clock: Clock & { sleeps: number[] };
} {
  const clock = createJumpingClock();
  const queue = createRequestQueue({
    maxRps: 1000,
    concurrency: 4,
    maxAttempts: 4,
    retryAfterCapMs: 120_000,
    baseDelayMs: 100,
    windowMarginMs: 0,
    clock,
    log,
    ...over,
  });
  const client = createApiClient({ baseUrl: server.baseUrl, timeoutMs: over.timeoutMs ?? 5000, queue, log });
  return { client, queue, clock };
}

const ERROR_500 = { status: 500, body: golden('errors/500.json') };
const OK = { body: BOX };

describe('the HTTP client', () => {
  it('returns the body text exactly as received, parsed, with gzip on the wire and a User-Agent naming dugout', async () => {
    const seen = script(OK);
    const { client } = setup();
    const res = await client.call('boxscore', { game_pk: 744914 });
    expect(res.text).toBe(BOX);
    expect(res.body.teams.home.team.id).toBe(JSON.parse(BOX).teams.home.team.id);
    expect(res.status).toBe(200);
    expect(res.bytes).toBeGreaterThan(0);
    expect(res.bytes).toBeLessThan(Buffer.byteLength(BOX) / 3); // the compressed size
    const [req] = seen();
    expect(req!.headers['accept-encoding']).toContain('gzip');
    expect(req!.headers['user-agent']).toMatch(
      new RegExp(
        `^dugout/${readVersion().replace(/\./g, '\\.')} \\(MLB Stats API to PostgreSQL loader; node/[\\d.]+\\)$`,
      ),
    );
    expect(client.stats).toMatchObject({ requests: 1, byStatus: { 200: 1 }, bytes: res.bytes });
  });

  it('asks for gzip and names dugout in every request it makes', async () => {
    const inits: RequestInit[] = [];
    const queue = createRequestQueue({ maxRps: 100, concurrency: 1, maxAttempts: 1, retryAfterCapMs: 1000, log });
    const fetchSpy: typeof fetch = async (_url, init) => {
      inits.push(init ?? {});
      return new Response(BOX, { status: 200 });
    };
    await createApiClient({ baseUrl: server.baseUrl, timeoutMs: 1000, queue, log, fetch: fetchSpy }).call('boxscore', {
      game_pk: 1,
    });
    const headers = inits[0]!.headers as Record<string, string>;
    expect(headers['accept-encoding']).toBe('gzip');
    expect(headers['user-agent']).toMatch(/^dugout\/\S+ \(MLB Stats API to PostgreSQL loader; node\/[\d.]+\)$/);
    expect(inits[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('retries after a 500 and then succeeds', async () => {
    const seen = script(ERROR_500, OK);
    const { client, clock } = setup();
    const res = await client.call('boxscore', { game_pk: 1 });
    expect(res.text).toBe(BOX);
    expect(seen().map((r) => r.status)).toEqual([500, 200]);
    expect(clock.sleeps).toHaveLength(1);
    expect(client.stats).toMatchObject({ retries: 1, byStatus: { 500: 1, 200: 1 } });
  });

  it('retries after a body cut off mid-transfer and then succeeds', async () => {
    const seen = script({ body: BOX, gzip: false, cutAfterBytes: 1000 }, OK);
    const { client, queue } = setup();
    await expect(client.call('boxscore', { game_pk: 1 })).resolves.toMatchObject({ text: BOX });
    expect(seen()).toHaveLength(2);
    expect(queue.stats.retries).toBe(1);
  });

  it('retries after a complete response whose JSON is truncated and then succeeds', async () => {
    const seen = script({ body: BOX.slice(0, 5000) }, OK);
    const { client } = setup();
    await expect(client.call('boxscore', { game_pk: 1 })).resolves.toMatchObject({ text: BOX });
    expect(seen()).toHaveLength(2);
  });

  it('treats a 200 whose body is the API error object as retryable', async () => {
    const seen = script({ body: '{"messageNumber": 13, "message": "Internal error"}' }, OK);
    const { client } = setup();
    await expect(client.call('boxscore', { game_pk: 1 })).resolves.toMatchObject({ status: 200 });
    expect(seen()).toHaveLength(2);
    script({ body: '{"messageNumber": 13, "message": "Internal error"}' });
    const err = await setup({ maxAttempts: 2 })
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiMessageError);
    expect(err).toMatchObject({ messageNumber: 13, retryable: true });
  });

  it("treats a 200 whose body is not the operation's shape as a retryable bad body", async () => {
    script({ body: '{"totalItems":3,"dates":{}}' });
    const err = await setup({ maxAttempts: 2 })
      .client.call('schedule', { sportId: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadBodyError);
    expect((err as Error).message).toContain('at dates');
  });

  it('with callBytes returns a truncated body undecoded after retrying HTTP failures; parseOperationBody then throws what call throws', async () => {
    const cut = BOX.slice(0, 5000);
    const seen = script(ERROR_500, { body: cut }, OK);
    const { client, queue } = setup();
    const bytes = await client.callBytes('boxscore', { game_pk: 1 });
    expect(bytes.data).toBeInstanceOf(Uint8Array);
    const res = { ...bytes, text: decodeText(bytes.data) };
    expect(res).toMatchObject({ status: 200, text: cut });
    expect(bytes).not.toHaveProperty('body');
    expect(bytes).not.toHaveProperty('text');
    expect(seen()).toHaveLength(2);
    expect(queue.stats.retries).toBe(1);
    const thrown = (() => {
      try {
        return parseOperationBody('boxscore', res.url, res.text);
      } catch (err) {
        return err;
      }
    })();
    script({ body: cut });
    const called = await setup({ maxAttempts: 1 })
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(BadBodyError);
    expect(called).toBeInstanceOf(BadBodyError);
    expect((thrown as Error).message).toBe((called as Error).message);
    expect(parseOperationBody('boxscore', res.url, BOX)).toEqual(JSON.parse(BOX));
  });

  it('returns a page whose one game lacks a gamePk: extraction rejects that game alone', async () => {
    script({
      body: '{"dates":[{"date":"2024-07-01","games":[{"status":{"codedGameState":"F"}},{"gamePk":7,"status":{"codedGameState":"F"}}]}]}',
    });
    const res = await setup({ maxAttempts: 1 }).client.call('schedule', { sportId: 1 });
    expect(res.body.dates[0]!.games).toHaveLength(2);
  });

  it('does not retry a 404 or a 400', async () => {
    for (const status of [404, 400]) {
      const seen = script({ status, body: golden('errors/404.json') });
      const err = await setup()
        .client.call('boxscore', { game_pk: 1 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpStatusError);
      expect(err).toMatchObject({ status, retryable: false });
      expect(seen()).toHaveLength(1);
    }
  });

  it('keeps a 404 not retryable even when its body is cut off', async () => {
    const seen = script({ status: 404, body: golden('errors/404.json'), gzip: false, cutAfterBytes: 10 });
    const err = await setup()
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, retryable: false });
    expect(seen()).toHaveLength(1);
  });

  it('waits the Retry-After seconds of a 503, pausing the queue, then succeeds', async () => {
    const seen = script({ status: 503, headers: { 'retry-after': '7' } }, OK);
    const { client, queue, clock } = setup();
    await client.call('boxscore', { game_pk: 1 });
    expect(seen()).toHaveLength(2);
    expect(clock.sleeps[0]).toBe(7000);
    expect(queue.stats).toMatchObject({ pauses: 1, pausedMs: 7000 });
  });

  it('waits until the Retry-After HTTP date of a 429', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const seen = script({ status: 429, headers: { 'retry-after': at } }, OK);
    const { client, clock } = setup();
    await client.call('boxscore', { game_pk: 1 });
    expect(seen()).toHaveLength(2);
    // HTTP dates have whole seconds: 29–30 s from now.
    expect(clock.sleeps[0]).toBeGreaterThan(28_000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(30_000);
  });

  it('gives up at once with the retryable error when Retry-After is above the cap', async () => {
    const seen = script({ status: 429, headers: { 'retry-after': '3600' } }, OK);
    const err = await setup({ retryAfterCapMs: 60_000 })
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(err).toMatchObject({ status: 429, retryable: true, retryAfterMs: 3_600_000 });
    expect(seen()).toHaveLength(1);
  });

  it('times out a request with no answer, retries it, and reports RequestTimeoutError', async () => {
    const seen = script({ hang: true });
    const err = await setup({ timeoutMs: 150, maxAttempts: 2 })
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
    // The client's own 150 ms timer ended each attempt (the server never answers).
    expect(err).toMatchObject({ retryable: true, context: { timeoutMs: 150 } });
    expect(seen()).toHaveLength(2);
  });

  it('times out a body that stalls after the headers', async () => {
    script({ body: BOX, stallBody: true });
    const err = await setup({ timeoutMs: 150, maxAttempts: 1 })
      .client.call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
  });

  it('maps a refused connection to a retryable NetworkError', async () => {
    const closed = await startTestServer();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const queue = createRequestQueue({
      maxRps: 1000,
      concurrency: 1,
      maxAttempts: 2,
      retryAfterCapMs: 1000,
      baseDelayMs: 1,
      log,
    });
    const err = await createApiClient({ baseUrl, timeoutMs: 1000, queue, log })
      .call('boxscore', { game_pk: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ retryable: true });
    expect(queue.stats.requests).toBe(2);
  });

  it('on shutdown aborts the request in flight and rejects the queued ones without sending them', async () => {
    const seen = script({ hang: true });
    const shutdown = new AbortController();
    const { client, queue } = setup({ concurrency: 1, signal: shutdown.signal });
    const calls = [1, 2, 3].map((game_pk) => client.call('boxscore', { game_pk }));
    while (seen().length === 0) await new Promise((r) => setTimeout(r, 5));
    shutdown.abort();
    for (const c of calls) await expect(c).rejects.toBeInstanceOf(AbortedError);
    // Every call has settled: the queue started one request, and only that one reached the server.
    expect(queue.stats.requests).toBe(1);
    expect(seen()).toHaveLength(1);
    await vi.waitFor(() => expect(seen()[0]!.doneAt).toBeDefined()); // the connection was closed by the client
  });
});
