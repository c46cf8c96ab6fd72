import { createSimulator, type SimOptions, type Simulator } from '../../src/sim/index.js';

export interface RunningSim {
  sim: Simulator;
  url: string;
  /** GET a path under /api and parse the JSON body. */
  // biome-ignore lint/suspicious/noExplicitAny: test code walks untyped JSON bodies
  json<T = any>(path: string): Promise<T>;
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Starts a simulator on a free loopback port. */
export async function startSim(options: SimOptions = {}): Promise<RunningSim> {
  const sim = createSimulator(options);
  const server = await sim.listen();
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  return {
    sim,
    url: server.url,
    get,
    async json(path) {
      const res = await get(path);
      if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}: ${await res.text()}`);
      return (await res.json()) as never;
    },
    close: server.close,
  };
}
