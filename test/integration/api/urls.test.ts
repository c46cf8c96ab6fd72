import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  getOperation,
  listOperations,
  type OperationName,
  type ParamDef,
} from '../../../src/api/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createRequestQueue } from '../../../src/queue/index.js';
import { fixtureText, HAVE_FIXTURES } from '../../fixtures.js';
import { golden, startTestServer, type TestServer } from '../../helpers/test-server.js';
import { BODY_FIXTURES, URL_TABLE } from '../../helpers/url-table.js';

const log = createSilentLogger();

/**
 * Without the recorded bodies, a body of the shape the client checks for the operation (a simulated
 * boxscore, an empty schedule, play-by-play or people list), else a marker body.
 */
function standIn(name: string, file: string | undefined): string {
  const kind = file?.split('/')[0];
  if (kind === 'boxscore') return golden('boxscore.json');
  if (kind === 'playByPlay') return '{"copyright":"test","allPlays":[]}';
  if (kind === 'schedule' || kind === 'game_changes') return '{"copyright":"test","dates":[]}';
  if (kind === 'person') return '{"copyright":"test","people":[]}';
  return `{"copyright":"test body of ${name}"}`;
}
let server: TestServer;

beforeAll(async () => {
  const byPath = new Map<string, string>();
  for (const [name, [, expected]] of Object.entries(URL_TABLE)) {
    const file = BODY_FIXTURES[name];
    byPath.set(expected, file && HAVE_FIXTURES ? fixtureText(file) : standIn(name, file));
  }
  server = await startTestServer((url) => {
    const body = byPath.get(url);
    return body ? { body } : { status: 404, body: '{"messageNumber":10,"message":"Object not found"}' };
  });
});
afterAll(() => server.close());

function client() {
  const queue = createRequestQueue({
    maxRps: 1000,
    concurrency: 8,
    maxAttempts: 1,
    retryAfterCapMs: 1000,
    windowMarginMs: 0,
    log,
  });
  return createApiClient({ baseUrl: server.baseUrl, timeoutMs: 5000, queue, log });
}

/** The table is keyed by qualified name; `call` gets the untyped table entry. */
const untyped = (name: string) => name as OperationName;

describe('the URL of every operation', () => {
  it('is in the table for every registry operation, and nothing else is', () => {
    expect(Object.keys(URL_TABLE).sort()).toEqual(
      listOperations()
        .map((o) => o.qualifiedName)
        .sort(),
    );
  });

  it.each(Object.entries(URL_TABLE))(
    '%s is requested at exactly its path and query',
    async (name, [params, expected]) => {
      const c = client();
      const before = server.seen.length;
      const res = await c.call(untyped(name), params as never);
      expect(server.seen.slice(before).map((r) => r.url)).toEqual([`/api${expected}`]);
      expect(res.url).toBe(`${server.baseUrl}${expected}`);
      expect(res.status).toBe(200);
      const file = BODY_FIXTURES[name];
      if (file) expect(res.text).toBe(HAVE_FIXTURES ? fixtureText(file) : standIn(name, file));
      // The bare name, where unambiguous, builds the same URL.
      const op = getOperation(name);
      expect(c.buildUrl(untyped(op.callName), params as never)).toBe(`${server.baseUrl}${expected}`);
    },
  );

  it('accepts every parameter of every operation and sends each once, in registry order, arrays comma-joined', () => {
    const c = client();
    for (const op of listOperations()) {
      const params = Object.fromEntries(op.params.map((d) => [d.name, sample(d)]));
      const url = new URL(c.buildUrl(untyped(op.qualifiedName), params as never));
      const queryDefs = op.params.filter((d) => d.in === 'query');
      expect([...url.searchParams.keys()], op.qualifiedName).toEqual(queryDefs.map((d) => d.name));
      for (const d of queryDefs) {
        const raw = url.search
          .slice(1)
          .split('&')
          .find((kv) => kv.startsWith(`${d.name}=`))!;
        expect(raw, `${op.qualifiedName} ${d.name}`).toBe(`${d.name}=${expectedWire(d)}`);
      }
      for (const d of op.params.filter((x) => x.in === 'path')) {
        expect(url.pathname, op.qualifiedName).toContain(d.kind === 'integer' ? '/42' : '/a%20b%2Fc');
      }
    }
  });
});

function sample(d: ParamDef): unknown {
  switch (d.kind) {
    case 'integer':
      return 42;
    case 'boolean':
      return true;
    case 'string':
      return d.in === 'path' ? 'a b/c' : 'x&y=z';
    case 'date':
      return '2024-02-29';
    case 'timecode':
      return '20240701_214404';
    case 'dateTime':
      return '2024-07-01T00:00:00Z';
    case 'patchTimecode':
      return '20240701_214404';
    case 'array':
      return d.items === 'integer' ? [1, 2] : ['a b', 'c,d'];
  }
}

function expectedWire(d: ParamDef): string {
  switch (d.kind) {
    case 'integer':
      return '42';
    case 'boolean':
      return 'true';
    case 'string':
      return 'x%26y%3Dz';
    case 'date':
      return '2024-02-29';
    case 'timecode':
      return '20240701_214404';
    case 'dateTime':
      return '2024-07-01T00%3A00%3A00Z';
    case 'patchTimecode':
      return '20240701_214404';
    case 'array':
      return d.items === 'integer' ? '1,2' : 'a%20b,c%2Cd';
  }
}
