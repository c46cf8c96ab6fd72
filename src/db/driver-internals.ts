import type { Writable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';

/*
 * The places where dugout reaches under its database libraries' public API, all here, each pinned
 * by test/integration/foundation/driver-internals.test.ts: a library upgrade that changes one of
 * them fails that test rather than a load.
 *
 * - drizzle's `session` (not public): the driver's own client under a database or transaction
 *   (COPY needs the driver), and its `prepareQuery`, which names a statement so postgres.js
 *   prepares it (drizzle's `execute` never does).
 * - postgres.js's `query.reject` (not public): postgres.js 3.4 settles a COPY query with its
 *   stream, so a server error after the last CopyData reaches only that settled promise; wrapping
 *   the query's own `reject` is the only way to see it.
 */

/** The driver's client under a drizzle database or transaction (its private `session.client`). */
export function driverClient(db: object): unknown {
  return (db as { session?: { client?: unknown } }).session?.client;
}

/**
 * Run `query` as a named prepared statement through drizzle's private session: postgres.js keeps
 * it by its text on the connection, so its next run there is one round trip and the server neither
 * parses nor plans its text again; PGlite ignores the name. Undefined when `db` has no session.
 */
export function executeNamed(db: object, query: SQL): Promise<unknown> | undefined {
  const d = db as Partial<{ session: PgSession; dialect: PgDialect }>;
  if (!d.session || !d.dialect) return undefined;
  return d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, 'dugout', false).execute();
}

/** A postgres.js `COPY … FROM STDIN` query: its stream, and its own settle function. */
export interface StreamCopyQuery extends PromiseLike<unknown> {
  writable(): Promise<Writable>;
  reject: (err: unknown) => void;
}

/**
 * A promise rejected with the server's error when it refuses a COPY, which postgres.js would
 * otherwise only hand to the query's already settled promise; it never resolves, and is observed
 * here so that a COPY that succeeds leaves no unhandled rejection behind.
 */
export function serverRefusal(query: StreamCopyQuery): Promise<never> {
  const refused = new Promise<never>((_, reject) => {
    const settle = query.reject;
    query.reject = (err: unknown) => {
      reject(err);
      settle(err);
    };
  });
  refused.catch(() => {});
  return refused;
}
