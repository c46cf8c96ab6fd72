import { BodyLimitError } from '../errors.js';

/** The part of a fetch `Response` the client reads. */
export interface ResponseLike {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null; has(name: string): boolean };
  /** The decoded body (a Uint8Array from {@link createBoundedFetch}, an ArrayBuffer from `fetch`). */
  arrayBuffer(): Promise<ArrayBuffer | Uint8Array>;
}

/**
 * A GET with headers and a cancel signal: `globalThis.fetch` is one, {@link createBoundedFetch}
 * another. `maxBodyBytes`, when given, bounds the body as received and once decompressed: past it
 * `arrayBuffer()` rejects with a {@link BodyLimitError} (`fetch` ignores it; the caller checks what
 * it returns).
 */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; maxBodyBytes?: number },
) => Promise<ResponseLike>;

/** Socket failures of a request that got no answer: what a kept-alive connection closed by the server gives. */
const CLOSED_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * The global `fetch` (it keeps connections alive, follows redirects and decompresses) with the body
 * bounded as it arrives: a declared `Content-Length` over `maxBodyBytes` is refused before a byte of
 * the body is read, and a body whose decompressed bytes pass it is cancelled there (a small gzip body
 * can inflate a thousandfold, and is never inflated whole). The body is read as soon as the answer
 * comes, so its connection goes back to the pool even if the caller never asks for it. A GET whose
 * connection the server closed before any answer (a kept-alive socket closed as the request went out
 * on it) is sent once more. A body cut short by the connection rejects `arrayBuffer()`; a compressed
 * body that merely ends early is passed on as far as it decoded (fetch decodes leniently), and fails
 * the client's JSON parse instead.
 */
export function createBoundedFetch(): FetchLike {
  const get = async (url: string, init: Parameters<FetchLike>[1], again: boolean): Promise<ResponseLike> => {
    let res: Response;
    try {
      res = await fetch(url, { headers: init.headers, signal: init.signal, redirect: 'follow' });
    } catch (err) {
      const code = (err as { cause?: { code?: unknown } }).cause?.code;
      if (again && !init.signal.aborted && typeof code === 'string' && CLOSED_SOCKET.has(code)) {
        return get(url, init, false);
      }
      // fetch says only "fetch failed"; its cause says what (ECONNREFUSED, a redirect loop…).
      const cause = (err as { cause?: unknown }).cause;
      throw err instanceof TypeError && cause instanceof Error ? cause : err;
    }
    const body = readBounded(res, url, init.maxBodyBytes ?? Infinity);
    body.catch(() => {});
    return {
      status: res.status,
      ok: res.ok,
      headers: res.headers,
      arrayBuffer: () => body,
    };
  };
  return (url, init) => get(url, init, true);
}

async function readBounded(res: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const refuse = async (reason: string): Promise<never> => {
    await res.body?.cancel().catch(() => {});
    throw new BodyLimitError(url, reason, { maxBodyBytes: maxBytes });
  };
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) await refuse(`Content-Length ${declared} is over STATSAPI_MAX_BODY_BYTES (${maxBytes})`);
  if (!res.body) return new Uint8Array(0);
  const encoding = (res.headers.get('content-encoding') ?? '').trim().toLowerCase();
  const compressed = encoding !== '' && encoding !== 'identity';
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      reader.releaseLock();
      await refuse(
        compressed
          ? `decompresses to more than STATSAPI_MAX_BODY_BYTES (${maxBytes}) bytes`
          : `more than STATSAPI_MAX_BODY_BYTES (${maxBytes}) bytes received`,
      );
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
}
