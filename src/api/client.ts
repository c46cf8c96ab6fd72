import { ApiError, ApiUnreachableError, NetworkError, noRouteCode } from '../errors.js';
import type { Logger } from '../logger.js';
import type { QueueStats, RequestQueue } from '../queue/index.js';
import { readVersion } from '../version.js';
import { buildPathAndQuery } from './build-url.js';
import { checkShape, shapeOf } from './body.js';
import { type GetJsonOptions, getBytes, getJson, type RawBytesResponse } from './http.js';
import { createBoundedFetch, type FetchLike } from './transport.js';
import { getOperation } from './registry.js';
import type { OperationName, ParamsOf, ResponseOf } from './types.js';

export interface ApiClientOptions {
  /** Base URL without the version, e.g. `https://statsapi.mlb.com/api` (config `STATSAPI_BASE_URL`). */
  baseUrl: string;
  /** Whole-exchange limit per attempt (headers and body), milliseconds (config `STATSAPI_TIMEOUT_MS`, default 30000). */
  timeoutMs: number;
  /** The shared rate-limited queue every attempt goes through. */
  queue: RequestQueue;
  /** Required. Each exchange is logged at `debug` (`request done` / `request failed` with url, status, durationMs). */
  log: Logger;
  /** HTTP implementation (the global `fetch` fits). Default: {@link createBoundedFetch}, the global `fetch` with the body bounded as it arrives. */
  fetch?: FetchLike;
  /** Default: `dugout/<version> (MLB Stats API to PostgreSQL loader; node/<version>)`. */
  userAgent?: string;
  /** Called after every attempt (metrics): the operation, its HTTP status or `error` (no status), seconds. */
  onAttempt?: (attempt: AttemptOutcome) => void;
  /**
   * Most bytes of a body, as received and once decompressed (config `STATSAPI_MAX_BODY_BYTES`,
   * default 64 MiB); a larger one fails its call with a `BodyLimitError`, not retried.
   */
  maxBodyBytes?: number;
  /**
   * With this set, milliseconds: an attempt that finds no way to the API at all (connection
   * refused, a host name that does not resolve, no route) when no exchange got an answer within
   * this long fails its call with an `ApiUnreachableError`, not retried; a run stops on it. Within
   * that long of an answer it is a blip, and retried like any `NetworkError`. Unset: always retried.
   */
  unreachableAfterMs?: number;
}

/** One HTTP attempt of an operation, as `onAttempt` reports it. */
export interface AttemptOutcome {
  operation: string;
  status: number | 'error';
  seconds: number;
}

export interface ApiResponse<T = unknown> {
  url: string;
  status: number;
  /** Decompressed body text exactly as received. */
  text: string;
  /** Parsed JSON. */
  body: T;
  /** Body bytes on the wire: `Content-Length` when sent (compressed size), else the decoded size. */
  bytes: number;
  durationMs: number;
}

export interface CallOptions {
  /** Cancels this call (queued, sleeping or in flight) with `AbortedError`. */
  signal?: AbortSignal;
  /** Higher is served first among queued attempts. Default 0. */
  priority?: number;
}

/** A 2xx exchange whose body was neither decoded nor parsed: see {@link ApiClient.callBytes}. */
export type ApiBytesResponse = RawBytesResponse;

/** Counters of a client; `retries` and `pausedMs` come from its queue. */
export interface ClientStats {
  /** HTTP exchanges that got a status. */
  requests: number;
  /** Body bytes received (see {@link ApiResponse.bytes}). */
  bytes: number;
  /** Exchanges by HTTP status, e.g. `{ "200": 40, "503": 2 }`. */
  byStatus: Record<string, number>;
  readonly retries: number;
  readonly pausedMs: number;
  readonly queue: QueueStats;
}

export interface ApiClient {
  /**
   * Validate, then GET the operation through the queue (retrying as the queue decides) and return
   * the body. Rejects with `ParamError`/`OperationUnavailableError` before any request, or with the
   * last attempt's `ApiError`, or `AbortedError`.
   */
  call<N extends OperationName>(name: N, params: ParamsOf<N>, opts?: CallOptions): Promise<ApiResponse<ResponseOf<N>>>;
  /**
   * `call` without decoding the body: the bytes of the first 2xx exchange. HTTP failures are retried
   * as in `call`; a bad body is not seen here. The caller decodes the bytes (`decodeText`) and parses
   * the text with `parseOperationBody` (on another thread, say) and, should that throw, makes the
   * `call` again to get `call`'s retries.
   */
  callBytes<N extends OperationName>(name: N, params: ParamsOf<N>, opts?: CallOptions): Promise<ApiBytesResponse>;
  /** Validate and return the absolute URL; no request. */
  buildUrl<N extends OperationName>(name: N, params: ParamsOf<N>): string;
  /**
   * `call` for an operation named at run time (a snapshot catalogue, `dugout api`): the name and
   * parameters are checked against the operation when called, not by the compiler; the body is `unknown`.
   */
  callByName(
    name: string,
    params: Readonly<Record<string, unknown>>,
    opts?: CallOptions,
  ): Promise<ApiResponse<unknown>>;
  /** `buildUrl` for an operation named at run time. */
  urlByName(name: string, params: Readonly<Record<string, unknown>>): string;
  readonly stats: ClientStats;
  /**
   * The API's own clock: the `Date` header of the latest answer, moved on by the time since it came
   * (undefined before any answer carried one). A live pass dates what it trusts by it, so a clock of
   * ours that differs from the API's (a replayed day, a simulator running fast) does not make every
   * answer look as if it came from the future.
   */
  serverNow(): Date | undefined;
}

