import { closeSync, constants, fchmodSync, fstatSync, ftruncateSync, lstatSync, openSync, writeSync } from 'node:fs';
import { UsageError } from '../errors.js';

/**
 * Refuse, before anything is done, a path that a secret must not be written to: a symbolic link
 * (the secret would land wherever it points), anything but a regular file, a file of another user,
 * or one that its group or others may read or write (it may already have been copied, or be
 * replaced under us). A path that does not exist yet is fine.
 */
export function assertPrivatePath(path: string, flag: string): void {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`${flag} ${path}: ${(err as NodeJS.ErrnoException).code ?? 'cannot be read'}`);
  }
  if (st.isSymbolicLink())
    throw new UsageError(`${flag} ${path} is a symbolic link: refusing to write a secret through it`);
  if (!st.isFile()) throw new UsageError(`${flag} ${path} is not a regular file`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
    throw new UsageError(`${flag} ${path} belongs to another user: refusing to overwrite it`);
  }
  if ((st.mode & 0o077) !== 0) {
    throw new UsageError(
      `${flag} ${path} is readable or writable by others (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}): remove it or chmod 600 it first`,
    );
  }
}

/**
 * Write `text` to `path` readable and writable by its user only (mode 0600): created so, never
 * through a symbolic link (O_NOFOLLOW), and checked again once open.
 */
export function writePrivateFile(path: string, text: string, flag: string): void {
  assertPrivatePath(path, flag);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ELOOP'
        ? `${flag} ${path} is a symbolic link: refusing to write a secret through it`
        : `cannot write ${flag} ${path}: ${code ?? 'error'}`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`${flag} ${path} is not a regular file`);
    fchmodSync(fd, 0o600);
    // Truncated only once it is known to be ours and private.
    const data = Buffer.from(text, 'utf8');
    ftruncateSync(fd, 0);
    let written = 0;
    while (written < data.length) written += writeSync(fd, data, written, data.length - written, written);
  } finally {
    closeSync(fd);
  }
}
