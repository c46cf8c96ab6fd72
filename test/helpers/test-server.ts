import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createSimulator } from '../../src/sim/index.js';

let goldens: Map<string, string> | undefined;

/**
 * A body of our own simulator (seed 1, deterministic), e.g. `golden('boxscore.json')` (a final
 * regular-season game), `golden('errors/404.json')`, `golden('errors/500.json')`: rendered here, so
 * these tests run anywhere without recorded bodies and nothing recorded is committed.
 */
export function golden(name: string): string {
  if (!goldens) {
    const sim = createSimulator({ seed: 1 });
    const final = sim.listGames().find((g) => g.gameType === 'R' && g.codedGameState === 'F');
    if (!final) throw new Error('the simulated season has no final regular-season game');
    sim.setFaults({ scripted: [{ pathIncludes: '/v1/game/2/boxscore', fault: '500' }] });
    const body = (path: string, status: number) => {
      const r = sim.render(path);
      if (r.status !== status) throw new Error(`${path}: HTTP ${r.status}, expected ${status}`);
      return r.text;
    };
    goldens = new Map([
      ['boxscore.json', body(`/api/v1/game/${final.gamePk}/boxscore`, 200)],
      ['errors/404.json', body('/api/v1/game/1/boxscore', 404)],
      ['errors/500.json', body('/api/v1/game/2/boxscore', 500)],
    ]);
  }
  const text = goldens.get(name);
  if (text === undefined) throw new Error(`no golden body ${name}`);
  return text;
}

/** What the server does with one request. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** gzip the body when the client accepts it (default true). */
  gzip?: boolean;
  /** Wait before answering, milliseconds. */
  delayMs?: number;
  /** Never answer (the client must time out or abort). */
  hang?: boolean;
  /** Send the headers (with the full Content-Length) and this many body bytes, then cut the connection. */
  cutAfterBytes?: number;
  /** Send the headers, then stall forever before the body. */
  stallBody?: boolean;
}

export interface SeenRequest {
  url: string;
  headers: IncomingMessage['headers'];
  /** performance.now() when the request arrived. */
  at: number;
  /** performance.now() when the response ended or the connection closed. */
  doneAt?: number;
  status?: number;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>/api` — the base URL to give the client. */
  baseUrl: string;
  seen: SeenRequest[];
  /** Replace the handler; it receives the path and query after `/api` and the index of the request. */
  handle(fn: (pathAndQuery: string, index: number) => Reply | Promise<Reply>): void;
  close(): Promise<void>;
}

/** Start an HTTP server on 127.0.0.1 (a free port) that answers as the handler says. */
export async function startTestServer(
  fn: (pathAndQuery: string, index: number) => Reply | Promise<Reply> = () => ({ body: '{}' }),
) {
  let handler = fn;
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const entry: SeenRequest = { url: req.url ?? '', headers: req.headers, at: performance.now() };
    const index = seen.push(entry) - 1;
    res.on('close', () => {
      entry.doneAt = performance.now();
    });
    void answer(req, res, entry, index);
  });
  async function answer(req: IncomingMessage, res: ServerResponse, entry: SeenRequest, index: number) {
    const reply = await handler(entry.url.replace(/^\/api/, ''), index);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.hang) return;
    const status = reply.status ?? 200;
    entry.status = status;
    let payload: Buffer = Buffer.from(reply.body ?? '', 'utf8');
    const headers: Record<string, string> = { 'content-type': 'application/json;charset=UTF-8', ...reply.headers };
    if ((reply.gzip ?? true) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      payload = gzipSync(payload);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(payload.length);
    res.writeHead(status, headers);
    if (reply.stallBody) {
      res.flushHeaders();
      return;
    }
    if (reply.cutAfterBytes !== undefined) {
      res.write(payload.subarray(0, reply.cutAfterBytes), () => res.destroy());
      return;
    }
    res.end(payload);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api: TestServer = {
    baseUrl: `http://127.0.0.1:${port}/api`,
    seen,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
