import { DEFAULT_MAX_BODY_BYTES } from '../config.js';
import {
  AbortedError,
  ApiMessageError,
  BadBodyError,
  BodyLimitError,
  HttpStatusError,
  NetworkError,
  RequestTimeoutError,
} from '../errors.js';
import type { Logger } from '../logger.js';
import { jsonNestingDepth, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { parseRetryAfter } from './retry-after.js';
import type { FetchLike, ResponseLike } from './transport.js';

/** One HTTP exchange that produced a JSON body. */
export interface RawResponse {
  url: string;
  status: number;
  /** Decompressed body text exactly as received. */
  text: string;
  /** Parsed JSON. */
  body: unknown;
  /** Body bytes on the wire: `Content-Length` when the server sends it (compressed size), else the decoded size. */
  bytes: number;
  durationMs: number;
}

export interface GetJsonOptions {
  url: string;
  /** Whole-exchange limit (headers and body), milliseconds. */
  timeoutMs: number;
  userAgent: string;
  log: Logger;
  fetch: FetchLike;
  /** Cancels the exchange; the call then rejects with {@link AbortedError}. */
  signal?: AbortSignal;
  /** Called with the status of every exchange that got one, the body bytes and the server's `Date` header. */
  onResponse?: (status: number, bytes: number, serverDate: string | null) => void;
  /**
   * Most bytes of the body, as received and once decompressed; past it the call rejects with a
   * {@link BodyLimitError}, which is not retryable. Default 64 MiB (STATSAPI_MAX_BODY_BYTES).
   */
  maxBodyBytes?: number;
}

const SNIPPET_CHARS = 300;

/** One HTTP exchange whose 2xx body was kept as bytes, not decoded to text (see {@link getBytes}). */
export interface RawBytesResponse extends Omit<RawResponse, 'text' | 'body'> {
  /** The decompressed body exactly as received. */
  data: Uint8Array;
}

/**
 * GET `url` once and return the parsed JSON. Outcomes map to typed errors: network failure →
 * {@link NetworkError}; no complete response within `timeoutMs` → {@link RequestTimeoutError};
 * non-2xx → {@link HttpStatusError} (with `retryAfterMs` from `Retry-After`); a truncated or
 * non-JSON body → {@link BadBodyError}; a 2xx body over `maxBodyBytes` → {@link BodyLimitError}; a
 * 2xx whose body is the API's error object (`{"messageNumber", "message"}`) → {@link ApiMessageError}.
 * Never retries.
 */
export async function getJson(opts: GetJsonOptions): Promise<RawResponse> {
  return exchange(opts, (url, data) => {
    const text = decodeText(data);
    return { text, body: parseJsonBody(url, text) };
  });
}

/**
 * {@link getJson} for a caller that decodes and parses the body elsewhere (on another thread): the
 * 2xx body's bytes, never decoded here; the same errors but a bad body's, which the caller's own
 * parse finds ({@link parseJsonBody} on the decoded text).
 */
export async function getBytes(opts: GetJsonOptions): Promise<RawBytesResponse> {
  return exchange(opts, (_url, data) => ({ data }));
}

/** Decodes whole bodies (never a stream), so one decoder serves every call. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A body's bytes as text: UTF-8, a BOM kept (the text as received). */
export function decodeText(data: Uint8Array): string {
  return UTF8.decode(data);
}

/** One GET: the exchange and its errors, with `finish` making the 2xx body into the caller's result. */
async function exchange<T extends object>(
  opts: GetJsonOptions,
  finish: (url: string, data: Uint8Array) => T,
): Promise<T & Omit<RawBytesResponse, 'data'>> {
  const { url, timeoutMs, log, signal } = opts;
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (signal?.aborted) throw new AbortedError(`request to ${url} cancelled`);
  const started = performance.now();
  const sentAt = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const failed = (otherwise: () => Error): Error => {
    if (timedOut) return new RequestTimeoutError(url, timeoutMs);
    if (signal?.aborted) return new AbortedError(`request to ${url} cancelled`);
    return otherwise();
  };
  let status: number | undefined;
  try {
    let res: ResponseLike;
    try {
      res = await opts.fetch(url, {
        headers: { accept: 'application/json', 'accept-encoding': 'gzip', 'user-agent': opts.userAgent },
        signal: controller.signal,
        maxBodyBytes,
      });
    } catch (err) {
      throw failed(() => new NetworkError(url, err));
    }
    status = res.status;
    // A fetch that does not bound the body itself (the global one) is held to the declared length
    // before reading, and to the length read after.
    const declaredLength = Number(res.headers.get('content-length'));
    if (res.ok && declaredLength > maxBodyBytes) {
      controller.abort();
      throw tooLarge(url, `Content-Length ${declaredLength}`, maxBodyBytes);
    }
    let buffer: Uint8Array;
    try {
      const raw = await res.arrayBuffer();
      buffer = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
    } catch (err) {
      if (res.ok && err instanceof BodyLimitError) throw err;
      // An error status stays an error status (a 404 must not turn retryable) even if its body broke.
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
      throw failed(() =>
        res.ok
          ? new BadBodyError(url, `body cut off after the headers (${describe(err)})`, err)
          : new HttpStatusError(url, res.status, retryAfterMs),
      );
    }
    if (res.ok && buffer.byteLength > maxBodyBytes) throw tooLarge(url, `${buffer.byteLength} bytes`, maxBodyBytes);
    const declared = Number(res.headers.get('content-length'));
    const bytes =
      Number.isSafeInteger(declared) && declared >= 0 && res.headers.has('content-length')
        ? declared
        : buffer.byteLength;
    opts.onResponse?.(res.status, bytes, res.headers.get('date'));
    if (!res.ok) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
      // The snippet decodes at most 4 bytes a character of the body's start, not the whole body.
      const snippet = decodeText(buffer.subarray(0, SNIPPET_CHARS * 4)).slice(0, SNIPPET_CHARS);
      throw new HttpStatusError(url, res.status, retryAfterMs, snippet || undefined);
    }
    const result = finish(url, buffer);
    const durationMs = Math.round(performance.now() - started);
    log.debug({ url, status: res.status, sentAt, durationMs, bytes }, 'request done');
    return { ...result, url, status: res.status, bytes, durationMs };
  } catch (err) {
    log.debug({ url, status, sentAt, durationMs: Math.round(performance.now() - started), err }, 'request failed');
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function tooLarge(url: string, size: string, maxBodyBytes: number): BodyLimitError {
  return new BodyLimitError(url, `${size} is over STATSAPI_MAX_BODY_BYTES (${maxBodyBytes})`, { maxBodyBytes });
}

/** Only whitespace (a scan that stops at the first other character, unlike a trimmed copy of the body). */
const BLANK = /^\s*$/;

/**
 * Parse a 2xx body as {@link getJson} does: an empty, truncated or non-JSON body is a
 * {@link BadBodyError}, one nested deeper than {@link MAX_JSON_DEPTH} a {@link BodyLimitError}, the
 * API's error object an {@link ApiMessageError}; a leading BOM is skipped.
 */
export function parseJsonBody(url: string, text: string): unknown {
  if (BLANK.test(text)) throw new BadBodyError(url, 'empty body');
  let body: unknown;
  try {
    body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    throw new BadBodyError(url, `not JSON or truncated (${text.length} chars)`, err);
  }
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    // Only a body refused is read again, to say how deep it went.
    const depth = jsonNestingDepth(text);
    throw new BodyLimitError(url, `JSON nested ${depth} levels deep, deeper than ${MAX_JSON_DEPTH}`, { depth });
  }
  if (isApiMessage(body)) throw new ApiMessageError(url, body.messageNumber, body.message);
  return body;
}

function isApiMessage(body: unknown): body is { messageNumber: number; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return typeof b.messageNumber === 'number' && typeof b.message === 'string';
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
}
