/**
 * Start a simulator server from a script (`scripts/bench-sim.ts`); the `dugout sim` command parses
 * its flags with commander. Importing this module starts nothing.
 */

import { createSimulator } from './index.js';

export interface RunSimArgs {
  port?: number;
  host?: string;
  seed?: number;
  season?: number;
  now?: string;
}

/**
 * Starts a simulator server and prints one line `sim listening <url>` on stdout. Resolves with a
 * close function (the process keeps running while the server is open).
 */
export async function runSim(args: RunSimArgs, write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {
  const sim = createSimulator({ seed: args.seed, season: args.season, now: args.now ? new Date(args.now) : undefined });
  const server = await sim.listen(args.port ?? 0, args.host ?? '127.0.0.1');
  write(`sim listening ${server.url} seed=${args.seed ?? 1} season=${sim.season} now=${sim.now().toISOString()}`);
  return { sim, ...server };
}
