import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/index.js';
import { BodyLimitError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';
import { type HostileApi, type HostileReply, startHostileApi } from '../../helpers/hostile-api.js';
import { golden } from '../../helpers/test-server.js';

const MB = 1024 * 1024;
const log = createSilentLogger();
let replies: Map<string, HostileReply>;
let api: HostileApi;

beforeAll(async () => {
  replies = new Map();
  // Nothing is passed through: every path these tests ask for has a hostile reply.
  api = await startHostileApi('http://127.0.0.1:9/api', (p) => replies.get(p));
});
afterAll(() => api.close());

/** A client whose queue would retry a retryable error three more times. */
function client(opts: { maxBodyBytes?: number; fetch?: typeof fetch } = {}) {
  const queue = createRequestQueue({
    maxRps: 1000,
    concurrency: 2,
    maxAttempts: 4,
    retryAfterCapMs: 1000,
    baseDelayMs: 1,
    log,
  });
  return {
    queue,
    client: createApiClient({ baseUrl: api.url, timeoutMs: 20_000, queue, log, ...opts }),
  };
}

async function refusal(gamePk: number, reply: HostileReply, opts: Parameters<typeof client>[0] = {}) {
  replies.set(`/v1/game/${gamePk}/boxscore`, reply);
  const { client: c, queue } = client(opts);
  const err = await c.call('boxscore', { game_pk: gamePk }).catch((e: unknown) => e);
  const sent = api.sent.filter((s) => s.path === `/v1/game/${gamePk}/boxscore`);
  return { err: err as BodyLimitError, requests: queue.stats.requests, sent };
}

describe('a body over STATSAPI_MAX_BODY_BYTES', () => {
  it('is refused on its Content-Length before its body is read, and not retried', async () => {
    const { err, requests, sent } = await refusal(1, { kind: 'huge', bytes: 200 * MB, declareLength: true });
    expect(err).toBeInstanceOf(BodyLimitError);
    expect(err).toMatchObject({ retryable: false, code: 'E_BODY_LIMIT' });
    expect(err.message).toBe(
      `body from ${api.url}/v1/game/1/boxscore refused: Content-Length 209715200 is over STATSAPI_MAX_BODY_BYTES (67108864)`,
    );
    expect(requests).toBe(1);
    expect(sent[0]!.bytes).toBeLessThan(32 * MB); // what the socket buffers took before the close
  });

  it('without a Content-Length, is refused as the bytes arriving pass the limit', async () => {
    const { err, requests, sent } = await refusal(2, { kind: 'huge', bytes: 200 * MB, declareLength: false });
    expect(err).toBeInstanceOf(BodyLimitError);
    expect(err.message).toMatch(/refused: more than STATSAPI_MAX_BODY_BYTES \(67108864\) bytes received$/);
    expect(requests).toBe(1);
    expect(sent[0]!.bytes).toBeLessThan(100 * MB);
  });

  it('is refused when a small gzip body inflates past it, without inflating it whole', async () => {
    const before = process.memoryUsage().rss;
    const { err, requests, sent } = await refusal(3, { kind: 'gzipBomb', inflatedBytes: 1024 * MB });
    expect(sent[0]!.bytes).toBeLessThan(2 * MB);
    expect(err).toBeInstanceOf(BodyLimitError);
    expect(err.message).toMatch(/refused: decompresses to more than STATSAPI_MAX_BODY_BYTES \(67108864\) bytes$/);
    expect(requests).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * MB);
  });

  it('follows the configured limit: a body of exactly the limit is taken, one byte more is refused', async () => {
    const box = golden('boxscore.json');
    const size = Buffer.byteLength(box);
    replies.set('/v1/game/4/boxscore', { kind: 'literal', body: box, declareLength: false });
    const { client: c } = client({ maxBodyBytes: size });
    await expect(c.call('boxscore', { game_pk: 4 })).resolves.toMatchObject({ text: box });
    const over = await refusal(4, { kind: 'literal', body: box, declareLength: false }, { maxBodyBytes: size - 1 });
    expect(over.err.message).toMatch(new RegExp(`more than STATSAPI_MAX_BODY_BYTES \\(${size - 1}\\) bytes received$`));
    const declared = await refusal(4, { kind: 'literal', body: box, declareLength: true }, { maxBodyBytes: size - 1 });
    expect(declared.err.message).toMatch(new RegExp(`Content-Length ${size} is over STATSAPI_MAX_BODY_BYTES`));
  });

  it('is refused too when the client is given the global fetch, which does not bound bodies itself', async () => {
    const declared = await refusal(6, { kind: 'huge', bytes: 200 * MB, declareLength: true }, { fetch });
    expect(declared.err).toBeInstanceOf(BodyLimitError);
    expect(declared.err.message).toMatch(/Content-Length 209715200 is over/);
    const chunked = await refusal(
      7,
      { kind: 'huge', bytes: 2 * MB, declareLength: false },
      { fetch, maxBodyBytes: MB },
    );
    expect(chunked.err).toBeInstanceOf(BodyLimitError);
    expect(chunked.err.message).toMatch(/2097152 bytes is over STATSAPI_MAX_BODY_BYTES \(1048576\)$/);
  });
});

describe('a body nested too deeply', () => {
  it('is refused with its depth named, not retried', async () => {
    const depth = 200_000;
    const body = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const { err, requests } = await refusal(8, { kind: 'literal', body, declareLength: true });
    expect(err).toBeInstanceOf(BodyLimitError);
    expect(err.message).toMatch(/refused: JSON nested 200000 levels deep, deeper than 512$/);
    expect(requests).toBe(1);
  });
});
