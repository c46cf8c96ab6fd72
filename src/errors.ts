/**
 * Typed errors. Every error dugout raises on purpose is a {@link DugoutError}: it says whether
 * retrying the same thing later can succeed (`retryable`), carries structured `context` for logs,
 * and keeps the underlying `cause`.
 *
 * Exit codes: {@link UsageError} (bad flags, bad dates, bad config, unknown operation) exits 2;
 * anything else that ends a command exits 1.
 */

export type ErrorContext = Record<string, unknown>;

export interface DugoutErrorOptions {
  retryable?: boolean;
  context?: ErrorContext;
  cause?: unknown;
}

/** Base class of every error dugout raises on purpose. */
export class DugoutError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly context: ErrorContext;

  constructor(code: string, message: string, options: DugoutErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.context = options.context ?? {};
  }
}

/** Bad command line input: unknown flag, impossible date, missing parameter. Exit 2. */
export class UsageError extends DugoutError {
  constructor(message: string, context?: ErrorContext) {
    super('E_USAGE', message, { retryable: false, context });
  }
}

/** Invalid environment configuration; the message lists every problem. Exit 2. */
export class ConfigError extends UsageError {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`, { problems });
    this.problems = problems;
  }
}

/** A parameter given to an API operation is missing, malformed or unknown. No request was sent. */
export class ParamError extends UsageError {}

/** The operation exists in the interface but is not available (affiliates, allTeams), or does not exist. */
export class OperationUnavailableError extends UsageError {}

/** The embedded database directory is held by another process. */
export class LockHeldError extends DugoutError {
  constructor(message: string, context?: ErrorContext) {
    super('E_LOCK_HELD', message, { retryable: false, context });
  }
}

/** Base of failures talking to the Stats API. */
export class ApiError extends DugoutError {
  readonly url: string;
  readonly status: number | undefined;
  /** Server-requested wait before the next attempt, in milliseconds (from Retry-After). */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: string,
    message: string,
    options: DugoutErrorOptions & { url: string; status?: number; retryAfterMs?: number },
  ) {
    super(code, message, { ...options, context: { url: options.url, status: options.status, ...options.context } });
    this.url = options.url;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The API answered with a non-2xx status. 408, 425, 429 and 5xx are retryable; other 4xx are not. */
export class HttpStatusError extends ApiError {
  constructor(url: string, status: number, retryAfterMs?: number, bodySnippet?: string) {
    super('E_HTTP_STATUS', `HTTP ${status} from ${url}`, {
      url,
      status,
      retryAfterMs,
      retryable: isRetryableStatus(status),
      context: bodySnippet ? { body: bodySnippet } : undefined,
    });
  }
}

/** Connection refused, reset, DNS failure. Retryable. */
export class NetworkError extends ApiError {
  constructor(url: string, cause: unknown) {
    super('E_NETWORK', `network error calling ${url}: ${describeCause(cause)}`, { url, cause, retryable: true });
  }
}

/** No complete response within STATSAPI_TIMEOUT_MS. Retryable. */
export class RequestTimeoutError extends ApiError {
  constructor(url: string, timeoutMs: number) {
    super('E_TIMEOUT', `no response from ${url} within ${timeoutMs} ms`, {
      url,
      retryable: true,
      context: { timeoutMs },
    });
  }
}

/** A 200 whose body is truncated or not JSON. Retryable. */
export class BadBodyError extends ApiError {
  constructor(url: string, reason: string, cause?: unknown) {
    super('E_BAD_BODY', `unusable body from ${url}: ${reason}`, { url, cause, retryable: true, status: 200 });
  }
}

/**
 * A body dugout refuses to take in: more bytes than STATSAPI_MAX_BODY_BYTES on the wire or once
 * decompressed, or JSON nested too deeply to walk. Not retryable: the same request gives the same
 * body, so its work item is dead-lettered at once with this reason.
 */
export class BodyLimitError extends ApiError {
  /** Which limit the body passed, and by how much. */
  readonly reason: string;
  constructor(url: string, reason: string, context?: ErrorContext) {
    super('E_BODY_LIMIT', `body from ${url} refused: ${reason}`, { url, retryable: false, status: 200, context });
    this.reason = reason;
  }
}

/**
 * The Stats API cannot be reached at all: connections are refused, its host name does not
 * resolve, or there is no route to it, and nothing has answered lately. Not retryable: the run
 * stops with this one line rather than retry every request against a network that is not there.
 */
export class ApiUnreachableError extends ApiError {
  constructor(baseUrl: string, url: string, code: string, cause: unknown) {
    super(
      'E_API_UNREACHABLE',
      `cannot reach the Stats API at ${baseUrl}: ${NO_ROUTE[code] ?? 'no connection'} (${code}); ` +
        'check the network connection, DNS and STATSAPI_BASE_URL',
      { url, cause, retryable: false, context: { code } },
    );
  }
}

/** Connection failures that say no network path to the host exists (as opposed to a slow or busy one). */
const NO_ROUTE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'its host name does not resolve',
  EAI_NONAME: 'its host name does not resolve',
  EAI_FAIL: 'the DNS lookup failed',
  EAI_AGAIN: 'the DNS lookup failed for now',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'no route to the host',
};

/**
 * The code of a failed connection that found no way to the host at all (refused, no such host, a
 * failed DNS lookup, no route), looked for along the cause chain; undefined for anything else.
 */
export function noRouteCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in NO_ROUTE) return code;
  }
  return undefined;
}

/** A 200 whose body is the API's error object (`{"messageNumber": …, "message": …}`). Retryable. */
export class ApiMessageError extends ApiError {
  readonly messageNumber: number;
  constructor(url: string, messageNumber: number, apiMessage: string) {
    super('E_API_MESSAGE', `API error ${messageNumber} from ${url}: ${apiMessage}`, {
      url,
      retryable: true,
      status: 200,
      context: { messageNumber },
    });
    this.messageNumber = messageNumber;
  }
}

/** The operation was cancelled (shutdown). Not retryable in this process. */
export class AbortedError extends DugoutError {
  constructor(message = 'aborted') {
    super('E_ABORTED', message, { retryable: false });
  }
}

/** A read-only command found the schema behind the code: run `dugout migrate`. */
export class SchemaBehindError extends DugoutError {
  constructor(message: string) {
    super('E_SCHEMA_BEHIND', message, { retryable: false });
  }
}

/**
 * The database stopped answering: a ping on a connection of its own got no answer in time (see
 * db/liveness.ts), so the statements waiting on its other connections were failed with this.
 * Retryable: a later run may find it back.
 */
export class DatabaseLostError extends DugoutError {
  constructor(address: string, answerWithinMs: number) {
    super('E_DB_LOST', `lost the database at ${address}: no answer to a ping within ${formatSeconds(answerWithinMs)}`, {
      retryable: true,
      context: { address },
    });
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * The Chadwick register could not be read: a source that is not a zip or is cut short, a file
 * without a column dugout reads, a bound passed. Nothing was loaded; the stored register stays.
 * Retryable only where the network failed (a later run may fetch it whole).
 */
export class RegisterError extends DugoutError {
  constructor(message: string, options: { retryable?: boolean; context?: ErrorContext; cause?: unknown } = {}) {
    super('E_REGISTER', message, {
      retryable: options.retryable ?? false,
      context: options.context,
      cause: options.cause,
    });
  }
}

/** A failed load or database step; retryable when the SQLSTATE says so. */
export class LoadError extends DugoutError {}

/** HTTP statuses worth retrying. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * Postgres SQLSTATEs that mean "try the transaction again later": another transaction got in the
 * way (40001, 40P01, 55P03), or the server could not go on for a while — out of disk, memory or
 * connections (class 53), a lost or refused connection (class 08), a server shutting down, crashed,
 * starting up or closing idle sessions (57P01-57P03, 57P05). A work item failed by one is retried
 * with backoff, as after a 5xx, and is a dead letter only once DUGOUT_WORK_MAX_ATTEMPTS are spent.
 */
export const RETRYABLE_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P05', // idle_session_timeout
]);

/**
 * SQLSTATE classes whose every code is worth retrying, but for the listed exceptions: 53400
 * (configuration_limit_exceeded) stays until someone changes a setting.
 */
const RETRYABLE_CLASSES = new Set(['08', '53']);
const NOT_RETRYABLE_IN_CLASS = new Set(['53400']);

/** Whether a SQLSTATE means the same statement can succeed later ({@link RETRYABLE_SQLSTATES}). */
export function isRetryableSqlState(code: string): boolean {
  if (RETRYABLE_SQLSTATES.has(code)) return true;
  return RETRYABLE_CLASSES.has(code.slice(0, 2)) && !NOT_RETRYABLE_IN_CLASS.has(code);
}

/**
 * Whether an arbitrary thrown value is worth retrying later. With `followCause`, the driver's error
 * that drizzle wraps as the thrown error's `cause` counts too, so a work item whose transaction hit
 * a deadlock or a lost connection is retried, not dead-lettered. The request queue does not follow
 * causes: a request that failed because the shared budget's database is down fails at once.
 */
export function isRetryable(err: unknown, opts: { followCause?: boolean } = {}): boolean {
  const depthLimit = opts.followCause ? 8 : 1;
  for (
    let e = err, depth = 0;
    e !== null && e !== undefined && depth < depthLimit;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof DugoutError) return e.retryable;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^[0-9A-Z]{5}$/.test(code) && isRetryableSqlState(code)) return true;
      if (
        ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED'].includes(code)
      ) {
        return true;
      }
    }
    if (typeof e !== 'object') break;
  }
  return false;
}

/** The most characters of an error that reach a log line, `last_error` or the terminal. */
export const MAX_ERROR_CHARS = 300;

/**
 * One line describing an error, for logs, the worklist's `last_error` and the CLI's last line:
 * a database out of reach as `host:port` and why, the database's own cause (SQLSTATE, message,
 * column/constraint where known) rather than a
 * driver wrapper that quotes the statement and its bound parameters (whole game bodies); URL
 * credentials redacted; NUL characters dropped (a server's message may carry one, and no text
 * column can hold it: recording the failure would fail too); at most {@link MAX_ERROR_CHARS} characters.
 */
export function describeError(err: unknown): string {
  const connection = connectionCause(err);
  if (connection) return capError(redactSecrets(connection));
  const db = databaseCause(err);
  let text: string;
  if (db) {
    const where = [
      db.table && `table ${db.table}`,
      db.column && `column ${db.column}`,
      db.constraint && `constraint ${db.constraint}`,
    ]
      .filter(Boolean)
      .join(', ');
    text = `database error ${db.code}: ${db.message}${where ? ` (${where})` : ''}`;
  } else if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    if (isQueryWrapper(err.message)) {
      // Never the statement's parameters: the cause if there is one, else the statement's start.
      return cause ? describeError(cause) : capError(`${err.name}: ${err.message.split('\n')[0]!.slice(0, 80)}…`);
    }
    text = `${err.name}: ${err.message}`;
  } else {
    text = String(err);
  }
  return capError(redactSecrets(text.replace(/\s*\n\s*/g, ' ').replaceAll('\u0000', '')));
}

/** Cut a message to {@link MAX_ERROR_CHARS}, saying how much was dropped. */
export function capError(text: string, max = MAX_ERROR_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 24)}… (${text.length - max + 24} chars cut)`;
}

