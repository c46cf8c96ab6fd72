// Serves the site on loopback: the shells and assets, and each page's data computed on request.
import { createServer } from 'node:http';
import { BadRequest, checkParams, pageData, parseDataKey } from './pages.mjs';
import { ASSETS, asset, indexHtml, pageHtml } from './site.mjs';

const SECURITY_HEADERS = {
  // Nothing but this origin: a stray reference to another host fails in the browser, loudly.
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function startServer({ pages, source, host = '127.0.0.1', port = 0, log = () => {} }) {
  const server = createServer(async (req, res) => {
    const send = (status, type, body, extra = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...SECURITY_HEADERS, ...extra });
      res.end(body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'GET only\n');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const p = url.pathname;
      if (p === '/' || p === '/index.html') {
        return send(200, 'text/html; charset=utf-8', indexHtml(pages, { mode: 'live', source: source.describe }));
      }
      let m = /^\/([a-z_]+)\.html$/.exec(p);
      if (m && pages.has(m[1])) return send(200, 'text/html; charset=utf-8', pageHtml(pages, pages.get(m[1]), { mode: 'live' }));
      m = /^\/assets\/([a-z]+\.(?:js|css))$/.exec(p);
      if (m && ASSETS[m[1]]) return send(200, ASSETS[m[1]], asset(m[1]));
      m = /^\/data\/([a-z_]+)\/([A-Za-z0-9~_-]{1,120})\.json$/.exec(p);
      if (m && pages.has(m[1])) {
        const page = pages.get(m[1]);
        const params = checkParams(page, parseDataKey(m[2]));
        const started = performance.now();
        const data = await pageData(source, page, params);
        log(`${m[1]} ${m[2]}: ${(performance.now() - started).toFixed(0)} ms`);
        return send(200, 'application/json; charset=utf-8', JSON.stringify(data));
      }
      return send(404, 'text/plain; charset=utf-8', 'not found\n');
    } catch (err) {
      if (err instanceof BadRequest) return send(400, 'text/plain; charset=utf-8', `${err.message}\n`);
      log(`error: ${err?.message ?? err}`);
      return send(500, 'text/plain; charset=utf-8', `${String(err?.message ?? err).split('\n')[0]}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({
        url: `http://${host}:${addr.port}/`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
        server,
      });
    });
  });
}
