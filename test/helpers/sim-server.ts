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

/** Connection errors of a reused keep-alive connection that the other end had just closed. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, sent once more when the connection it reused was closed under it. The simulator's server
 * closes a keep-alive connection after 5 s idle, and on a loaded machine a request sometimes left on
 * one just as it closed (`fetch failed`, ECONNRESET). These are reads (GET), so a repeat is safe; the
 * loader's own client retries such errors the same way.
 */
async function fetchRetryingReset(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code !== 'string' || !RESET_CODES.has(code) || (init?.method && init.method !== 'GET')) throw err;
    return fetch(url, init);
  }
}

/** Starts a simulator on a free loopback port. */
export async function startSim(options: SimOptions = {}): Promise<RunningSim> {
  const sim = createSimulator(options);
  const server = await sim.listen();
  const get = (path: string, init?: RequestInit) => fetchRetryingReset(`${server.url}${path}`, init);
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