/** Replace `user:password@` in any URL and `password=…` pairs with `***`. */
export function redactSecrets(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)([^/@\s:]*)(:[^/@\s]*)?@/gi, (_m, scheme: string, user: string, pass?: string) =>
      pass || user ? `${scheme}${user ? '***' : ''}${pass ? ':***' : ''}@` : `${scheme}@`,
    )
    .replace(/(password\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi, '$1***');
}

interface DatabaseCause {
  code: string;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** The Postgres error (postgres.js or PGlite) in an error's cause chain, if any. */
export function databaseCause(err: unknown): DatabaseCause | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const o = e as {
      code?: unknown;
      message?: unknown;
      severity?: unknown;
      table_name?: unknown;
      table?: unknown;
      column_name?: unknown;
      column?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (
      typeof o.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(o.code) &&
      typeof o.message === 'string' &&
      o.severity !== undefined
    ) {
      const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
      return {
        code: o.code,
        message: o.message,
        table: str(o.table_name) ?? str(o.table),
        column: str(o.column_name) ?? str(o.column),
        constraint: str(o.constraint_name) ?? str(o.constraint),
      };
    }
    e = o.cause;
  }
  return undefined;
}

/** Connection failures of the database driver, by code: what went wrong, in words. */
const CONNECTION_FAILURES: Record<string, string> = {
  CONNECT_TIMEOUT: 'no answer within the connect timeout',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  CONNECTION_CLOSED: 'the server closed the connection',
  CONNECTION_DESTROYED: 'the connection was destroyed',
  CONNECTION_ENDED: 'the connection had ended',
};

