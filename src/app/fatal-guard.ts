import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { describeError } from '../errors.js';
import type { Database } from '../db/client.js';
import { failProcessRuns } from '../db/queries/runs.js';

/**
 * A process-level guard for errors no promise catches — e.g. postgres.js 3.4.9 throwing
 * `Cannot read properties of null (reading 'write')` from a socket callback when the server stops
 * mid-query. A one-shot command then ends as a failed run: the cause in one line on stderr, the
 * runs this process has open marked `failed` when the database answers (else their heartbeat
 * lapses and the next run closes them), exit 1. The daemon (`keepAlive`) logs it and lives on:
 * its next tick runs against the database once it is back.
 */
export interface FatalGuard {
  /** The daemon survives uncaught driver errors. */
  keepAlive: boolean;
  uninstall(): void;
}

export function installFatalGuard(opts: {
  log: () => Logger | undefined;
  database: () => Promise<Database> | undefined;
  host?: () => string | undefined;
}): FatalGuard {
  let handling = false;
  const guard: FatalGuard = {
    keepAlive: false,
    uninstall() {
      process.off('uncaughtException', onFatal);
      process.off('unhandledRejection', onFatal);
    },
  };
  function onFatal(err: unknown): void {
    const line = driverCrash(err)
      ? `lost the database connection mid-query (driver: ${describeError(err)})`
      : describeError(err);
    if (handling) return; // already on the way out: the one line is written
    try {
      opts.log()?.error({ err }, guard.keepAlive ? 'uncaught error; the daemon carries on' : 'uncaught error');
    } catch {
      // the logger may be what failed
    }
    if (guard.keepAlive) return;
    handling = true;
    // The line ends stderr: it is written as the process exits (stderr writes are synchronous on
    // Linux), since until then the command may still log (its heartbeat failing, say) while its
    // runs are marked failed.
    process.once('exit', () => process.stderr.write(`dugout: ${line}\n`));
    const exit = () => process.exit(1);
    setTimeout(exit, 3_000).unref();
    markOpenRunsFailed(opts.database(), opts.host?.() ?? hostname(), line).finally(exit);
  }
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  return guard;
}

async function markOpenRunsFailed(database: Promise<Database> | undefined, host: string, error: string): Promise<void> {
  if (!database) return;
  try {
    const db = await database;
    await failProcessRuns(db.db, host, process.pid, error);
  } catch {
    // the database is away: the heartbeat lapses and the next run marks these runs interrupted
  }
}

/** The postgres.js socket bug: a TypeError thrown from its connection code when the server went away. */
function driverCrash(err: unknown): boolean {
  return err instanceof TypeError && /node_modules[\\/]postgres[\\/]/.test(err.stack ?? '');
}
