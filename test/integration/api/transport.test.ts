import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoundedFetch, type ResponseLike } from '../../../src/api/transport.js';

/** A real HTTP server whose answers each test chooses by path. */
let server: http.Server;
let seenFlaky = 0;
let base: string;
// Random text, so the compressed body is long too (a body cut after 200 bytes is really cut).
const BODY = JSON.stringify({ copyright: 'c', teams: { away: { n: `é${randomBytes(60_000).toString('hex')}` } } });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/gzip') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(BODY));
    if (path === '/deflate')
      return void res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync(BODY));
    if (path === '/br') return void res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync(BODY));
    if (path === '/plain') return void res.writeHead(200, { 'x-two': ['a', 'b'] }).end(BODY);
    if (path === '/moved') return void res.writeHead(301, { location: '/gzip' }).end();
    if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/headers') return void res.writeHead(200).end(JSON.stringify(req.headers));
    if (path === '/cut-gzip') {
      // The whole declared length never arrives: the connection closes mid-body.
      const gz = zlib.gzipSync(BODY);
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(gz.length) });
      res.write(gz.subarray(0, 200));
      return void setTimeout(() => res.socket?.destroy(), 20);
    }
    if (path === '/bad-gzip') {
      return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(BODY).subarray(0, 300));
    }
    if (path === '/closed-once') {
      // A server closing the connection a request came on without answering (as one closing a
      // kept-alive connection just as the request goes out on it), for the first request only.
      seenFlaky++;
      if (seenFlaky === 1 || seenFlaky <= 0) return void req.socket.destroy();
      return void res.end(BODY);
    }
    if (path === '/slow') return void setTimeout(() => res.end(BODY), 2_000);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, signal = new AbortController().signal) =>
  createBoundedFetch()(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' }, signal });
const bodyText = async (res: Promise<ResponseLike>) => {
  const raw = await (await res).arrayBuffer();
  return Buffer.from(raw instanceof Uint8Array ? raw : new Uint8Array(raw)).toString('utf8');
};
const text = (path: string) => bodyText(get(path));

describe('the bounded fetch transport', () => {
  it('decodes gzip, deflate and brotli bodies and passes an identity body through', async () => {
    for (const path of ['/gzip', '/deflate', '/br', '/plain']) expect((await text(path)) === BODY, path).toBe(true);
  });

  it('reports the status and headers as fetch does (repeated headers joined)', async () => {
    const res = await get('/plain');
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('X-Two')).toBe('a, b');
    expect(res.headers.has('x-none')).toBe(false);
    expect(res.headers.get('x-none')).toBeNull();
    const missing = await get('/nothing-here');
    expect([missing.status, missing.ok]).toEqual([404, false]);
  });

  it('sends the given headers', async () => {
    const seen = JSON.parse(await text('/headers')) as Record<string, string>;
    expect(seen['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('follows redirects, and gives up on a loop', async () => {
    expect((await text('/moved')) === BODY).toBe(true);
    await expect(get('/loop')).rejects.toThrow(/redirect/);
  });

  it('rejects a body cut off by the connection; a compressed body that ends early gives only what it decoded', async () => {
    expect(zlib.gzipSync(BODY).length).toBeGreaterThan(1000);
    await expect(text('/cut-gzip')).rejects.toThrow();
    // fetch decodes leniently: the start of the body, which the client's JSON parse then refuses.
    const partial = await text('/bad-gzip');
    expect(partial.length).toBeLessThan(BODY.length);
    expect(BODY.startsWith(partial)).toBe(true);
    expect(() => JSON.parse(partial)).toThrow();
  });

  it('sends a GET again, once, when the server closed its connection before answering', async () => {
    const fetchLike = createBoundedFetch();
    const read = () =>
      bodyText(fetchLike(`${base}/closed-once`, { headers: {}, signal: new AbortController().signal }));
    expect((await read()) === BODY).toBe(true);
    // The first closed without an answer, then sent again.
    expect(seenFlaky).toBe(2);
    // Twice closed: the error is the caller's (its retries wait between attempts).
    seenFlaky = -2;
    await expect(read()).rejects.toThrow(/closed|socket|reset/i);
    expect(seenFlaky).toBe(0);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = get('/slow', controller.signal).then((r) => r.arrayBuffer());
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('rejects when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      createBoundedFetch()(`http://127.0.0.1:${port}/`, { headers: {}, signal: new AbortController().signal }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
