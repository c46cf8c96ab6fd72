import { withTimeout } from '../deadline.js';
import { type Config, loadConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { assertSchemaCurrent, runMigrations } from '../db/migrate.js';
import { createLogger, type Logger } from '../logger.js';

/**
 * What a command needs, created lazily so that `--help` and usage errors never read the
 * environment or open a connection. Config is parsed once per process.
 */
export interface AppContext {
  config(): Config;
  log(): Logger;
  /**
   * Open the database (once). With `migrate`, apply pending migrations first; with
   * `requireCurrent` (the reading commands, which never migrate Postgres so a read-only role can
   * run them), fail with one line naming `dugout migrate` when the schema is behind; PGlite,
   * owned by its only user, is migrated instead.
   */
  database(opts?: { migrate?: boolean; requireCurrent?: boolean }): Promise<Database>;
  /** The database if a command opened it (never opens one). */
  openedDatabase(): Promise<Database> | undefined;
  /** The process guard for uncaught errors, when main installed one (the daemon sets keepAlive). */
  guard?: { keepAlive: boolean };
  /** Close whatever was opened. */
  close(): Promise<void>;
  /** Results go here (stdout). */
  out(text: string): void;
  /** The command being run (set before its action): the logger is quieter on a terminal for one-shot commands. */
  command?: string;
}

export function createAppContext(env: Record<string, string | undefined>, stdout = process.stdout): AppContext {
  let config: Config | undefined;
  let log: Logger | undefined;
  let database: Promise<Database> | undefined;
  let migrated = false;
  const ctx: AppContext = {
    config() {
      config ??= loadConfig(env);
      return config;
    },
    log() {
      log ??= createLogger(ctx.config(), undefined, undefined, ctx.command);
      return log;
    },
    async database(opts = {}) {
      database ??= createDatabase(ctx.config(), { log: ctx.log() });
      const db = await database;
      // The embedded database has one user who owns it: reading commands migrate it too.
      if ((opts.migrate || (opts.requireCurrent && db.kind === 'pglite')) && !migrated) {
        await runMigrations(db, ctx.log());
        migrated = true;
      } else if (opts.requireCurrent && !migrated) {
        await assertSchemaCurrent(db);
      }
      return db;
    },
    openedDatabase() {
      return database;
    },
    async close() {
      if (database) {
        const db = await database.catch(() => undefined);
        // The driver's own close waits at most 5 s for queries in flight; never longer than that here.
        if (db) await withTimeout(db.close(), 6_000);
      }
      log?.flush?.();
    },
    out(text: string) {
      stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
  };
  return ctx;
}
