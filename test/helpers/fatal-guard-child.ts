// A one-shot command that crashes with an uncaught error while it still writes log lines (as a
// worker's heartbeat does when the database has gone away), and whose runs take 200 ms to mark
// failed. Run by test/unit/app/fatal-guard.test.ts in a process of its own: the guard exits it.
import type { Database } from '../../src/db/client.js';
import { installFatalGuard } from '../../src/app/fatal-guard.js';

setInterval(() => process.stderr.write('{"level":40,"msg":"worker heartbeat failed"}\n'), 5);
const database = { db: { execute: () => new Promise((resolve) => setTimeout(resolve, 200)) } };
installFatalGuard({ log: () => undefined, database: () => Promise.resolve(database as unknown as Database) });
setTimeout(() => {
  throw new Error('the server went away');
}, 20);
