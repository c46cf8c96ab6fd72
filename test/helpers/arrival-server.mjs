// A Stats API stand-in in its own process, so that arrival times are stamped by a server whose
// event loop is not the client's (as with the real API). Started by arrival-server.ts.
// argv[2]: JSON { failEvery, maxDelayMs, tooManyAt, retryAfterS, upstream } (all optional).
// With `upstream` (an origin) it answers nothing itself: it stamps each arrival and forwards the
// request there unchanged, so a simulator in a busy test process can serve while this one clocks.
import { Agent, createServer, request } from 'node:http';

const opts = JSON.parse(process.argv[2] ?? '{}');
const seen = [];
const failed = new Set();
const now = () => performance.timeOrigin + performance.now();
const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (url === '/__seen') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    return;
  }
  const entry = { url, at: now(), doneAt: undefined, status: 200 };
  const index = seen.push(entry) - 1;
  res.on('close', () => {
    entry.doneAt = now();
  });
  if (opts.upstream) {
    forward(req, res, entry);
    return;
  }
  const game = Number(/game\/(\d+)/.exec(url)?.[1]);
  if (opts.tooManyAt === index) {
    entry.status = 429;
    res.writeHead(429, { 'retry-after': String(opts.retryAfterS ?? 1) }).end('{}');
    return;
  }
  if (opts.failEvery && game % opts.failEvery === 0 && !failed.has(url)) {
    failed.add(url);
    entry.status = 500;
    res.writeHead(500).end('{}');
    return;
  }
  const delay = opts.fixedDelayMs ?? Math.floor(Math.random() * (opts.maxDelayMs ?? 0));
  setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"copyright":"test"}'), delay);
});
const agent = new Agent({ keepAlive: true });
function forward(req, res, entry) {
  const target = new URL(req.url ?? '/', opts.upstream);
  const headers = { ...req.headers, host: target.host };
  const upstream = request(target, { method: req.method, headers, agent }, (answer) => {
    entry.status = answer.statusCode ?? 502;
    res.writeHead(entry.status, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    entry.status = 502;
    if (!res.headersSent) res.writeHead(502).end('{}');
    else res.destroy();
  });
  req.pipe(upstream);
}

server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('disconnect', () => process.exit(0));