/**
 * The database out of reach, in one line naming its `host:port` (a driver's connection error, or a
 * {@link DatabaseLostError}, in the cause chain); undefined for anything else.
 */
function connectionCause(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseLostError) return e.message;
    if (e instanceof ApiError) return undefined; // the API's own network errors name their URL
    const o = e as { code?: unknown; address?: unknown; hostname?: unknown; port?: unknown };
    const code = typeof o.code === 'string' ? o.code : undefined;
    const what = code && (CONNECTION_FAILURES[code] ?? NO_ROUTE[code]);
    const host = typeof o.address === 'string' ? o.address : typeof o.hostname === 'string' ? o.hostname : undefined;
    if (!what || !host) continue;
    const address = o.port === undefined || host.startsWith('/') ? host : `${host}:${String(o.port)}`;
    const verb = code in NO_ROUTE || code === 'CONNECT_TIMEOUT' ? 'cannot reach' : 'lost';
    return `${verb} the database at ${address}: ${what} (${code})`;
  }
  return undefined;
}

/** drizzle wraps driver errors as "Failed query: <statement>\nparams: <every bound value>". */
function isQueryWrapper(message: string): boolean {
  return message.startsWith('Failed query:');
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: unknown }).cause;
    const code = (inner as { code?: string } | undefined)?.code ?? (cause as { code?: string }).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}
