import { createConfiguredClient } from '../../src/app/client.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { createSilentLogger } from '../../src/logger.js';
import type { RunDeps } from '../../src/pipeline/run.js';
import { createSimulator, type SimOptions, type Simulator } from '../../src/sim/index.js';

export interface SimHarness {
  sim: Simulator;
  url: string;
  close(): Promise<void>;
}

/** A simulator served over real HTTP on a free loopback port. */
export async function startSim(options: SimOptions = {}): Promise<SimHarness> {
  const sim = createSimulator(options);
  const server = await sim.listen(0, '127.0.0.1');
  return { sim, url: server.url, close: () => server.close() };
}

/** Engine dependencies against a simulator: a fast queue (no politeness needed on loopback), quick retries. */
export function runDeps(
  database: Database,
  sim: SimHarness,
  overrides: Partial<Config> = {},
  extra: Partial<RunDeps> = {},
): RunDeps {
  const config: Config = { ...loadConfig({ STATSAPI_BASE_URL: sim.url }), maxRps: 500, concurrency: 6, ...overrides };
  const log = createSilentLogger();
  const client = createConfiguredClient(config, log, { baseDelayMs: 20, maxDelayMs: 200, defaultPauseMs: 50 });
  return { database, client, config, log, now: () => sim.sim.now(), ...extra };
}

/** The first regular-season date of the simulated season. */
export function firstRegularDate(sim: Simulator): string {
  return sim
    .listGames()
    .filter((g) => g.gameType === 'R')
    .map((g) => g.officialDate)
    .sort()[0]!;
}

/** YYYY-MM-DD shifted by days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
