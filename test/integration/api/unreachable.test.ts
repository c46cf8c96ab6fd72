import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/index.js';
import { ApiUnreachableError, NetworkError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';
import { freePort } from '../../helpers/cluster.js';
import { golden } from '../../helpers/test-server.js';

const log = createSilentLogger();
const BOX = golden('boxscore.json');

/** A boxscore server on 127.0.0.1:`port` that can be taken down (connections refused) and brought back. */
async function listen(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BOX);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
const down = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

function client(port: number, unreachableAfterMs: number | undefined, maxAttempts = 6) {
  const queue = createRequestQueue({
    maxRps: 1000,
    concurrency: 1,
    maxAttempts,
    retryAfterCapMs: 1000,
    baseDelayMs: 100,
    maxDelayMs: 400,
    log,
  });
  const c = createApiClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    timeoutMs: 5000,
    queue,
    log,
    unreachableAfterMs,
  });
  return { client: c, queue };
}

describe('a client told when the API counts as out of reach', () => {
  it('fails at once, without a retry, when nothing has ever answered', async () => {
    const port = await freePort();
    const { client: c, queue } = client(port, 30_000);
    const err = await c.call('boxscore', { game_pk: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiUnreachableError);
    expect(err).toMatchObject({ retryable: false, code: 'E_API_UNREACHABLE' });
    expect((err as Error).message).toBe(
      `cannot reach the Stats API at http://127.0.0.1:${port}/api: connection refused (ECONNREFUSED); check the network connection, DNS and STATSAPI_BASE_URL`,
    );
    expect(queue.stats.requests).toBe(1);
  });

  it('retries refused connections as a blip when the API answered moments ago, and gets through', async () => {
    const port = await freePort();
    let server = await listen(port);
    // Attempts enough to outlast a slow machine's timers: the server comes back once the client has
    // been refused and has scheduled its retry, not after a fixed sleep that a busy hour can outrun.
    const { client: c, queue } = client(port, 30_000, 40);
    await c.call('boxscore', { game_pk: 1 });
    await down(server);
    const call = c.call('boxscore', { game_pk: 2 });
    const deadline = Date.now() + 10_000;
    while (queue.stats.retries < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(queue.stats.retries).toBeGreaterThanOrEqual(1);
    server = await listen(port);
    await expect(call).resolves.toMatchObject({ status: 200 });
    expect(queue.stats.retries).toBeGreaterThanOrEqual(1);
    await down(server);
  });

  it('fails at once when the last answer is older than its window (a daemon between syncs)', async () => {
    const port = await freePort();
    const server = await listen(port);
    const { client: c, queue } = client(port, 200);
    await c.call('boxscore', { game_pk: 1 });
    await down(server);
    await new Promise((r) => setTimeout(r, 300));
    await expect(c.call('boxscore', { game_pk: 2 })).rejects.toBeInstanceOf(ApiUnreachableError);
    expect(queue.stats.requests).toBe(2);
  });

  it('without the setting, retries refused connections as before', async () => {
    const port = await freePort();
    const { client: c, queue } = client(port, undefined);
    await expect(c.call('boxscore', { game_pk: 1 })).rejects.toBeInstanceOf(NetworkError);
    expect(queue.stats.requests).toBe(6);
  });
});

describe("the API's own clock", () => {
  it('is the Date header of the latest answer, moved on by the time since; undefined before any', async () => {
    const port = await freePort();
    const sent = 'Sun, 01 Jun 2025 18:30:00 GMT';
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', date: sent });
      res.end(BOX);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const { client: c } = client(port, undefined);
    expect(c.serverNow()).toBeUndefined();
    await c.call('boxscore', { game_pk: 1 });
    const at = c.serverNow()!.getTime();
    expect(at).toBeGreaterThanOrEqual(Date.parse(sent));
    expect(at - Date.parse(sent)).toBeLessThan(60_000);
    await down(server);
  });
});
