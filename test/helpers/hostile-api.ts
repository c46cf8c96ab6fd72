import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** What the hostile server sends instead of the simulator's body for a path. */
export type HostileReply =
  /** `bytes` of JSON-ish filler, streamed as the client reads (never held here), with or without a Content-Length. */
  | { kind: 'huge'; bytes: number; declareLength: boolean }
  /** A small gzip body (concatenated gzip members of blanks) that inflates to `inflatedBytes`. */
  | { kind: 'gzipBomb'; inflatedBytes: number }
  /** The simulator's body with `"deep": [[[…]]]` nested `depth` levels added at its top level. */
  | { kind: 'deep'; depth: number }
  /** The simulator's body with `"pad": [[], [], …]` of `items` empty arrays added (small text, a big parsed tree). */
  | { kind: 'padded'; items: number }
  /** This body as it is (uncompressed), with or without (chunked) a Content-Length. */
  | { kind: 'literal'; body: string; declareLength: boolean };

export interface HostileApi {
  /** The base URL (`…/api`) to give dugout. */
  url: string;
  /** Body bytes written for each hostile request, in the order they came, by path. */
  sent: Array<{ path: string; bytes: number }>;
  close(): Promise<void>;
}

const MEMBER_BYTES = 16 << 20;
let member: Buffer | undefined;

/** A gzip body of `inflatedBytes` (rounded up to 16 MiB) of blanks: one small member repeated. */
export function gzipBomb(inflatedBytes: number): Buffer {
  member ??= gzipSync(Buffer.alloc(MEMBER_BYTES, 0x20), { level: 9 });
  return Buffer.concat(Array(Math.ceil(inflatedBytes / MEMBER_BYTES)).fill(member));
}

/**
 * A real HTTP server on 127.0.0.1 in front of the simulator at `targetUrl` (…/api): every request is
 * passed through, except those whose path `pick` gives a hostile reply for.
 */
export async function startHostileApi(
  targetUrl: string,
  pick: (path: string) => HostileReply | undefined,
): Promise<HostileApi> {
  const target = new URL(targetUrl);
  const sent: HostileApi['sent'] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api/, '');
    const hostile = pick(path);
    if (!hostile) {
      const upstream = request(
        { host: target.hostname, port: target.port, path: `${target.pathname}${path}`, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end();
      return;
    }
    const entry = { path, bytes: 0 };
    sent.push(entry);
    if (hostile.kind === 'huge') return streamFiller(res, hostile.bytes, hostile.declareLength, entry);
    if (hostile.kind === 'literal') {
      const body = Buffer.from(hostile.body);
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(hostile.declareLength ? { 'content-length': body.length } : {}),
      });
      entry.bytes = body.length;
      res.end(body);
      return;
    }
    if (hostile.kind === 'gzipBomb') {
      const body = gzipBomb(hostile.inflatedBytes);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      entry.bytes = body.length;
      res.end(body);
      return;
    }
    fetch(`${target.origin}${target.pathname}${path}`)
      .then((r) => r.text())
      .then((text) => {
        const added =
          hostile.kind === 'deep'
            ? `"deep":${'['.repeat(hostile.depth)}${']'.repeat(hostile.depth)}`
            : `"pad":[${'[],'.repeat(hostile.items - 1)}[]]`;
        const body = Buffer.from(text.replace(/\}\s*$/, `,${added}}`));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
        entry.bytes = body.length;
        res.end(body);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `bytes` of `{"pad":"xxxx…` written as fast as the client takes them, until done or it hangs up. */
function streamFiller(res: ServerResponse, bytes: number, declareLength: boolean, entry: { bytes: number }): void {
  const chunk = Buffer.alloc(64 << 10, 0x78);
  chunk.write('{"pad":"');
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declareLength ? { 'content-length': bytes } : {}),
  });
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const pump = () => {
    while (!closed && entry.bytes < bytes) {
      const n = Math.min(chunk.length, bytes - entry.bytes);
      entry.bytes += n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once('drain', pump);
    }
    if (!closed) res.end();
  };
  pump();
}
