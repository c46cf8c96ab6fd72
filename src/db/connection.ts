/*
 * What a connection URL says (where it points, its timeouts), read without any driver: for
 * messages, and for the postgres.js adapter's options (db/adapter/postgres-options.ts).
 */

/**
 * How long a new connection may take to be ready (TCP, TLS, login), seconds, unless the URL sets
 * libpq's `connect_timeout`. A database that never answers ends a command within about this long.
 */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

/**
 * The `statement_timeout` of dugout's own statements unless the URL sets one
 * (`?statement_timeout=30min`, or `0` for none): a statement waiting on a lock that is never
 * released, or running away, is cancelled by the server; far above the longest statement of a
 * season's load (its end-of-run VACUUM and analytics refresh).
 */
export const DEFAULT_STATEMENT_TIMEOUT = '10min';

/** Where a connection URL points and how long its connections may take: for options and messages. */
export interface ConnectionTarget {
  /** `host:port` of the first host (or the Unix socket directory), for messages. */
  address: string;
  connectTimeoutSeconds: number;
  /** Whether the URL sets `connect_timeout` itself (postgres.js then reads it from there). */
  urlConnectTimeout: boolean;
  /** Whether the URL sets `statement_timeout` itself (a startup parameter postgres.js passes on). */
  urlStatementTimeout: boolean;
}

export function connectionTarget(url: string): ConnectionTarget {
  const u = new URL(url);
  const fromUrl = Number(u.searchParams.get('connect_timeout'));
  const urlConnectTimeout = u.searchParams.has('connect_timeout') && fromUrl > 0;
  const host = u.searchParams.get('host') ?? (decodeURIComponent(u.hostname) || 'localhost');
  const port = u.port || '5432';
  return {
    address: host.startsWith('/') ? host : `${host.split(',')[0]}:${port}`,
    connectTimeoutSeconds: urlConnectTimeout ? fromUrl : DEFAULT_CONNECT_TIMEOUT_SECONDS,
    urlConnectTimeout,
    urlStatementTimeout: u.searchParams.has('statement_timeout'),
  };
}

/** Drop the password from a connection URL. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable url)';
  }
}
