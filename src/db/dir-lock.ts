import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { LockHeldError } from '../errors.js';
import { isProcessAlive } from '../process-alive.js';

export interface DirLock {
  readonly path: string;
  release(): void;
}

/**
 * Take an exclusive lock file `<dir>.lock` for an embedded database directory. PGlite has no
 * cross-process lock and two processes on one directory corrupt it, so a second dugout process
 * fails at once naming the holder. A lock left by a dead process (same host, PID gone) is taken over.
 * The lock file appears whole: it is written under a private name and then hard-linked into place
 * (which fails if the lock exists), so a second process never reads a half-written holder.
 */
export function acquireDirLock(
  dir: string,
  inUse: (who: string) => string = (who) =>
    `the embedded database ${dir} is in use by ${who}; stop it first, or set DATABASE_URL to use Postgres`,
): DirLock {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const draft = `${lockPath}.${process.pid}`;
    try {
      writeFileSync(draft, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      try {
        linkSync(draft, lockPath);
      } finally {
        unlinkSync(draft);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const holder = readHolder(lockPath);
          if (holder?.pid === process.pid) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { path: lockPath, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(lockPath);
      if (holder && holder.host === hostname() && !isProcessAlive(holder.pid)) {
        try {
          unlinkSync(lockPath);
        } catch {
          // another process took it over first; the next attempt reports it
        }
        continue;
      }
      const who = holder ? `process ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process';
      throw new LockHeldError(inUse(who), { lockPath, holder });
    }
  }
  throw new LockHeldError(`could not take the lock ${lockPath}`, { lockPath });
}

function readHolder(lockPath: string): { pid: number; host: string; since: string } | undefined {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8'));
  } catch {
    return undefined;
  }
}
