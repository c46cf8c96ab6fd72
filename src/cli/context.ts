import { type Config, loadConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger, type Logger } from '../logger.js';

/**
 * What a command needs, created lazily so that `--help` and usage errors never read the
 * environment or open a connection. Config is parsed once per process.
 */
export interface CliContext {
  config(): Config;
  log(): Logger;
  /** Open the database (once). With `migrate`, apply pending migrations first. */
  database(opts?: { migrate?: boolean }): Promise<Database>;
  /** Close whatever was opened. */
  close(): Promise<void>;
  /** Results go here (stdout). */
  out(text: string): void;
}

export function createCliContext(env: Record<string, string | undefined>, stdout = process.stdout): CliContext {
  let config: Config | undefined;
  let log: Logger | undefined;
  let database: Promise<Database> | undefined;
  let migrated = false;
  const ctx: CliContext = {
    config() {
      config ??= loadConfig(env);
      return config;
    },
    log() {
      log ??= createLogger(ctx.config());
      return log;
    },
    async database(opts = {}) {
      database ??= createDatabase(ctx.config(), { log: ctx.log() });
      const db = await database;
      if (opts.migrate && !migrated) {
        await runMigrations(db, ctx.config(), ctx.log());
        migrated = true;
      }
      return db;
    },
    async close() {
      if (database) {
        const db = await database.catch(() => undefined);
        await db?.close();
      }
      log?.flush?.();
    },
    out(text: string) {
      stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
  };
  return ctx;
}
