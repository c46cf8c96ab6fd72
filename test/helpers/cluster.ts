import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** A throwaway PostgreSQL cluster a test can stop and start (never the shared server). */
export interface ThrowawayCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
  /** The server's log file. */
  logFile: string;
}

/** Whether this machine can run one: the server binaries, and `runuser` to run them as postgres when we are root. */
export function canRunThrowawayCluster(): boolean {
  return existsSync(`${BIN}/initdb`) && (process.getuid?.() !== 0 || existsSync('/usr/sbin/runuser'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Start a cluster of our own on a free port. With `password`, logins over TCP need a password
 * (scram-sha-256; the superuser `postgres` has this one), so password tests really check them.
 */
export async function startThrowawayCluster(opts: { password?: string } = {}): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dugout-cluster-'));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) =>
    execFileSync(
      root ? '/usr/sbin/runuser' : `${BIN}/${bin}`,
      root ? ['-u', 'postgres', '--', `${BIN}/${bin}`, ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const data = path.join(dir, 'data');
  if (opts.password) {
    const pwfile = path.join(dir, 'pwfile');
    writeFileSync(pwfile, `${opts.password}\n`, { mode: 0o644 });
    run('initdb', [
      '-D',
      data,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-U',
      'postgres',
      '--pwfile',
      pwfile,
      '--no-sync',
    ]);
  } else {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    logFile: path.join(dir, 'log'),
    url: `postgres://postgres${opts.password ? `:${encodeURIComponent(opts.password)}` : ''}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
