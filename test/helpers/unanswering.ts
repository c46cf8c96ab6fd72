import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A local address a database URL can point at, and how to take it down. */
export interface Unanswering {
  port: number;
  close(): Promise<void>;
}

/**
 * A port on 127.0.0.1 that never completes a TCP handshake: a listening socket whose accept queue
 * is full (a child process listens with a backlog of 1 and never runs its event loop again, so it
 * never accepts; the queue is then filled here), so the kernel drops every further SYN, as for a
 * host whose route is gone.
 */
export async function startFullBacklogPort(): Promise<Unanswering> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:net').createServer();
       s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
         process.stdout.write(String(s.address().port) + '\\n', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
       });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`the listener exited (${code})`)));
  });
  // Fill the queue: connections complete until it is full; the first that does not, stays pending.
  const held: net.Socket[] = [];
  for (let i = 0; i < 16; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    held.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 500);
    });
    if (!connected) break;
  }
  return {
    port,
    async close() {
      for (const s of held) s.destroy();
      child.kill('SIGKILL');
    },
  };
}

/** A server on 127.0.0.1 that accepts connections and reads them, and never writes a byte. */
export async function startSilentServer(): Promise<Unanswering> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP proxy to a real server that can stop passing bytes on, in both directions, keeping every connection open. */
export interface FreezingProxy extends Unanswering {
  /** From now on nothing is passed on, on old connections or new ones (which are accepted). */
  freeze(): void;
  /** Pass bytes on again (what was held back is delivered). */
  thaw(): void;
}

export async function startFreezingProxy(target: { host: string; port: number }): Promise<FreezingProxy> {
  let frozen = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    // Passed on by hand, not piped: a pipe would resume a paused socket when the other drains.
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    // Paused sockets are not read: what the other side sends waits in the kernel's buffers.
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const p of pairs) {
        p.client.pause();
        p.upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const p of pairs) {
        p.client.resume();
        p.upstream.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of pairs) {
          p.client.destroy();
          p.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
