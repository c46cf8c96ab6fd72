#!/usr/bin/env node
// Entry point: runs the TypeScript sources directly through tsx, so a clean clone
// needs no build step after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
// Everything is closed by now; a socket a driver failed to release (seen after a database outage)
// must not keep a finished command, or a daemon told to stop, alive.
setTimeout(() => {
  process.stderr.write('dugout: a connection was still open 5 s after the command ended; exiting\n');
  process.exit();
}, 5_000).unref();
