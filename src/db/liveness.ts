import type net from 'node:net';
import { DatabaseLostError } from '../errors.js';

/**
 * What a client's socket factory reports its sockets to (see db/adapter/postgres-options.ts): `lost`, when
 * given, says the database is lost, and a new socket is then failed at once with that error.
 */
export interface SocketWatch {
  lost?(): Error | undefined;
  track(socket: net.Socket): void;
}

/**
 * The open sockets of one postgres.js client. Its `end()` closes a connection politely (Terminate,
 * then a half-close) and waits for the server to close its side, which a server or network that
 * froze never does: {@link SocketSet.destroyAll} ends them for good.
 */
export interface SocketSet extends SocketWatch {
  destroyAll(err?: Error): void;
  readonly size: number;
}

export function createSocketSet(): SocketSet {
  const sockets = new Set<net.Socket>();
  return {
    track(socket) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    },
    destroyAll(err) {
      for (const s of sockets) s.destroy(err);
    },
    get size() {
      return sockets.size;
    },
  };
}

/** A postgres.js client as the liveness check uses one: a query, and its end. */
export interface ProbeClient {
  (strings: TemplateStringsArray): Promise<unknown>;
  end(opts: { timeout: number }): Promise<void>;
}

export interface LivenessOptions {
  /** Where the database is, for the error a lost database gives (`host:port`). */
  address: string;
  /**
   * How long the database may leave a ping unanswered, milliseconds: then it is lost. The connect
   * timeout: a database that cannot answer `select 1` in the time it has to accept a connection
   * is no more reachable than one that does not accept it.
   */
  answerWithinMs: number;
  /** A client of its own for the pings, its sockets reported to `watch` (made when the first ping is due). */
  connect: (watch: SocketWatch) => ProbeClient;
}

/**
 * The sockets of one postgres.js client, watched: while any is open, a ping on a connection of its
 * own runs every half of `answerWithinMs`. When a ping gets no answer in time the database is
 * lost: every socket is destroyed with a {@link DatabaseLostError}, which fails the statements
 * waiting on them (a server or network that froze would otherwise hold them forever: neither
 * `statement_timeout`, whose cancellation the server cannot send, nor TCP keepalive, which the
 * peer's kernel answers, ends that wait), and new connections fail with it at once until a ping
 * is answered again. An error the server answers with is an answer: only silence is loss.
 */
export interface Liveness extends SocketWatch {
  /** The {@link DatabaseLostError} while the database is lost, else undefined. */
  lost(): DatabaseLostError | undefined;
  /** Stop the pings, and destroy every socket still open (the client's own end first). */
  close(): Promise<void>;
}

export function createLiveness(opts: LivenessOptions): Liveness {
  const sockets = createSocketSet();
  const probeSockets = createSocketSet();
  let lost: DatabaseLostError | undefined;
  let probe: ProbeClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pinging = false;
  let closed = false;

  // Its end first (which fails the ping in flight, so nothing reconnects), then what is left open.
  const resetProbe = async () => {
    const p = probe;
    probe = undefined;
    await p?.end({ timeout: 0 }).catch(() => {});
    probeSockets.destroyAll();
  };

  async function ping(): Promise<void> {
    // Nothing to watch (the pool's connections closed when idle) and nothing to recover from.
    if (pinging || closed || (sockets.size === 0 && !lost)) return;
    pinging = true;
    let deadline: NodeJS.Timeout | undefined;
    try {
      probe ??= opts.connect(probeSockets);
      const answer = probe`select 1`.then(
        () => 'answered' as const,
        (err: unknown) => (silent(err) ? ('silent' as const) : ('answered' as const)),
      );
      const outcome = await Promise.race([
        answer,
        new Promise<'silent'>((resolve) => {
          deadline = setTimeout(() => resolve('silent'), opts.answerWithinMs);
          deadline.unref();
        }),
      ]);
      if (outcome === 'answered') {
        lost = undefined;
        return;
      }
      void resetProbe();
      if (!lost) {
        lost = new DatabaseLostError(opts.address, opts.answerWithinMs);
        sockets.destroyAll(lost);
      }
    } finally {
      clearTimeout(deadline);
      pinging = false;
    }
  }

  return {
    lost: () => lost,
    track(socket) {
      sockets.track(socket);
      if (!timer && !closed) {
        timer = setInterval(() => void ping(), Math.max(100, opts.answerWithinMs / 2));
        timer.unref();
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await resetProbe();
      sockets.destroyAll();
    },
  };
}

/**
 * Whether a failed ping means silence (no answer at all: the connect timeout, a connection that
 * timed out) rather than an answer (the server's own error, a refused connection).
 */
function silent(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'CONNECT_TIMEOUT' || code === 'ETIMEDOUT';
}
