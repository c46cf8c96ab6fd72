import net from 'node:net';
import type { Options } from 'postgres';
import { connectionTarget, DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_STATEMENT_TIMEOUT } from '../connection.js';
import { createLiveness, type Liveness, type ProbeClient, type SocketSet, type SocketWatch } from '../liveness.js';

/**
 * The server ends a session of dugout's left idle inside a transaction this long (a process frozen
 * or gone without closing its connection), so the locks it held do not stall other workers until
 * their own statement timeout. dugout's transactions never wait on anything but the database.
 */
const IDLE_IN_TRANSACTION_TIMEOUT = '5min';

/**
 * TCP keepalive of every connection: the first probe after this many idle seconds, so a connection
 * to a host that vanished (a route gone, a machine off) fails instead of waiting for an answer
 * forever; the probes' interval and count are the system's (Linux: 75 s, 9).
 */
const KEEP_ALIVE_SECONDS = 30;

export interface ClientSettings {
  max: number;
  applicationName: string;
  /** Startup parameters beyond the application name. */
  parameters?: Record<string, string>;
  /**
   * Run statements under {@link DEFAULT_STATEMENT_TIMEOUT} (unless the URL says otherwise), and end
   * a session idle in a transaction. Default true.
   */
  statementTimeout?: boolean;
  /** Close a connection idle this long, seconds (0: never). Default 60. */
  idleTimeoutSeconds?: number;
  /** A connect timeout of its own, seconds, instead of the URL's or the default. */
  connectTimeoutSeconds?: number;
  /**
   * Ask the server for its array types on connecting (postgres.js's `fetch_types`). Default true.
   * Off for a client whose statements take and give no arrays and which is ended at any moment:
   * a connection ended while postgres.js fetches them rejects a promise nothing handles.
   */
  fetchTypes?: boolean;
  /** What the client's sockets are reported to (a {@link Liveness}, or a {@link SocketSet} to destroy them). */
  watch?: SocketWatch;
}

/**
 * postgres.js options for a client of `url`: a connect timeout, TCP keepalive, idle connections
 * closed, `statement_timeout`, and sockets of {@link noDelaySocket}.
 */
export function clientOptions(url: string, s: ClientSettings): Options<Record<string, never>> {
  const target = connectionTarget(url);
  const parameters: Record<string, string> = { application_name: s.applicationName, ...s.parameters };
  if (s.statementTimeout ?? true) {
    if (!target.urlStatementTimeout) parameters.statement_timeout = DEFAULT_STATEMENT_TIMEOUT;
    parameters.idle_in_transaction_session_timeout = IDLE_IN_TRANSACTION_TIMEOUT;
  }
  const connectTimeout =
    s.connectTimeoutSeconds ?? (target.urlConnectTimeout ? undefined : DEFAULT_CONNECT_TIMEOUT_SECONDS);
  return {
    // `socket` is a documented option that postgres.js 3.4's types leave out.
    ...({ socket: noDelaySocket(s.watch) } as object),
    max: s.max,
    onnotice: () => {},
    ...(connectTimeout === undefined ? {} : { connect_timeout: connectTimeout }),
    keep_alive: KEEP_ALIVE_SECONDS,
    // postgres.js waits longer and longer before each new connection after failed ones; while the
    // database is lost each fails at once, so the queries queued for one are failed without a wait.
    backoff: (retries: number) => (s.watch?.lost?.() ? 0 : defaultBackoffSeconds(retries)),
    idle_timeout: s.idleTimeoutSeconds ?? 60,
    ...(s.fetchTypes === false ? { fetch_types: false } : {}),
    connection: parameters,
  };
}

/**
 * A watch over a client's connections to `url` (see db/liveness.ts): its pings use a client of their
 * own made by `connect`, and may go unanswered for the connect timeout.
 */
export function watchConnections(
  url: string,
  connect: (options: Options<Record<string, never>>) => ProbeClient,
): Liveness {
  const target = connectionTarget(url);
  return createLiveness({
    address: target.address,
    answerWithinMs: target.connectTimeoutSeconds * 1000,
    connect: (watch) =>
      connect(
        clientOptions(url, {
          max: 1,
          applicationName: 'dugout liveness',
          idleTimeoutSeconds: 0,
          connectTimeoutSeconds: target.connectTimeoutSeconds,
          fetchTypes: false,
          watch,
        }),
      ),
  });
}

/** postgres.js's own backoff before a new connection after `retries` failed ones, seconds. */
function defaultBackoffSeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 20);
}

/**
 * postgres.js's socket with Nagle's algorithm off. A load sends its statements back to back (a
 * game's are pipelined); with Nagle on, a small message after a large one can wait for the
 * server's delayed ACK each time. Connects to the parsed hosts in turn as
 * postgres.js does (or to the Unix socket `host=/dir` names); its connect timeout still applies.
 * The socket carries its host and port, which postgres.js names in its connection errors (and
 * sends as the TLS server name), and so does a failed lookup's error.
 */
function noDelaySocket(
  watch: SocketWatch | undefined,
): (o: { host: string[]; port: number[]; path?: string | false }) => net.Socket {
  let next = 0;
  return (o) => {
    const i = next++ % Math.max(1, o.host.length);
    const host = o.path || (o.host[i] ?? 'localhost');
    const port = o.port[i] ?? 5432;
    const socket = o.path ? net.connect(o.path) : net.connect(port, host);
    socket.setNoDelay(true);
    Object.assign(socket, { host, port });
    socket.on('error', (err: NodeJS.ErrnoException & { address?: string; port?: number }) => {
      err.address ??= host;
      if (!o.path) err.port ??= port;
    });
    const lost = watch?.lost?.();
    // While the database is lost a new connection fails at once with why: as a socket that errs once
    // postgres.js listens to it (a factory that throws would leave its queued queries waiting).
    if (lost) setImmediate(() => socket.destroy(lost));
    else watch?.track(socket);
    return socket;
  };
}
