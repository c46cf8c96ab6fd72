#!/usr/bin/env node
// Entry point: runs the TypeScript sources, compiled on first use into a cached bundle (see
// bundle.mjs), so a clean clone needs no build step after `npm install`.
import { fileURLToPath } from 'node:url';
import { loadMain } from './bundle.mjs';
import { watchLauncher } from './launcher-watch.mjs';

// Under npx/npm a supervisor's SIGTERM reaches npm, not this process (launcher-watch.mjs).
watchLauncher(() => {
  process.stderr.write('dugout: the npm process that started this one is gone; stopping as on SIGTERM\n');
  process.kill(process.pid, 'SIGTERM');
});
const main = await loadMain(fileURLToPath(new URL('..', import.meta.url)));
process.exitCode = await main(process.argv);
// Everything is closed by now; a socket a driver failed to release (seen after a database outage)
// must not keep a finished command, or a daemon told to stop, alive.
setTimeout(() => {
  process.stderr.write('dugout: a connection was still open 5 s after the command ended; exiting\n');
  process.exit();
}, 5_000).unref();
