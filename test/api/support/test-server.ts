import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Bodies our simulator produced (scripts/generate-goldens.ts), committed so these tests run anywhere. */
const GOLDENS_DIR = fileURLToPath(new URL('../../goldens/', import.meta.url));

/** A golden body's exact text, e.g. `golden('boxscore.json')`, `golden('errors/404.json')`. */
export function golden(relativePath: string): string {
  return readFileSync(`${GOLDENS_DIR}${relativePath}`, 'utf8');
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
export async function startTestServer(fn: (pathAndQuery: string, index: number) => Reply | Promise<Reply> = () => ({ body: '{}' })) {
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
