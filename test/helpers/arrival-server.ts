import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Arrival {
  url: string;
  /** Epoch milliseconds (high resolution) when the server saw the request. */
  at: number;
  /** When the response ended or the connection closed. */
  doneAt?: number;
  status: number;
}

export interface ArrivalServerOptions {
  /** The first attempt of every `failEvery`-th game gets a 500. */
  failEvery?: number;
  /** Answer after a random 0…maxDelayMs. */
  maxDelayMs?: number;
  /** Answer after exactly this long (overrides maxDelayMs). */
  fixedDelayMs?: number;
  /** The request with this index gets a 429 with `Retry-After: retryAfterS`. */
  tooManyAt?: number;
  retryAfterS?: number;
  /** Forward every request to this base URL (e.g. a simulator's) and only stamp the arrivals. */
  upstream?: string;
}

export type ArrivalServer = Awaited<ReturnType<typeof startArrivalServer>>;

/** Start `arrival-server.mjs` in a child process; `seen()` fetches what it saw. */
export async function startArrivalServer(opts: ArrivalServerOptions = {}) {
  const upstream = opts.upstream === undefined ? undefined : new URL(opts.upstream);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./arrival-server.mjs', import.meta.url)),
      JSON.stringify({ ...opts, upstream: upstream?.origin }),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}${upstream?.pathname ?? '/api'}`,
    async seen(): Promise<Arrival[]> {
      return (await (await fetch(`${origin}/__seen`)).json()) as Arrival[];
    },
    close(): void {
      child.kill();
    },
  };
}