/** Project page named in the User-Agent. Placeholder owner: set the real repository when it is public. */

/** The default User-Agent: names dugout and its version. */
export function defaultUserAgent(): string {
  return `dugout/${readVersion()} (MLB Stats API to PostgreSQL loader; node/${process.versions.node})`;
}

/**
 * Create the typed Stats API client. One HTTP attempt per queue attempt; bodies of the operations
 * the pipeline extracts are checked against lenient schemas (a mismatch is a retryable `BadBodyError`).
 */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const fetchImpl = opts.fetch ?? createBoundedFetch();
  const userAgent = opts.userAgent ?? defaultUserAgent();
  const log = opts.log;
  const counters = { requests: 0, bytes: 0, byStatus: {} as Record<string, number> };
  const stats: ClientStats = {
    get requests() {
      return counters.requests;
    },
    get bytes() {
      return counters.bytes;
    },
    get byStatus() {
      return counters.byStatus;
    },
    get retries() {
      return opts.queue.stats.retries;
    },
    get pausedMs() {
      return opts.queue.stats.pausedMs;
    },
    get queue() {
      return opts.queue.stats;
    },
  };
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  let serverClock: { at: number; ms: number } | undefined;
  const onResponse = (status: number, bytes: number, serverDate: string | null) => {
    lastAnswerAt = performance.now();
    const ms = serverDate ? Date.parse(serverDate) : Number.NaN;
    if (Number.isFinite(ms)) serverClock = { at: lastAnswerAt, ms };
    counters.requests++;
    counters.bytes += bytes;
    counters.byStatus[status] = (counters.byStatus[status] ?? 0) + 1;
  };

  function resolve(name: string, params: unknown) {
    const op = getOperation(name);
    const url = `${baseUrl}${buildPathAndQuery(op, params)}`;
    return { url, schema: shapeOf(op.qualifiedName) };
  }

  /** One operation through the queue, each attempt made with `get` (which decides what a 2xx gives). */
  async function attempt<R extends { status: number; body?: unknown }>(
    name: string,
    params: unknown,
    callOpts: CallOptions,
    get: (o: GetJsonOptions) => Promise<R>,
  ): Promise<R> {
    const { url, schema } = resolve(name, params);
    return opts.queue.run(
      async (signal) => {
        const started = performance.now();
        const report = (status: number | 'error') =>
          opts.onAttempt?.({ operation: name, status, seconds: (performance.now() - started) / 1000 });
        let res: R;
        try {
          res = await get({
            url,
            timeoutMs: opts.timeoutMs,
            userAgent,
            log,
            fetch: fetchImpl,
            signal,
            onResponse,
            maxBodyBytes: opts.maxBodyBytes,
          });
        } catch (err) {
          report(err instanceof ApiError && err.status !== undefined ? err.status : 'error');
          throw unreachable(err, url) ?? err;
        }
        report(res.status);
        if ('body' in res && schema) checkShape(schema, url, res.body);
        // The schema only checks: the caller gets the body as parsed, unknown keys and all.
        return res;
      },
      { priority: callOpts.priority, signal: callOpts.signal },
    );
  }

  /** The `ApiUnreachableError` a failed attempt amounts to, if it does (see `unreachableAfterMs`). */
  function unreachable(err: unknown, url: string): ApiUnreachableError | undefined {
    if (opts.unreachableAfterMs === undefined || !(err instanceof NetworkError)) return undefined;
    const code = noRouteCode(err);
    if (!code || performance.now() - lastAnswerAt <= opts.unreachableAfterMs) return undefined;
    return new ApiUnreachableError(baseUrl, url, code, err);
  }

  const send = (name: string, params: unknown, callOpts: CallOptions) =>
    attempt(name, params, callOpts, getJson) as Promise<ApiResponse<never>>;

  return {
    call: (name, params, callOpts = {}) => send(name, params, callOpts),
    callBytes: (name, params, callOpts = {}) => attempt(name, params, callOpts, getBytes),
    callByName: (name, params, callOpts = {}) => send(name, params, callOpts),
    buildUrl: (name, params) => resolve(name, params).url,
    urlByName: (name, params) => resolve(name, params).url,
    stats,
    serverNow: () =>
      serverClock ? new Date(serverClock.ms + Math.max(0, performance.now() - serverClock.at)) : undefined,
  };
}
