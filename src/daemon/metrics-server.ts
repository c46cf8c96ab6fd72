import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

export interface Health {
  ok: boolean;
  /** Why not, in one line (e.g. "database: connection refused"). */
  reason?: string;
}

/**
 * Serve `/metrics` (Prometheus text format) and `/healthz` (200 `ok`, or 503 with the reason) on
 * `port`. Resolves once listening; `close()` stops it.
 */
export async function startMetricsServer(opts: {
  port: number;
  host?: string;
  registry: Registry;
  health: () => Promise<Health>;
  log: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method !== 'GET') return reply(405, 'text/plain', 'GET only\n');
    if (path === '/metrics') {
      opts.registry
        .metrics()
        .then((text) => reply(200, opts.registry.contentType, text))
        .catch((err: Error) => reply(500, 'text/plain', `metrics unavailable: ${err.message.split('\n')[0]}\n`));
      return;
    }
    if (path === '/healthz') {
      opts
        .health()
        .then((h) => reply(h.ok ? 200 : 503, 'text/plain', h.ok ? 'ok\n' : `unhealthy: ${h.reason ?? 'unknown'}\n`))
        .catch((err: Error) => reply(503, 'text/plain', `unhealthy: ${err.message.split('\n')[0]}\n`));
      return;
    }
    reply(404, 'text/plain', 'not found: /metrics or /healthz\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info({ port }, 'metrics and health endpoints listening (/metrics, /healthz)');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
