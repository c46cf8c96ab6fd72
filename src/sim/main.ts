/**
 * Command-line entry of the simulator (`dugout sim --port P --seed S [--season Y] [--now ISO]`).
 * The CLI command (and the benchmark) call `runSim`; importing this module starts nothing.
 */

import { createSimulator } from './index.js';

export interface RunSimArgs {
  port?: number;
  host?: string;
  seed?: number;
  season?: number;
  now?: string;
}

/** Parses `--port 8080 --seed 7 --season 2025 --now 2025-06-01T20:00:00Z --host 0.0.0.0`. */
export function parseSimArgs(argv: readonly string[]): RunSimArgs {
  const out: RunSimArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[i + 1];
    const take = () => {
      if (inline === undefined) i++;
      return value;
    };
    if (flag === '--port') out.port = Number(take());
    else if (flag === '--host') out.host = take();
    else if (flag === '--seed') out.seed = Number(take());
    else if (flag === '--season') out.season = Number(take());
    else if (flag === '--now') out.now = take();
  }
  return out;
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
