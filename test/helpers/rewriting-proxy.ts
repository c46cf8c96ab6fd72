import { createServer, type Server } from 'node:http';

/** A rewrite of one JSON body: return the body to serve (mutate and return it, or a new one). */
export type Rewrite = (path: string, body: unknown) => unknown;

/**
 * A real HTTP server in front of the simulator that serves its bodies, rewritten by `rewrite` —
 * how a test gets a hostile value into a body the pipeline fetches over the network.
 */
export async function startRewritingProxy(
  targetUrl: string,
  rewrite: Rewrite,
): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(targetUrl); // …/api
  const server: Server = createServer(async (req, res) => {
    try {
      const path = (req.url ?? '/').replace(/^\/api/, '');
      const upstream = await fetch(`${target.origin}${target.pathname}${path}`);
      const text = await upstream.text();
      let out = text;
      if (upstream.status === 200) {
        const body = JSON.parse(text);
        out = JSON.stringify(rewrite(path, body));
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(out);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
