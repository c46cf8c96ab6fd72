import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BodyLimitError } from '../errors.js';

/** The part of a fetch `Response` the client reads. */
export interface ResponseLike {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null; has(name: string): boolean };
  /** The decoded body (a Buffer from {@link createNodeFetch}, an ArrayBuffer from `fetch`). */
  arrayBuffer(): Promise<ArrayBuffer | Uint8Array>;
}

/**
 * A GET with headers and a cancel signal: `globalThis.fetch` is one, {@link createNodeFetch} another.
 * `maxBodyBytes`, when given, bounds the body as received and once decompressed: past it
 * `arrayBuffer()` rejects with a {@link BodyLimitError} (`fetch` ignores it; the caller checks what
 * it returns).
 */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; maxBodyBytes?: number },
) => Promise<ResponseLike>;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);
const MAX_REDIRECTS = 5;
const IDLE_SOCKET_MS = 4_000;

/**
 * A GET over node:http(s) with keep-alive that reads the whole (compressed) body and decodes it
 * in one zlib call on the thread pool. `fetch` decodes a gzip body chunk by chunk through web
 * streams on the main thread, which is the loader's busiest resource (see docs/performance.md).
 * Follows redirects like fetch; a body cut off before its end rejects `arrayBuffer()`, and so does one
 * over `maxBodyBytes`: a declared `Content-Length` over it before a byte of the body is read, else
 * as the bytes arriving pass it, else as its decompression does (a small gzip body can inflate a
 * thousandfold); the connection is then closed.
 */
export function createNodeFetch(): FetchLike {
  // Idle pooled sockets are dropped after 4 s, before a server's own keep-alive timeout (Node's
  // is 5 s) can close one just as a request goes out on it.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  const get = (url: URL, init: Parameters<FetchLike>[1], redirects: number, fresh = false): Promise<ResponseLike> =>
    new Promise((resolve, reject) => {
      const protocol = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : undefined;
      if (!protocol) return reject(new TypeError(`unsupported protocol ${url.protocol}`));
      const request = (protocol === 'https:' ? https : http).get(
        url,
        // After a pooled socket failed, the retry opens its own connection.
        { headers: init.headers, agent: fresh ? false : agents[protocol], signal: init.signal },
        (res) => {
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (status >= 300 && status < 400 && location && status !== 304) {
            res.resume();
            if (redirects >= MAX_REDIRECTS) return reject(new TypeError(`more than ${MAX_REDIRECTS} redirects`));
            return resolve(get(new URL(location, url), init, redirects + 1));
          }
          resolve(responseOf(res, status, url.href, init.maxBodyBytes));
        },
      );
      request.on('error', (err: NodeJS.ErrnoException) => {
        // The server closed a kept-alive socket as this request went out on it: nothing reached
        // the server, so the GET is sent again once on a new connection (what Node's docs advise).
        if (request.reusedSocket && !fresh && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
          return resolve(get(url, init, redirects, true));
        }
        reject(err);
      });
    });
  return (url, init) => get(new URL(url), init, 0);
}

function responseOf(res: http.IncomingMessage, status: number, url: string, maxBytes = Infinity): ResponseLike {
  // Read at once, so the socket goes back to the pool even if the caller never asks for the body.
  const body = readAll(res, url, maxBytes);
  body.catch(() => {});
  const header = (name: string): string | undefined => {
    const v = res.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name) => header(name) ?? null, has: (name) => header(name) !== undefined },
    arrayBuffer: () => body,
  };
}

async function readAll(res: http.IncomingMessage, url: string, maxBytes: number): Promise<Buffer> {
  const refuse = (reason: string): never => {
    res.destroy();
    throw new BodyLimitError(url, reason, { maxBodyBytes: maxBytes });
  };
  const declared = Number(res.headers['content-length']);
  if (declared > maxBytes) refuse(`Content-Length ${declared} is over STATSAPI_MAX_BODY_BYTES (${maxBytes})`);
  const chunks: Buffer[] = [];
  let received = 0;
  // Async iteration throws when the connection closes before the body's end.
  for await (const chunk of res) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) refuse(`more than STATSAPI_MAX_BODY_BYTES (${maxBytes}) bytes received`);
    chunks.push(chunk as Buffer);
  }
  const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (raw.length === 0 || encoding === '' || encoding === 'identity') return raw;
  // Output buffers near the body's decoded size: zlib's default small ones cost a main-thread
  // callback each. zlib stops as soon as its output passes maxOutputLength, so a gzip bomb is
  // never inflated whole.
  const options = {
    chunkSize: Math.min(4 << 20, Math.max(64 << 10, raw.length * 8)),
    ...(Number.isFinite(maxBytes) ? { maxOutputLength: maxBytes } : {}),
  };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return await gunzip(raw, options);
    if (encoding === 'deflate') return await inflate(raw, options);
    if (encoding === 'br') return await brotli(raw, options);
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      refuse(`decompresses to more than STATSAPI_MAX_BODY_BYTES (${maxBytes}) bytes`);
    }
    throw err;
  }
  throw new TypeError(`unsupported content-encoding ${encoding}`);
}
